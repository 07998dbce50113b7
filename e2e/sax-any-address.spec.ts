import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { E2E_SAX_PASSWORD } from './support/global-setup';
import { machineAddress } from './support/network-address';

/**
 * Issue #29, «Reachable as deployed»: with PUBLIC_URL unset, a server listening on every
 * interface is opened at the machine's network address and at 127.0.0.1, and SAX sign-in (the
 * popup, the issuer, the redirect URI, the token) and the product's own sign-in work at each.
 */
const server = useOwnServer({ PUBLIC_URL: '', HOST: '0.0.0.0' });
const session = useBrowser();

const addresses = [
  { label: 'machine', host: machineAddress() },
  { label: 'loopback', host: '127.0.0.1' },
];

function originAt(host: string): string {
  return `http://${host}:${new URL(server.url).port}`;
}

/** Opens the sign-in dialog, noting every Content-Security-Policy refusal the page logs. */
async function openAuthDialog(origin: string) {
  const page = await session.newPage();
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Acceso a Holgura' });
  await dialog.getByRole('tab', { name: 'SAX' }).waitFor();
  return { page, dialog, refusals };
}

/** Signed in for the API too: /analisis lists the (empty) case list. */
async function expectCaseList(page: Page, origin: string) {
  await page.goto(`${origin}/analisis`);
  await page.getByText('No hay casos para mostrar.').waitFor();
}

describe('sign-in with PUBLIC_URL unset, at the address the browser used', () => {
  for (const { label, host } of addresses) {
    it(`signs in with SAX through the popup at ${label} (${host})`, async () => {
      const origin = originAt(host);
      const config = (await (await fetch(`${origin}/api/config`)).json()) as {
        sax: { authority: string };
        publicUrl: string | null;
      };
      expect(config.sax.authority).toBe(`${origin}/sax`);
      expect(config.publicUrl).toBeNull();

      const { page, dialog, refusals } = await openAuthDialog(origin);
      const popupOpened = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: 'Continuar con SAX' }).click();
      const popup = await popupOpened;
      await popup.getByLabel('Usuario').fill('prueba');
      // The popup is this server's provider, at the page's own origin.
      expect(popup.url().startsWith(`${origin}/sax/interaction/`)).toBe(true);
      await popup.getByLabel('Contraseña').fill(E2E_SAX_PASSWORD);
      await saveScreenshot(popup, `sax-any-address-${label}-popup`);
      await popup.getByRole('button', { name: 'Iniciar sesión' }).click();

      await page.getByText('Sesión iniciada con SAX').waitFor();
      await page.getByTestId('user-name').getByText('Ana Prueba').waitFor();
      const stored = await page.evaluate(() => window.localStorage.getItem('holgura_id_token'));
      const { token } = JSON.parse(stored ?? '{}') as { token?: string };
      const [, payload = ''] = (token ?? '').split('.');
      expect(JSON.parse(Buffer.from(payload, 'base64url').toString()).iss).toBe(`${origin}/sax`);
      await saveScreenshot(page, `sax-any-address-${label}-signed-in`);

      await expectCaseList(page, origin);
      expect(refusals).toEqual([]);
    });

    it(`signs up and signs in with a Holgura account at ${label} (${host})`, async () => {
      const origin = originAt(host);
      const email = `ana.${label}@example.co`;
      const { page, dialog, refusals } = await openAuthDialog(origin);
      await dialog.getByRole('tab', { name: 'Holgura' }).click();
      await dialog.getByRole('tab', { name: 'Registrarse' }).click();
      await dialog.getByLabel('Nombre').fill('Ana');
      await dialog.getByLabel('Apellido').fill('Pérez');
      await dialog.getByLabel('Correo electrónico').fill(email);
      await dialog.getByLabel('Empresa').fill('Operador de Red');
      await dialog.getByLabel('Contraseña').fill('una-clave-segura');
      await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.getByText('Tu cuenta fue creada. Ya puedes iniciar sesión.').waitFor();

      await dialog.getByLabel('Contraseña').fill('una-clave-segura');
      await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByText('Sesión iniciada', { exact: true }).waitFor();
      await page.getByTestId('user-name').getByText('Ana Pérez').waitFor();

      await expectCaseList(page, origin);
      expect(refusals).toEqual([]);
    });
  }
});
