import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server: uploads change the public stats the shared server's api.spec.ts checks.
const server = useOwnServer();
const session = useBrowser();

const case9 = readReference('cases/case9.m');
// PowerModels.jl's PSS/E v33 test file, as PSS/E writes it (issue #29: no renaming to .txt).
const case14Raw = readReference('unscored/pti/case14.raw');

/** A signed-in page on /analisis: an account created through the API, its cookie in the page. */
async function signedInAnalysisPage(email: string): Promise<Page> {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  await page.goto(`${server.url}/analisis`);
  await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
  await page.getByText('No hay casos para mostrar.').waitFor();
  return page;
}

const fileInput = (page: Page) => page.getByLabel('Seleccionar archivo de caso');

describe('upload', () => {
  it('refuses a file that is not a case, one over 10 MB, and processing nothing', async () => {
    const page = await signedInAnalysisPage('upload.rules@example.co');
    await page.getByText('Máximo 10MB').waitFor();

    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('No hay archivo para procesar').waitFor();

    await fileInput(page).setInputFiles({
      name: 'red.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await page.getByText('Archivo inválido').waitFor();
    await page.getByText('Solo se permiten casos .raw, .m, .txt, .xz o .bin').waitFor();

    await fileInput(page).setInputFiles({
      name: 'grande.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 32),
    });
    await page.getByText('El archivo supera el tamaño máximo permitido (10MB)').waitFor();
    expect(await page.getByTestId('upload-file-name').count()).toBe(0);
    await saveScreenshot(page, 'upload-refused');
  });

  it('uploads case9, follows the analysis and shows its N-1 figures', async () => {
    const page = await signedInAnalysisPage('upload.case9@example.co');
    await fileInput(page).setInputFiles({
      name: 'case9.txt',
      mimeType: 'text/plain',
      buffer: case9,
    });
    await page.getByTestId('upload-file-name').getByText('case9.txt').waitFor();
    expect(await page.getByTestId('upload-file-size').textContent()).toBe('2,18 KB');
    await saveScreenshot(page, 'upload-file-chosen');

    // The job is followed through its event stream, with the bearer token (what SAX users,
    // who have no cookie, need), not by polling.
    const jobRequests: { path: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/api/jobs/')) return;
      void request
        .allHeaders()
        .then((headers) =>
          jobRequests.push({ path: pathname, authorization: headers.authorization }),
        );
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 30_000 });
    expect(jobRequests).toEqual([
      {
        path: expect.stringMatching(/^\/api\/jobs\/[^/]+\/events$/) as string,
        authorization: expect.stringMatching(/^Bearer \S+$/) as string,
      },
    ]);
    await page.getByText('Casos de Análisis – Total: 1').waitFor();
    await page.getByTestId('selected-case-id').waitFor();
    await page.getByTestId('figure-buses').getByText('9', { exact: true }).waitFor();
    expect(await page.getByTestId('figure-branches').textContent()).toBe('9');
    expect(await page.getByTestId('figure-generators').textContent()).toBe('3');
    await page.getByRole('table', { name: 'Mayores cargas post-contingencia' }).waitFor();
    await saveScreenshot(page, 'upload-case9-results');

    // A phone: nothing wider than the screen (the tables scroll inside their own box).
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await saveScreenshot(page, 'upload-case9-results-375');
  });

  it('takes a PSS/E .RAW and a MATPOWER .m as they come, with the type a browser gives them', async () => {
    const page = await signedInAnalysisPage('upload.native@example.co');
    await page
      .getByText('Formatos aceptados: .raw, .m, .txt y, comprimidos con xz, .xz o .bin')
      .waitFor();
    const uploads = [
      { name: 'CASE14.RAW', buffer: case14Raw, buses: '14', total: 1 },
      { name: 'case9.m', buffer: case9, buses: '9', total: 2 },
    ];
    for (const { name, buffer, buses, total } of uploads) {
      // What Chromium sends for an extension it does not know.
      await fileInput(page).setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
      await page.getByTestId('upload-file-name').getByText(name).waitFor();
      await page.getByRole('button', { name: 'Procesar archivo' }).click();
      await page.getByText(`Casos de Análisis – Total: ${total}`).waitFor({ timeout: 30_000 });
      const radio = page.getByRole('radio', {
        name: `Seleccionar ${name.replace(/\.(raw|m)$/i, '')}`,
      });
      await radio.check();
      // The figures of the selected case appear once its analysis is done.
      await page
        .getByTestId('figure-buses')
        .getByText(buses, { exact: true })
        .waitFor({ timeout: 30_000 });
    }
    await saveScreenshot(page, 'upload-native-files');
  });

  it("shows the job's Spanish error when the file is not a network case", async () => {
    const page = await signedInAnalysisPage('upload.bad@example.co');
    await fileInput(page).setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('esto no es un caso de red\n'),
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /formato|caso|archivo/i })
      .first()
      .waitFor({
        timeout: 30_000,
      });
    await saveScreenshot(page, 'upload-failed-job');

    // The cases table says it failed, with its error, in its row (issue #16).
    const radio = page.getByRole('radio', { name: 'Seleccionar notas' });
    const row = page.getByRole('row').filter({ has: radio });
    await row.getByTestId('case-state').getByText('Análisis fallido').waitFor();
    const error = (await row.getByTestId('case-error').textContent()) ?? '';
    expect(error).toMatch(/formato|caso|archivo/i);
    await radio.check();
    const results = page.getByRole('region', { name: 'Resultados del caso seleccionado' });
    await results.getByText('El análisis de este caso falló').waitFor();
    expect(await results.getByRole('alert').textContent()).toContain(error);

    // And it can be deleted, after a confirmation.
    await page.getByRole('button', { name: 'Eliminar caso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar caso' });
    await dialog.getByText(/Se eliminan «notas»/).waitFor();
    await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByText('No hay casos para mostrar.').waitFor();
    expect(await page.getByTestId('selected-case-id').count()).toBe(0);
  });
});
