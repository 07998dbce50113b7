import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { signUpThroughApi } from './support/accounts';
import { saveScreenshot, useBrowser } from './support/browser';

// A server of our own, so we know its DATA_DIR and can read the mail it writes to mail_outbox
// (no SMTP_URL). Removed after the server has stopped (after-hooks run in reverse).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-e2e-recovery-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// PUBLIC_URL left at its default (http://localhost:<port>): the link must then use the
// address the user reached Holgura at, here 127.0.0.1.
const server = useOwnServer({ DATA_DIR: dataDir, PUBLIC_URL: '' });
const session = useBrowser();

const email = 'ana.recupera@example.co';
const oldPassword = 'una-clave-segura';
const newPassword = 'otra frase bastante larga';

/** The links in the reset mails the server wrote for `to`, oldest first. */
function mailedLinks(to: string): string[] {
  const db = new DatabaseSync(path.join(dataDir, 'holgura.sqlite'), { readOnly: true });
  try {
    const rows = db
      .prepare('select subject, body_text from mail_outbox where to_address = ? order by id')
      .all(to) as { subject: string; body_text: string }[];
    return rows.map((row) => {
      expect(row.subject).toBe('Holgura: restablece tu contraseña');
      return /https?:\/\/\S+/.exec(row.body_text)?.[0] ?? '';
    });
  } finally {
    db.close();
  }
}

async function openAccountSignIn(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Acceso a Holgura' });
  await dialog.getByRole('tab', { name: 'Holgura' }).click();
  return dialog;
}

async function signIn(page: Page, password: string) {
  const dialog = await openAccountSignIn(page);
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
}

describe('password recovery', () => {
  it('asks for a link, follows the mailed one, sets a new password and is signed in; the old one stops working', async () => {
    const byIp = server.url.replace('//localhost:', '//127.0.0.1:');
    const setup = await session.newPage();
    await signUpThroughApi(setup, server.url, email);

    const page = await session.newPage();
    await page.goto(`${byIp}/`);
    const dialog = await openAccountSignIn(page);
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await dialog.getByText('Recuperar contraseña').waitFor();
    await dialog.getByRole('button', { name: 'Enviar enlace' }).click();
    await dialog
      .getByRole('status')
      .getByText(/^Si hay una cuenta de Holgura con ese correo, te enviamos un enlace/)
      .waitFor();
    await saveScreenshot(page, 'accounts-recovery-sent');

    const [link] = mailedLinks(email);
    expect(link, 'the mail written to mail_outbox carries a link').toMatch(
      new RegExp(`^${byIp}/api/auth/reset-password/\\w+$`),
    );
    await page.goto(link!);
    await page.waitForURL((url) => url.pathname === '/restablecer-contrasena');
    expect(new URL(page.url()).origin).toBe(byIp);
    await page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' }).waitFor();
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
    await page.getByLabel('Repite la nueva contraseña').fill(newPassword);
    await saveScreenshot(page, 'accounts-recovery-new-password');
    await page.getByRole('button', { name: 'Guardar e iniciar sesión' }).click();

    await page.getByText('Contraseña actualizada').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('user-name').getByText('Ana Pérez').waitFor();
    // The session reaches the API: /analisis lists the (empty) case list.
    await page.goto(`${byIp}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();
    // The session the account had before the reset is over.
    expect((await setup.request.get(`${server.url}/api/profile`)).status()).toBe(401);

    // The used link now explains itself in Spanish and offers a new one.
    const again = await session.newPage();
    await again.goto(link!);
    await again.getByRole('heading', { name: 'Este enlace ya no sirve' }).waitFor();
    await again.getByRole('button', { name: 'Pedir un enlace nuevo' }).waitFor();
    expect(await again.locator('body').innerText()).not.toMatch(/invalid|token|error/i);
    await saveScreenshot(again, 'accounts-recovery-used-link');

    const withOld = await session.newPage();
    await withOld.goto(`${server.url}/`);
    await signIn(withOld, oldPassword);
    await withOld.getByText('Correo electrónico o contraseña incorrectos').waitFor();
    expect(await withOld.getByTestId('user-name').count()).toBe(0);

    const withNew = await session.newPage();
    await withNew.goto(`${server.url}/`);
    await signIn(withNew, newPassword);
    await withNew.getByText('Sesión iniciada', { exact: true }).waitFor();
    await withNew.getByTestId('user-name').getByText('Ana Pérez').waitFor();
  });
});
