import { describe, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';

// Its own server with a low limit: a spent limit would block the shared server's sign-ins.
const server = useOwnServer({ SIGN_IN_ATTEMPTS_PER_MINUTE: '2' });
const session = useBrowser();

describe('sign-in rate limit', () => {
  it("shows the server's Spanish message once the attempts per minute are spent", async () => {
    const page = await session.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Acceso a Holgura' });
    await dialog.getByRole('tab', { name: 'Holgura' }).click();
    await dialog.getByLabel('Correo electrónico').fill('nadie@example.co');
    await dialog.getByLabel('Contraseña').fill('no-es-la-clave');
    const submit = dialog.getByRole('button', { name: 'Iniciar sesión' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await submit.click();
      await submit.and(page.locator(':enabled')).waitFor();
    }
    await page
      .getByText('Demasiados intentos. Espera un momento y vuelve a intentarlo.')
      .first()
      .waitFor();
    await saveScreenshot(page, 'accounts-rate-limited');
  });
});
