import { describe, expect, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser';

const session = useBrowser();

describe('navigation', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    const page = await session.newPage();
    const response = await page.goto('/no-existe');
    expect(response?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    await saveScreenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Iniciar sesión requerido' }).waitFor();
  });

  for (const path of ['/analisis', '/resultados']) {
    it(`sends a signed-out visitor from ${path} back to the landing page`, async () => {
      const page = await session.newPage();
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Iniciar sesión requerido' }).waitFor();
    });
  }

  it('shows the spinner while the sign-in state is checked', async () => {
    const page = await session.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the session check so the checking state can be seen, then let it answer.
    await page.route('**/api/auth/get-session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/analisis');
    await page.getByRole('status', { name: 'Verificando sesión...' }).waitFor();
    release();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('reaches the public demo page from the header', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Demo' }).first().click();
    await page.waitForURL((url) => url.pathname === '/demo');
    await page.getByRole('heading', { name: 'Demo - Análisis de Restricción' }).waitFor();
  });

  it('opens the sign-in dialog from the user menu', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page
      .getByRole('menuitem', { name: 'Iniciar sesión' })
      .or(page.getByRole('button', { name: 'Iniciar sesión' }))
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Acceso a Holgura' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Holgura' }).waitFor();
    expect(await dialog.getByRole('tab').allInnerTexts()).toEqual(
      expect.arrayContaining(['SAX', 'Holgura']),
    );
    await saveScreenshot(page, 'auth-dialog');
  });

  it('serves the health endpoint next to the app', async () => {
    const page = await session.newPage();
    const response = await page.request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe('ok');
  });
});
