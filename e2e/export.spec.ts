import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

/**
 * A small demo study of its own (ACTIVSg200, two busbars, one scenario, two years: four cases),
 * so /resultados has busbar capacities within seconds rather than the bundled study's minutes.
 */
function smallDemoDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-e2e-export-demo-'));
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
      name: 'Estudio de exportación',
      networkLabel: 'Red sintética pública ACTIVSg200 (Texas A&M University)',
      baseCase: 'networks/case_ACTIVSg200.m.xz',
      years: [2026, 2027],
      scenarios: [{ name: 'media', condition: 'Demanda media' }],
      busbars: [2, 3],
    }),
  );
  return dir;
}

const demoDir = smallDemoDir();
const server = useOwnServer({ DEMO_DATA: 'on', DEMO_DIR: demoDir });
const session = useBrowser();
afterAll(() => fs.rmSync(demoDir, { recursive: true, force: true }));

const activsg200 = readReference('cases/case_ACTIVSg200.m');

/** The parts of the flexibility contract this spec reads (flexibility.v1.ts). */
type Element = { name: string; initialFlowMw: number; maxCapacityMva: number };
type Constraint = {
  id: number;
  monitored: Element;
  contingency: Element | null;
  limitMw: number;
  flowAtZeroMw: number;
  ranking: number;
  transferAtLimitMw: number;
  sensitivities: { plant: number; sensitivity: number }[];
};
type Flexibility = {
  tmaxMw: number;
  plants: { id: number; name: string; pInitialMw: number; pMaxMw: number; participation: number }[];
  levels: { level: number; transferMw: number; constraintIds: number[] }[];
  constraints: Constraint[];
};

async function signedInPage(email: string): Promise<Page> {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  return page;
}

/** Clicks a download button and returns what the browser saved. */
async function download(button: Locator): Promise<Download> {
  const page = button.page();
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(await file.failure()).toBeNull();
  return file;
}

/** The worksheet and the row number of its header (the row whose first cell is `first`). */
async function readSheet(file: Download, first: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  const sheet = workbook.worksheets[0]!;
  let header = 0;
  sheet.eachRow((row, number) => {
    if (header === 0 && row.getCell(1).value === first) header = number;
  });
  expect(header).toBeGreaterThan(0);
  return { sheet, header };
}

/** Rows of an es-CO CSV (`;`, quoted text, CRLF), without the BOM. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i += 1) {
        const char = line[i]!;
        if (quoted && char === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (char === '"') quoted = !quoted;
        else if (char === ';' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += char;
      }
      cells.push(cell);
      return cells;
    });
}
/** "1234,57" → 1234.57 */
const esNumber = (text: string) => Number(text.replace(',', '.'));

describe('spreadsheet downloads', () => {
  it('downloads the constraints and generators of /analisis as Excel and CSV with the API’s numbers, and says why one failed', async () => {
    const page = await signedInPage('export.analisis@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: 'case_ACTIVSg200.txt',
      mimeType: 'text/plain',
      buffer: activsg200,
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 90_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');
    const data = (await (
      await page.request.get(`${server.url}/api/cases/${caseId}/data`)
    ).json()) as {
      analysis: { flexibility: Flexibility };
    };
    const flex = data.analysis.flexibility;
    const constraints = new Map(flex.constraints.map((c) => [c.id, c]));
    const plants = new Map(flex.plants.map((p) => [p.id, p]));

    // A level with constraints; its first constraint is selected with it.
    const level = flex.levels.find((l) => l.constraintIds.length > 0)!;
    expect(level).toBeDefined();
    await page
      .getByRole('list', { name: 'Niveles de transferencia' })
      .getByRole('button', { name: new RegExp(`^Nivel ${level.level}\\D`) })
      .click();
    const table = page.getByRole('table', { name: `Restricciones del nivel ${level.level}` });
    await table.waitFor();
    const rows = level.constraintIds.map((id) => constraints.get(id)!);

    const constraintsSection = page.getByRole('region', { name: 'Restricciones del nivel' });
    const excel = await download(
      constraintsSection.getByRole('button', { name: 'Descargar Excel' }),
    );
    expect(excel.suggestedFilename()).toMatch(
      new RegExp(`^restricciones-[a-z0-9-]+-nivel-${level.level}\\.xlsx$`),
    );
    const { sheet, header } = await readSheet(excel, '#');
    expect(sheet.getRow(header).getCell(6).value).toBe('Flujo inicial (MW)');
    rows.forEach((constraint, index) => {
      const row = sheet.getRow(header + 1 + index);
      expect(row.getCell(1).value).toBe(index + 1);
      expect(row.getCell(2).value).toBe(constraint.monitored.name);
      expect(row.getCell(3).value).toBe(constraint.contingency?.name ?? 'SOBRECARGA RED COMPLETA');
      expect(row.getCell(4).value).toBe(constraint.ranking);
      expect(row.getCell(6).value).toBe(constraint.monitored.initialFlowMw);
      expect(row.getCell(6).numFmt).toBe('#,##0.00');
      expect(row.getCell(10).value).toBe(constraint.flowAtZeroMw);
      expect(row.getCell(11).value).toBe(constraint.limitMw);
      expect(row.getCell(12).value).toBe(constraint.transferAtLimitMw);
    });
    expect(sheet.getRow(header + 1 + rows.length).cellCount).toBe(0);

    const csv = await download(constraintsSection.getByRole('button', { name: 'Descargar CSV' }));
    expect(csv.suggestedFilename()).toBe(excel.suggestedFilename().replace(/xlsx$/, 'csv'));
    const csvRows = parseCsv(fs.readFileSync((await csv.path())!, 'utf8'));
    const csvHeader = csvRows.findIndex((row) => row[0] === '#');
    expect(csvRows.length - csvHeader - 1).toBe(rows.length);
    rows.forEach((constraint, index) => {
      const row = csvRows[csvHeader + 1 + index]!;
      expect(row[1]).toBe(constraint.monitored.name);
      expect(row[3]).toMatch(/^\d+,\d{6}$/);
      expect(esNumber(row[3]!)).toBeCloseTo(constraint.ranking, 6);
      expect(esNumber(row[5]!)).toBeCloseTo(constraint.monitored.initialFlowMw, 2);
      expect(esNumber(row[10]!)).toBeCloseTo(constraint.limitMw, 2);
    });

    // The generators of the selected (first) constraint at this level.
    const constraint = rows[0]!;
    const generatorsSection = page.getByRole('region', { name: 'Análisis de Generadores' });
    const generators = await download(
      generatorsSection.getByRole('button', { name: 'Descargar Excel' }),
    );
    expect(generators.suggestedFilename()).toMatch(
      new RegExp(`-nivel-${level.level}-restriccion-${constraint.id}\\.xlsx$`),
    );
    const listed = constraint.sensitivities
      .filter((s) => Math.abs(s.sensitivity) >= 0.01)
      .sort((a, b) => b.sensitivity - a.sensitivity || a.plant - b.plant);
    const shown = await readSheet(generators, 'Generador');
    listed.forEach((s, index) => {
      const plant = plants.get(s.plant)!;
      const row = shown.sheet.getRow(shown.header + 1 + index);
      expect(row.getCell(1).value).toBe(plant.name);
      expect(row.getCell(3).value).toBe(s.sensitivity);
      expect(row.getCell(4).value).toBe(plant.pInitialMw);
      expect(row.getCell(6).value).toBeCloseTo(
        plant.pInitialMw + constraint.transferAtLimitMw * plant.participation,
        9,
      );
      expect(row.getCell(8).value).toBe(plant.pMaxMw);
    });
    expect(shown.sheet.getRow(shown.header + 1 + listed.length).cellCount).toBe(0);
    await saveScreenshot(page, 'export-analisis');

    // A failed download: the API's Spanish message in a toast, nothing saved, the button back.
    await page.route('**/export/constraints.xlsx*', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'FLEXIBILITY_NOT_COMPUTED',
            message: 'Los niveles de flexibilidad de este caso aún no están calculados',
          },
        }),
      }),
    );
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    const button = constraintsSection.getByRole('button', { name: 'Descargar Excel' });
    await button.click();
    await page
      .getByText(
        'No se pudo descargar el archivo. Los niveles de flexibilidad de este caso aún no están calculados',
      )
      .waitFor();
    expect(await button.isEnabled()).toBe(true);
    expect(downloads).toBe(0);
    await page.unroute('**/export/constraints.xlsx*');
  });

  it('downloads the busbar capacities of the selected family on /resultados', async () => {
    const page = await signedInPage('export.resultados@example.co');
    // The small demo study is computed on first start.
    const deadline = Date.now() + 120_000;
    let cases: { caseId: string; familyId: string | null; familyName: string | null }[] = [];
    for (;;) {
      // The demo study's cases (issue #16: GET /api/cases lists the caller's own).
      const body = (await (
        await page.request.get(`${server.url}/api/cases?owner=demo&pageSize=100`)
      ).json()) as { cases: typeof cases };
      cases = body.cases.filter((item) => item.familyId !== null);
      if (cases.length === 4) break;
      if (Date.now() > deadline) throw new Error('The demo study was not computed in time');
      await page.waitForTimeout(1000);
    }

    await page.goto(`${server.url}/resultados`);
    const table = page.getByRole('table', { name: 'Barras del estudio de capacidad de conexión' });
    await table.waitFor();
    const firstRow = table.getByRole('row').nth(1);
    const familyId = ((await firstRow.getByRole('cell').nth(1).textContent()) ?? '').trim();
    await firstRow.getByRole('cell').nth(2).click();
    await page
      .getByTestId('selected-family')
      .getByText(/2 casos/)
      .waitFor();
    const family = cases.filter((item) => item.familyId === familyId);
    expect(family).toHaveLength(2);
    const expected = new Map<string, number>();
    for (const item of family) {
      const data = (await (
        await page.request.get(`${server.url}/api/cases/${item.caseId}/data`)
      ).json()) as { analysis: { busbarCapacity: { year: number; capacityMw: number } } };
      expected.set(
        String(data.analysis.busbarCapacity.year),
        data.analysis.busbarCapacity.capacityMw,
      );
    }

    const group = page.getByRole('group', {
      name: `Descargar la capacidad de conexión de la barra ${family[0]!.familyName}`,
    });
    const file = await download(group.getByRole('button', { name: 'Descargar Excel' }));
    expect(file.suggestedFilename()).toMatch(/^capacidad-conexion-[a-z0-9-]+\.xlsx$/);
    const { sheet, header } = await readSheet(file, 'Número de barra');
    expect(sheet.getRow(header).getCell(3).value).toBe('Tensión base (kV)');
    expect(sheet.getRow(header).getCell(7).value).toBe('Capacidad (MW)');
    const years = [1, 2].map((offset) => sheet.getRow(header + offset));
    expect(years.map((row) => row.getCell(6).value)).toEqual([2026, 2027]);
    for (const row of years) {
      expect(row.getCell(1).value).toBe(Number(familyId));
      expect(row.getCell(3).value).toBeGreaterThan(0);
      expect(row.getCell(5).value).toBe('media');
      expect(row.getCell(7).value).toBe(expected.get(String(row.getCell(6).value)));
    }
    expect(sheet.getRow(header + 3).cellCount).toBe(0);

    const csv = await download(group.getByRole('button', { name: 'Descargar CSV' }));
    const rows = parseCsv(fs.readFileSync((await csv.path())!, 'utf8'));
    const csvHeader = rows.findIndex((row) => row[0] === 'Número de barra');
    expect(rows.slice(csvHeader + 1).map((row) => esNumber(row[6]!))).toEqual(
      [2026, 2027].map((year) => Math.round(expected.get(String(year))! * 100) / 100),
    );
    await saveScreenshot(page, 'export-resultados');
  });
});
