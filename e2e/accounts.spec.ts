import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser';
import { E2E_SAX_PASSWORD } from './support/global-setup';

const session = useBrowser();

async function openAuthDialog(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Acceso a Holgura' });
  await dialog.getByRole('tab', { name: 'SAX' }).waitFor();
  return dialog;
}

async function openUserMenuItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name, exact: true }).click();
}

describe('accounts', () => {
  it('signs up, then signs in, edits the profile and signs out everywhere', async () => {
    const page = await session.newPage();
    await page.goto(`${session.baseUrl}/`);
    const dialog = await openAuthDialog(page);
    await dialog.getByRole('tab', { name: 'Holgura' }).click();
    await dialog.getByRole('tab', { name: 'Registrarse' }).click();
    await dialog.getByLabel('Nombre').fill('Ana');
    await dialog.getByLabel('Apellido').fill('Pérez');
    await dialog.getByLabel('Correo electrónico').fill('ana.e2e@example.co');
    await dialog.getByLabel('Empresa').fill('Operador de Red');
    await dialog.getByLabel('Contraseña').fill('una-clave-segura');
    await saveScreenshot(page, 'accounts-sign-up-form');
    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();

    await page.getByText('Registro exitoso').waitFor();
    await page.getByText('Tu cuenta fue creada. Ya puedes iniciar sesión.').waitFor();
    expect(await dialog.getByLabel('Correo electrónico').inputValue()).toBe('ana.e2e@example.co');
    expect(await page.getByTestId('user-name').count()).toBe(0);

    await dialog.getByLabel('Contraseña').fill('una-clave-segura');
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Sesión iniciada', { exact: true }).waitFor();
    await page.getByTestId('user-name').getByText('Ana Pérez').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /Pruebalo ahora/ }).waitFor();
    await saveScreenshot(page, 'accounts-signed-in');

    // Profile: email read-only, company saved trimmed.
    await openUserMenuItem(page, 'Editar perfil');
    const profile = page.getByRole('dialog', { name: 'Editar perfil' });
    const company = profile.getByLabel('Empresa');
    await company.waitFor();
    expect(await company.inputValue()).toBe('Operador de Red');
    expect(await profile.getByLabel('Correo electrónico').getAttribute('readonly')).not.toBeNull();
    await company.fill('  Generadora del Norte  ');
    await profile.getByLabel('Nombre').fill('Ana María');
    await saveScreenshot(page, 'accounts-edit-profile');
    await profile.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Perfil actualizado').waitFor();
    await profile.waitFor({ state: 'detached' });
    await page.getByTestId('user-name').getByText('Ana María Pérez').waitFor();
    await openUserMenuItem(page, 'Editar perfil');
    await page.getByRole('dialog', { name: 'Editar perfil' }).getByLabel('Empresa').waitFor();
    expect(
      await page.getByRole('dialog', { name: 'Editar perfil' }).getByLabel('Empresa').inputValue(),
    ).toBe('Generadora del Norte');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // The session reaches the API: /analisis lists the (empty) case list.
    await page.getByRole('navigation').getByRole('link', { name: 'Análisis' }).first().click();
    await page.getByText('No hay casos para mostrar.').waitFor();

    await openUserMenuItem(page, 'Cerrar sesión');
    await page.getByText('Sesión cerrada').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.reload();
    await page.getByRole('button', { name: 'Iniciar sesión requerido' }).waitFor();
    expect(await page.getByTestId('user-name').count()).toBe(0);
  });

  it('refuses a wrong password with a Spanish message', async () => {
    const page = await session.newPage();
    await page.goto(`${session.baseUrl}/`);
    const dialog = await openAuthDialog(page);
    await dialog.getByRole('tab', { name: 'Holgura' }).click();
    await dialog.getByLabel('Correo electrónico').fill('ana.e2e@example.co');
    await dialog.getByLabel('Contraseña').fill('no-es-la-clave');
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Error de autenticación').waitFor();
    await page.getByText('Correo electrónico o contraseña incorrectos').waitFor();
    await saveScreenshot(page, 'accounts-wrong-password');
  });

  it('signs in with SAX in a popup against the local provider, then signs out of it', async () => {
    const page = await session.newPage();
    await page.goto(`${session.baseUrl}/`);
    const dialog = await openAuthDialog(page);
    await saveScreenshot(page, 'accounts-sax-tab');

    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continuar con SAX' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Usuario').fill('prueba');
    await popup.getByLabel('Contraseña').fill(E2E_SAX_PASSWORD);
    await saveScreenshot(popup, 'accounts-sax-popup-login');
    await popup.getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.getByText('Sesión iniciada con SAX').waitFor();
    await page.getByTestId('user-name').getByText('Ana Prueba').waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem('holgura_id_token'));
    expect(JSON.parse(stored ?? '{}')).toHaveProperty('token');

    // The API accepts the SAX id token: the case list loads.
    await page.goto(`${session.baseUrl}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    expect(await page.getByRole('button', { name: 'Editar perfil' }).count()).toBe(0);
    await saveScreenshot(page, 'accounts-sax-analysis');

    const logoutOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.getByText('Sesión cerrada').waitFor();
    const logout = await logoutOpened;
    await logout.getByRole('button', { name: 'Cerrar sesión' }).click();
    await logout.waitForEvent('close', { timeout: 15_000 });
    expect(await page.evaluate(() => window.localStorage.getItem('holgura_id_token'))).toBeNull();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
