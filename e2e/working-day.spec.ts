import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import { download, expectText, pdfText } from './support/downloads';
import { machineAddress } from './support/network-address';

/**
 * Issue #29, «done when», at the machine's network address with PUBLIC_URL unset, as a planner
 * reaches a deployed Holgura: upload a PSS/E .RAW and a MATPOWER .m as they are, /resultados of
 * the study before a family is chosen, two study years side by side, and the study's PDF report
 * downloaded and read back. (SAX and product sign-in at this address: sax-any-address.spec.ts;
 * the full 450-card demo's page height: results.spec.ts.) A small demo study (ACTIVSg200, two
 * busbars, one scenario, three years) keeps it quick.
 */
function smallDemoDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-e2e-day-demo-'));
  fs.mkdirSync(path.join(dir, 'networks'));
  fs.copyFileSync(
    path.resolve(import.meta.dirname, '../demo/networks/case_ACTIVSg200.m.xz'),
    path.join(dir, 'networks/case_ACTIVSg200.m.xz'),
  );
  fs.writeFileSync(
    path.join(dir, 'demo.json'),
    JSON.stringify({ demoNetwork: 'networks/case_ACTIVSg200.m.xz', study: 'estudio.json' }),
  );
  fs.writeFileSync(
    path.join(dir, 'estudio.json'),
    JSON.stringify({
      name: 'Jornada de planeación',
      description: 'Dos barras de ACTIVSg200, un escenario con crecimiento, tres años.',
      networkLabel: 'Red sintética pública ACTIVSg200 (Texas A&M University)',
      baseCase: 'networks/case_ACTIVSg200.m.xz',
      years: [2026, 2028, 2030],
      areas: [{ id: 1, name: 'Única' }],
      growth: { Única: 0.04 },
      scenarios: [{ name: 'media', condition: 'Demanda media con crecimiento' }],
      busbars: [2, 3],
    }),
  );
  return dir;
}

const demoDir = smallDemoDir();
const server = useOwnServer({
  PUBLIC_URL: '',
  HOST: '0.0.0.0',
  DEMO_DATA: 'on',
  DEMO_DIR: demoDir,
});
const session = useBrowser();
afterAll(() => fs.rmSync(demoDir, { recursive: true, force: true }));

const case9 = readReference('cases/case9.m');
const case14Raw = readReference('unscored/pti/case14.raw');

describe('a planner’s working day at the machine’s address (issue #29)', () => {
  it('uploads .RAW and .m, compares two study years and reads the study report back', async () => {
    const origin = `http://${machineAddress()}:${new URL(server.url).port}`;
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpThroughApi(page, origin, 'jornada@example.co');

    // Upload what planners have, as they have it.
    await page.goto(`${origin}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();
    const uploads = [
      { name: 'CASE14.RAW', buffer: case14Raw, buses: '14', total: 1 },
      { name: 'case9.m', buffer: case9, buses: '9', total: 2 },
    ];
    for (const { name, buffer, buses, total } of uploads) {
      await page
        .getByLabel('Seleccionar archivo de caso')
        .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
      await page.getByRole('button', { name: 'Procesar archivo' }).click();
      await page.getByText(`Casos de Análisis – Total: ${total}`).waitFor({ timeout: 60_000 });
      await page
        .getByRole('radio', { name: `Seleccionar ${name.replace(/\.(raw|m)$/i, '')}` })
        .check();
      await page
        .getByTestId('figure-buses')
        .getByText(buses, { exact: true })
        .waitFor({ timeout: 60_000 });
    }

    // The study's results before a family is chosen: a page, not a wall of cards.
    await page.goto(`${origin}/resultados`);
    const families = page.getByRole('table', {
      name: 'Barras del estudio de capacidad de conexión',
    });
    await families.waitFor({ timeout: 120_000 });
    const card = page.getByRole('region', { name: 'Comparar dos casos' });
    await card.waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(5000);

    // The first and last year side by side, as each year's own table says.
    await expect
      .poll(() => card.getByLabel('Caso A (referencia)').locator('option').count())
      .toBe(3);
    const labelOf = async (label: string) =>
      (await card.getByLabel(label).locator('option:checked').textContent())!.trim();
    expect([await labelOf('Caso A (referencia)'), await labelOf('Caso B (comparado)')]).toEqual([
      'media_2026',
      'media_2030',
    ]);
    await card.getByRole('button', { name: 'Comparar', exact: true }).click();
    await card.getByTestId('comparison-result').waitFor({ timeout: 60_000 });
    const [base, other] = await Promise.all(
      ['Caso A (referencia)', 'Caso B (comparado)'].map((label) =>
        card.getByLabel(label).inputValue(),
      ),
    );
    const answer = (await (
      await page.request.get(
        `${origin}/api/cases/${base}/busbar-capacities/compare?with=${other}&limit=25`,
      )
    ).json()) as {
      summary: { changed: number };
      changes: { bus: number; deltaMw: number | null }[];
    };
    const integer = new Intl.NumberFormat('es-CO');
    if (answer.summary.changed === 0) {
      await card.getByText('Ninguna barra cambió su capacidad').waitFor();
    } else {
      expect(await card.getByTestId('comparison-caption').textContent()).toContain(
        `de ${integer.format(answer.summary.changed)} barras con cambios`,
      );
      const first = card.getByTestId('comparison-table').locator('tbody tr').first();
      expect(await first.locator('th').textContent()).toContain(`(${answer.changes[0]!.bus}, `);
    }
    console.log(
      `working day at ${origin}: /resultados ${height} px; media_2026 → media_2030: ` +
        `${answer.summary.changed} buses changed`,
    );
    await saveScreenshot(page, 'working-day-comparison');

    // The study report, downloaded from the page and read back: the cards' figures are in it.
    const shown = await page.getByTestId('card-capacity').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    const file = await download(
      page
        .getByRole('group', { name: 'Informe del estudio' })
        .getByRole('button', { name: 'Descargar informe (PDF)' }),
    );
    const { text } = await pdfText(file);
    expectText(text, 'Jornada de planeación');
    for (const figure of shown) expectText(text, figure.trim());
  }, 300_000);
});
