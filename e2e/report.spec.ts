import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import { download, expectText, pdfText } from './support/downloads';

/**
 * Issue #29 «un informe para llevar»: the study's report downloaded from the page, as a user
 * does, and read back. A small demo study of its own (ACTIVSg200, two busbars, two scenarios,
 * two years: eight figures), so the report is there within seconds.
 */
function smallDemoDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-e2e-report-demo-'));
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
      name: 'Estudio del informe',
      description: 'Dos barras de ACTIVSg200 en dos escenarios y dos años.',
      networkLabel: 'Red sintética pública ACTIVSg200 (Texas A&M University)',
      baseCase: 'networks/case_ACTIVSg200.m.xz',
      years: [2026, 2027],
      scenarios: [
        { name: 'media', condition: 'Demanda media' },
        { name: 'alta', condition: 'Demanda alta', demandMultipliers: {} },
      ],
      busbars: [2, 3],
    }),
  );
  return dir;
}

const demoDir = smallDemoDir();
const server = useOwnServer({ DEMO_DATA: 'on', DEMO_DIR: demoDir });
const session = useBrowser();
afterAll(() => fs.rmSync(demoDir, { recursive: true, force: true }));

/** What a /resultados card shows: its busbar, case, MW and limiting element and contingency. */
type ShownCard = {
  barra: string;
  caseName: string;
  capacity: string;
  limiting: string;
  contingency: string;
};

async function shownCards(page: Page): Promise<ShownCard[]> {
  return page.getByTestId('result-card').evaluateAll((cards) =>
    cards.map((card) => {
      const title = card.querySelector('h3')!;
      const caseName = title.querySelector('span:not(.sr-only)')?.textContent?.trim() ?? '';
      const barra = Array.from(title.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim();
      const values = Array.from(card.querySelectorAll('dd')).map(
        // The limiting element without the note beside it («(Violación previa a la conexión)»).
        (dd) => (dd.firstChild?.textContent ?? '').trim(),
      );
      return {
        barra,
        caseName,
        capacity: card.querySelector('[data-testid="card-capacity"]')?.textContent?.trim() ?? '',
        limiting: values[0] ?? '',
        contingency: values[1] ?? '',
      };
    }),
  );
}

/** A card below the cap with no element: the compensating generation's room binds (issue #25). */
const SINK_ROOM_WORDS = 'Ninguno en la red: lo limita el margen de la generación que compensa';

/**
 * The limiting element the report gives a card's figure: the card's own words, but for the
 * room of the generation that compensates, which the report calls as the guide does.
 */
const reportLimiting = (card: ShownCard) =>
  card.limiting === SINK_ROOM_WORDS ? 'Margen de la generación que compensa' : card.limiting;

async function waitForDemoStudy(page: Page): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await page.request.get(`${server.url}/api/studies/demo`);
    if (response.ok()) {
      const detail = (await response.json()) as { cases: unknown[] };
      if (detail.cases.length === 4) return;
    }
    if (Date.now() > deadline) throw new Error('The demo study was not computed in time');
    await page.waitForTimeout(1000);
  }
}

describe('the study report (issue #29)', () => {
  it('downloads the PDF from /resultados with the figures the page shows, and the workbook from /estudios', async () => {
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpThroughApi(page, server.url, 'informe@example.co');
    await waitForDemoStudy(page);

    await page.goto(`${server.url}/resultados?estudio=demo`);
    await page
      .getByRole('table', { name: 'Barras del estudio de capacidad de conexión' })
      .waitFor();
    await expect.poll(async () => (await shownCards(page)).length, { timeout: 30_000 }).toBe(8);
    const cards = await shownCards(page);
    expect(cards.every((card) => /^\d[\d.]*,\d$/.test(card.capacity))).toBe(true);

    const group = page.getByRole('group', { name: 'Informe del estudio' });
    const button = group.getByRole('button', { name: 'Descargar informe (PDF)' });
    const file = await download(button);
    expect(file.suggestedFilename()).toBe('informe-estudio-demostracion.pdf');
    const { text, pages } = await pdfText(file);
    expect(pages).toBeGreaterThanOrEqual(5);
    for (const expected of [
      'Estudio del informe',
      'Dos barras de ACTIVSg200 en dos escenarios y dos años.',
      'Red sintética pública ACTIVSg200 (Texas A&M University)',
      'Red sintética pública: las cifras de este informe son ilustrativas',
      '(hora de Colombia)',
      '1. Entradas del estudio',
      '2. Opciones del cálculo',
      'Tope de capacidad (MW)2.000',
      '3. Capacidad de conexión por escenario y año',
      '4. Capacidad por barra: elemento limitante y contingencia',
      '5. Mapa de la red',
      'Menor capacidad (MW)',
      '6. Método',
      `Página 1 de ${pages}`,
      `Página ${pages} de ${pages}`,
    ]) {
      expectText(text, expected);
    }
    // Every card's figure, with its limiting element and contingency, in its busbar's table:
    // scenario, year, MW (as the card writes it), element, contingency.
    for (const card of cards) {
      const [scenario, year] = card.caseName.split('_');
      expectText(
        text,
        `${scenario}${year}${card.capacity}${reportLimiting(card)}${card.contingency}`,
      );
      // The busbar as «NOMBRE (número, kV)», on the card and in the report alike.
      expect(card.barra).toMatch(/ \(\d+, [\d,]+ kV\)$/);
      expectText(text, card.barra);
    }
    await saveScreenshot(page, 'report-resultados');

    // A report that cannot be written: the API's reason in a toast, nothing saved.
    await page.route('**/api/studies/demo/report.pdf', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'REPORT_FAILED',
            message: 'No se pudo generar el informe. Inténtalo de nuevo en unos segundos.',
          },
        }),
      }),
    );
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await button.click();
    await page
      .getByText(
        'No se pudo descargar el informe. No se pudo generar el informe. Inténtalo de nuevo en unos segundos.',
      )
      .waitFor();
    expect(await button.isEnabled()).toBe(true);
    expect(downloads).toBe(0);
    await page.unroute('**/api/studies/demo/report.pdf');

    // The workbook from the studies list, from the keyboard: the same figures as cells.
    await page.goto(`${server.url}/estudios`);
    const actions = page.getByRole('group', { name: 'Informe de Estudio del informe' });
    const excel = actions.getByRole('button', { name: 'Descargar informe (Excel)' });
    await excel.focus();
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(saved.suggestedFilename()).toBe('informe-estudio-demostracion.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await saved.path())!);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Entradas',
      'Opciones',
      'Capacidades',
      'Capacidad por año',
      'Método',
    ]);
    const sheet = workbook.getWorksheet('Capacidades')!;
    const rows: { caseName: string; label: string; mw: number; limiting: string }[] = [];
    sheet.eachRow((row) => {
      if (typeof row.getCell(7).value === 'number') {
        rows.push({
          caseName: String(row.getCell(4).value),
          label: String(row.getCell(2).value),
          mw: row.getCell(7).value as number,
          limiting: String(row.getCell(9).value),
        });
      }
    });
    expect(rows).toHaveLength(cards.length);
    const oneDecimal = new Intl.NumberFormat('es-CO', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    for (const card of cards) {
      const row = rows.find((item) => item.caseName === card.caseName && item.label === card.barra);
      expect(row, `${card.barra} ${card.caseName}`).toBeDefined();
      expect(oneDecimal.format(row!.mw)).toBe(card.capacity);
      expect(row!.limiting).toBe(reportLimiting(card));
    }
    await saveScreenshot(page, 'report-estudios');
  });

  it('answers a study that is not there with the API’s Spanish 404 (another user’s: server tests)', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'informe.otro@example.co');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-existe']) {
      const response = await page.request.get(`${server.url}/api/studies/${id}/report.pdf`);
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'STUDY_NOT_FOUND', message: 'No se encontró el estudio' },
      });
    }
  });
});
