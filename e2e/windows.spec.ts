import fs from 'node:fs';
import {
  windowDetailResponseSchema,
  windowExportWords,
  windowWorkbookWords,
  type WindowDetailResponse,
} from '@holgura/contracts';
// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server: the upload changes the public stats the shared server's api.spec.ts checks.
const server = useOwnServer();
const session = useBrowser();

const case30 = readReference('cases/case30.m');

/** Four requests on case30 that compete for the lines around buses 2 and 5. */
const requests = [
  { id: 'R1', name: 'Solar Uno', technology: 'Solar', bus: 2, mw: 60, priority: 2 },
  { id: 'R2', company: 'Eólica SAS', bus: 5, mw: 80, priority: 1 },
  { id: 'R3', bus: 13, mw: 40, minMw: 40, priority: 3 },
  { id: 'R4', bus: 22, mw: 30 },
];

/** The template's «Solicitudes» sheet, written as a planner would fill it in Excel. */
async function requestsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(windowWorkbookWords.requestsSheet);
  const columns = windowWorkbookWords.columns;
  const keys = Object.keys(columns) as (keyof typeof columns)[];
  sheet.addRow(keys.map((key) => columns[key]));
  for (const request of requests) {
    sheet.addRow(keys.map((key) => (request as Record<string, unknown>)[key] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Signs up and analyses case30 on /analisis, as the other specs upload a case. */
async function analysedCase30(email: string): Promise<Page> {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  await page.goto(`${server.url}/analisis`);
  await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
  await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
    name: 'case30.txt',
    mimeType: 'text/plain',
    buffer: case30,
  });
  await page.getByRole('button', { name: 'Procesar archivo' }).click();
  await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 60_000 });
  return page;
}

/** "48,5" as the page writes one decimal (es-CO). */
const mw = (value: number) =>
  new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    value,
  );

describe('connection windows (issue #28)', () => {
  it('builds a window from an Excel file, shows the three rules side by side, explains a partial request and downloads the CSV', async () => {
    const page = await analysedCase30('ventanas@example.co');

    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Ventanas' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Ventanas de asignación' }).waitFor();
    await page.getByText('Aún no tienes ventanas').waitFor();
    await page.getByRole('link', { name: 'Nueva ventana' }).first().click();
    await page.getByRole('heading', { level: 2, name: 'Nueva ventana' }).waitFor();

    await page.getByRole('combobox', { name: 'Caso analizado' }).selectOption({ index: 1 });
    await page.getByRole('textbox', { name: 'Nombre de la ventana' }).fill('Ventana 2027');
    await page.getByLabel('Archivo de solicitudes (Excel o JSON)').setInputFiles({
      name: 'solicitudes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await requestsWorkbook(),
    });
    await page.getByText('Se agregaron 4 solicitudes de «solicitudes.xlsx»').waitFor();
    expect(await page.getByRole('textbox', { name: 'ID de la solicitud 4' }).inputValue()).toBe(
      'R4',
    );
    expect(await page.getByTestId('window-draft-summary').textContent()).toBe(
      '4 solicitudes · 210,0 MW solicitados',
    );
    await saveScreenshot(page, 'windows-form');
    await page.getByRole('button', { name: 'Crear y calcular ventana' }).click();

    // The window's view: its progress, then the three rules side by side.
    await page.waitForURL(/\/ventanas\?ventana=/);
    const windowId = new URL(page.url()).searchParams.get('ventana')!;
    const cards = ['order', 'max', 'fair'].map((rule) => page.getByTestId(`window-rule-${rule}`));
    await cards[0]!.waitFor({ timeout: 60_000 });
    const boxes = await Promise.all(cards.map((card) => card.boundingBox()));
    expect(boxes.every((box) => box !== null && Math.abs(box.y - boxes[0]!.y) < 1)).toBe(true);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);

    // Every figure on screen is the API's.
    const detail: WindowDetailResponse = windowDetailResponseSchema.parse(
      await (await page.request.get(`${server.url}/api/windows/${windowId}`)).json(),
    );
    const result = detail.result!;
    for (const [i, rule] of (['order', 'max', 'fair'] as const).entries()) {
      const r = result.rules[rule];
      expect(r.ok, rule).toBe(true);
      if (r.ok) expect(await cards[i]!.textContent()).toContain(`${mw(r.totalAwardedMw)} MW`);
    }
    await page.getByText(`Por sí solas sumarían ${mw(result.totalStandaloneMw)} MW.`).waitFor();
    await saveScreenshot(page, 'windows-rules');

    // Another rule, its partial requests, the first one's explanation.
    const max = result.rules.max;
    if (!max.ok) throw new Error('max failed');
    const partial = max.awards.find((award) => award.status === 'partial');
    expect(partial, 'a partial request under max').toBeDefined();
    await page.getByRole('button', { name: 'Máximo total' }).click();
    expect(
      await page.getByRole('button', { name: 'Máximo total' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('partial');
    await page.getByRole('radio', { name: `Ver la explicación de ${partial!.id}` }).check();
    const explanation = page.getByTestId('window-explanation');
    await explanation.getByText('Con la regla máximo total recibe').waitFor();
    const sentence = (await explanation.textContent()) ?? '';
    expect(sentence).toContain(`recibe ${mw(partial!.awardedMw)} MW (parcial).`);
    const binding = partial!.binding[0]!;
    expect(binding.kind).toBe('constraint');
    expect(sentence).toMatch(/La limita «[^»]+» (ante la contingencia «[^»]+»|en el caso base)/);
    expect(sentence).toContain(`«${binding.monitoredName}»`);
    await saveScreenshot(page, 'windows-explanation');

    // The awards of the three rules as CSV.
    const group = page.getByRole('group', { name: 'Descargar la asignación de las tres reglas' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      group.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    expect(await download.failure()).toBeNull();
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(windowExportWords.columns.max);
    for (const request of requests) expect(csv).toContain(request.id);
  });
});
