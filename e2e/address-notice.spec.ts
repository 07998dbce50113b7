import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';

// Told another address than the one the browser uses (issue #29): a proxy's name, say.
const configured = 'http://holgura.operador.test';
const server = useOwnServer({ PUBLIC_URL: configured });
const session = useBrowser();

describe('a page opened at another address than PUBLIC_URL', () => {
  it('says so, with the fix and a link to the configured address', async () => {
    const page = await session.newPage();
    await page.goto(`${server.url}/documentacion?seccion=subir`);
    const notice = page.getByTestId('address-notice');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain(
      `Holgura está configurado para ${configured} (PUBLIC_URL), pero lo abriste en ${server.url}.`,
    );
    expect(text).toContain(`PUBLIC_URL=${server.url}`);
    expect(
      await notice.getByRole('link', { name: `Abrir en ${configured}` }).getAttribute('href'),
    ).toBe(`${configured}/documentacion?seccion=subir`);
    await saveScreenshot(page, 'address-notice');
  });
});
