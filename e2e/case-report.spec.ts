import path from 'node:path';
// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import { downloadBy as download, expectText, pdfText, squeeze } from './support/downloads';

/**
 * Issue #29 «un informe para llevar», for an uploaded case: ACTIVSg200 uploaded in /analisis as
 * a user does, analysed and its busbar capacities computed (seconds), then its report downloaded
 * from the page and read back — the page's own figures found in the PDF, every bus in the
 * workbook.
 */
const server = useOwnServer();
const session = useBrowser();
const activsg200 = readReference('cases/case_ACTIVSg200.m');

const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

/** A row of «Capacidad por barra»'s table as the page shows it. */
type ShownBus = {
  bus: string;
  name: string;
  kv: string;
  attributable: string;
  limiting: string;
  contingency: string;
  strict: string;
};

async function shownBuses(table: Locator): Promise<ShownBus[]> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from(row.querySelectorAll('th, td'));
      // The strict figure's cell adds why it is 0 under its number: its first text only.
      const first = (cell: Element | undefined) =>
        (cell?.firstChild?.textContent ?? cell?.textContent ?? '').trim();
      const text = (cell: Element | undefined) => (cell?.textContent ?? '').trim();
      return {
        bus: text(cells[0]),
        name: text(cells[1]),
        kv: text(cells[2]),
        attributable: text(cells[4]),
        limiting: text(cells[5]),
        contingency: text(cells[6]),
        strict: first(cells[7]),
      };
    }),
  );
}

describe('an uploaded case’s report (issue #29)', () => {
  it('downloads the PDF from /analisis with the figures the page shows, and the workbook with every bus', async () => {
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpThroughApi(page, server.url, 'informe.caso@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();
    await page
      .getByLabel('Seleccionar archivo de caso')
      .setInputFiles({ name: 'case_ACTIVSg200.m', mimeType: 'text/plain', buffer: activsg200 });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 120_000 });
    const caseName = await textOf(page.getByTestId('results-case-name'));
    expect(caseName).not.toBe('');

    // Its capacities, computed after the analysis. The table's first page is the 50 highest
    // (its default order); sorted by MW ascending, the 50 lowest: the report's two lists.
    const section = page.getByRole('region', { name: 'Capacidad por barra', exact: true });
    const table = section.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
    await table.waitFor({ timeout: 120_000 });
    await expect.poll(async () => (await shownBuses(table)).length, { timeout: 20_000 }).toBe(50);
    const highest = await shownBuses(table);
    await table.getByRole('button', { name: 'Atribuible (MW)' }).click();
    await expect
      .poll(
        async () =>
          table.getByRole('columnheader', { name: 'Atribuible (MW)' }).getAttribute('aria-sort'),
        { timeout: 20_000 },
      )
      .toBe('ascending');
    await expect
      .poll(async () => (await shownBuses(table))[0]?.bus, { timeout: 20_000 })
      .not.toBe(highest[0]!.bus);
    const lowest = await shownBuses(table);
    expect(lowest).toHaveLength(50);
    const summary = {
      computed: await textOf(section.getByTestId('capacity-buses')),
      median: await textOf(section.getByTestId('capacity-median')),
      zero: await textOf(section.getByTestId('capacity-zero')),
    };
    // The network and N-1 figures, and the worst loadings the page lists first.
    const results = page.getByRole('region', { name: 'Resultados del caso seleccionado' });
    const figures: Record<string, string> = {};
    for (const key of ['buses', 'branches', 'generators', 'contingencies', 'overloadedPairs']) {
      figures[key] = await textOf(results.getByTestId(`figure-${key}`));
    }
    const loadings = await results
      .getByRole('table', { name: 'Mayores cargas post-contingencia' })
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          Array.from(row.querySelectorAll('th, td'))
            .slice(0, 5)
            .map((cell) => (cell.textContent ?? '').trim()),
        ),
      );
    expect(loadings.length).toBeGreaterThan(0);

    // «Descargar informe (PDF)» beside the case's name.
    const group = results.getByRole('group', { name: `Informe del caso ${caseName}` });
    await results.scrollIntoViewIfNeeded();
    const box = (await results.boundingBox())!;
    await page.screenshot({
      path: path.join(artifactsDir, 'case-report-buttons.png'),
      clip: { x: box.x, y: box.y, width: box.width, height: 140 },
    });
    const pdfButton = group.getByRole('button', { name: 'Descargar informe (PDF)' });
    const file = await download(page, () => pdfButton.click());
    expect(file.suggestedFilename()).toMatch(/^informe-case-activsg200\.pdf$/);
    const { text, pages } = await pdfText(file);
    expect(pages).toBeGreaterThanOrEqual(8);
    for (const expected of [
      'INFORME DEL CASO',
      caseName,
      'case_ACTIVSg200.m',
      'MATPOWER',
      '(hora de Colombia)',
      `Página 1 de ${pages}`,
      `Página ${pages} de ${pages}`,
      `Barras${figures.buses}`,
      `Ramas${figures.branches}`,
      `Generadores${figures.generators}`,
      `Contingencias analizadas${figures.contingencies}`,
      `Pares con sobrecarga post-contingencia${figures.overloadedPairs}`,
      `Barras calculadas${summary.computed}${summary.computed}`,
      `Mediana${summary.median}`,
      '1. Archivo y caso base',
      '2. Opciones del análisis',
      '3. Contingencias N-1',
      '4. Flexibilidad del grupo de estudio',
      '5. Capacidad de conexión por barra',
      'Histograma de la capacidad atribuible',
      '6. Barras de menor capacidad',
      '7. Barras de mayor capacidad',
      '8. Método',
    ]) {
      expectText(text, expected);
    }
    expect(summary.zero).toMatch(/^\d/);
    // Each worst loading: rank, monitored element, contingency, flow and limit, as listed.
    for (const cells of loadings) expectText(text, cells.join(''));
    // The page's 50 lowest and 50 highest buses, each list in the page's order and in its
    // section: «NOMBRE (número, kV)», both figures, the limiting element and the contingency.
    // Each title is first in the cover's contents, then on its section's first page.
    const sectionAt = (title: string) =>
      text.indexOf(squeeze(title), text.indexOf(squeeze(title)) + 1);
    const lowestStart = sectionAt('6. Barras de menor capacidad');
    const highestStart = sectionAt('7. Barras de mayor capacidad');
    const methodStart = sectionAt('8. Método');
    expect(lowestStart).toBeGreaterThan(0);
    expect(highestStart).toBeGreaterThan(lowestStart);
    for (const [list, from, to] of [
      [lowest, lowestStart, highestStart],
      [highest, highestStart, methodStart],
    ] as const) {
      const at = list.map((bus) => {
        const contingency = bus.contingency === '–' ? '—' : bus.contingency;
        const row = `${bus.name} (${bus.bus}, ${bus.kv} kV)${bus.attributable}${bus.strict}${bus.limiting}${contingency}`;
        const index = text.indexOf(squeeze(row), from);
        expect(index, `the PDF lists «${row}»`).toBeGreaterThanOrEqual(from);
        expect(index, `«${row}» in its section`).toBeLessThan(to);
        return index;
      });
      expect(at).toEqual([...at].sort((a, b) => a - b));
    }
    await saveScreenshot(page, 'case-report-analisis');

    // A report the server cannot give yet: its Spanish reason in a toast, nothing saved.
    const reportPath = `**/api/cases/*/report.pdf`;
    await page.route(reportPath, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'CASE_REPORT_NOT_READY',
            message:
              'El análisis del caso aún no termina: su informe se descarga cuando terminen el análisis y la capacidad de cada barra',
          },
        }),
      }),
    );
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await pdfButton.click();
    await page
      .getByText(
        'No se pudo descargar el informe. El análisis del caso aún no termina: su informe se descarga cuando terminen el análisis y la capacidad de cada barra',
      )
      .waitFor();
    expect(await pdfButton.isEnabled()).toBe(true);
    expect(downloads).toBe(0);
    await page.unroute(reportPath);

    // The workbook, from the keyboard: every bus, its figures as numbers.
    const excel = group.getByRole('button', { name: 'Descargar informe (Excel)' });
    await excel.focus();
    const saved = await download(page, () => page.keyboard.press('Enter'));
    expect(saved.suggestedFilename()).toBe('informe-case-activsg200.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await saved.path())!);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Archivo',
      'Opciones',
      'N-1',
      'Flexibilidad',
      'Capacidad',
      'Capacidad por barra',
      'Método',
    ]);
    const sheet = workbook.getWorksheet('Capacidad por barra')!;
    const rows: { bus: number; mw: number | null }[] = [];
    sheet.eachRow((row) => {
      const bus = row.getCell(1).value;
      if (typeof bus === 'number') {
        rows.push({ bus, mw: row.getCell(6).value as number | null });
      }
    });
    expect(String(rows.length)).toBe(summary.computed);
    const oneDecimal = new Intl.NumberFormat('es-CO', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    // The page's 50 lowest are the workbook's first 50, with the same MW.
    expect(rows.slice(0, 50).map((row) => [String(row.bus), oneDecimal.format(row.mw!)])).toEqual(
      lowest.map((bus) => [bus.bus, bus.attributable]),
    );
  });
});
