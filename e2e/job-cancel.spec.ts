import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server, one analysis thread: the cancelled job must free it for the next upload.
const server = useOwnServer({ WORKERS: '1' });
const session = useBrowser();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const smallCase = fs.readFileSync(path.join(repoRoot, 'demo/networks/case_ACTIVSg200.m.xz'));

/** A radial chain of `buses` buses: quick to read, seconds to analyse (its network layout). */
function chainCase(buses: number): Buffer {
  const lines = ["mpc.version = '2';", 'mpc.baseMVA = 100;', 'mpc.bus = ['];
  for (let i = 1; i <= buses; i++) {
    lines.push(`${i} ${i === 1 ? 3 : 1} ${i === 1 ? 0 : 0.5} 0 0 0 1 1 0 230 1 1.1 0.9;`);
  }
  lines.push('];', 'mpc.gen = [', `1 ${0.5 * (buses - 1)} 0 9999 -9999 1 100 1 ${buses} 0;`, '];');
  lines.push('mpc.branch = [');
  for (let i = 1; i < buses; i++) lines.push(`${i} ${i + 1} 0.001 0.01 0 ${buses} 0 0 0 0 1;`);
  lines.push('];');
  return Buffer.from(lines.join('\n'));
}

describe('cancelling an analysis (issue #26)', () => {
  it('stops a running analysis from its progress card, says so, and the next upload runs at once', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'cancelar.analisis@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();

    const fileInput = page.getByLabel('Seleccionar archivo de caso');
    await fileInput.setInputFiles({
      name: 'cadena.txt',
      mimeType: 'text/plain',
      buffer: chainCase(40_000),
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    const cancel = page.getByRole('button', { name: 'Cancelar' });
    await cancel.waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'job-cancel-running');
    await cancel.click();
    await page.getByText('El cálculo se canceló y su hilo quedó libre.').waitFor();
    await page.getByText('Cancelado', { exact: true }).first().waitFor();
    // The case list says so too.
    await page.getByTestId('case-state').getByText('Análisis cancelado').waitFor();

    // The only thread is free: a 200-bus case is analysed right away.
    const started = Date.now();
    await fileInput.setInputFiles({
      name: 'case_ACTIVSg200.bin',
      mimeType: 'application/octet-stream',
      buffer: smallCase,
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 60_000 });
    expect(Date.now() - started).toBeLessThan(30_000);

    // The cancelled case says why it has no results.
    await page.getByRole('radio', { name: /cadena/ }).click();
    await page.getByText('El análisis de este caso se canceló').waitFor();
    await saveScreenshot(page, 'job-cancel-done');
  });
});
