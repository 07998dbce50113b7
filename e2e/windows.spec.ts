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
const activsg200 = readReference('cases/case_ACTIVSg200.m');

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
async function analysedCase30(email: string, name = 'case30.txt', buffer = case30): Promise<Page> {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  await page.goto(`${server.url}/analisis`);
  await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
  await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer,
  });
  await page.getByRole('button', { name: 'Procesar archivo' }).click();
  await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 60_000 });
  return page;
}

/** What the map's renderer draws, as data (apps/web/src/features/network/renderer.ts). */
type NetworkTestHook = {
  ready: boolean;
  coloredBuses: number;
  markers: { bus: number; label: string; x: number; y: number }[];
  selectedBus: number | null;
};

const networkHook = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __holguraNetwork?: NetworkTestHook }).__holguraNetwork ?? null,
  ) as Promise<NetworkTestHook | null>;

/** Waits until the network renderer has drawn what `check` expects (it redraws on each change). */
async function waitForNetwork(page: Page, check: (hook: NetworkTestHook) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const hook = await networkHook(page);
    if (hook !== null && hook.ready && check(hook)) return hook;
    if (Date.now() > deadline) {
      throw new Error(`the map never showed ${what}: ${JSON.stringify(hook)}`);
    }
    await page.waitForTimeout(100);
  }
}

/** "48,5" as the page writes one decimal (es-CO). */
const mw = (value: number) =>
  new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    value,
  );

describe('connection windows (issue #28)', () => {
  it('builds a window from an Excel file, shows the three rules side by side, explains a partial request, downloads the CSV, maps the requests and withdraws a competitor to see who moves up', async () => {
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

    // The map: every request's bus marked under max, a click on one selects its explanation.
    const map = page.getByRole('region', { name: 'Mapa de solicitudes' });
    await map.getByText('con la regla máximo total', { exact: false }).waitFor();
    const legend = page.getByTestId('window-map-legend');
    expect(await legend.textContent()).toContain(
      `Parcial${max.partial === 1 ? '1 solicitud' : `${max.partial} solicitudes`}`,
    );
    const buses = new Set(result.requests.map((r) => r.bus));
    const drawn = await waitForNetwork(
      page,
      (hook) => hook.coloredBuses === buses.size && hook.markers.length === buses.size,
      `${buses.size} marked buses`,
    );
    expect(drawn.selectedBus).toBe(result.requests.find((r) => r.id === partial!.id)!.bus);
    const other = result.requests.find((r) => r.id !== partial!.id)!;
    const canvas = page.getByTestId('network-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const marker = (await networkHook(page))!.markers.find((m) => m.bus === other.bus)!;
    await page.mouse.click(box.x + marker.x, box.y + marker.y);
    await page.getByRole('heading', { name: new RegExp(`^Solicitud ${other.id}`) }).waitFor();
    await waitForNetwork(
      page,
      (hook) => hook.selectedBus === other.bus,
      `bus ${other.bus} selected`,
    );
    await saveScreenshot(page, 'windows-map');

    // «¿Y si se retira?»: the partial request's competitor withdraws, and the partial one moves up.
    const competitor = partial!.competitors[0]!;
    await map.getByRole('button', { name: new RegExp(`^${competitor}: `) }).click();
    await page.getByRole('button', { name: `¿Y si se retira ${competitor}?` }).click();
    await page.waitForURL((url) => url.searchParams.get('ventana') !== windowId);
    const nextId = new URL(page.url()).searchParams.get('ventana')!;
    await page
      .getByRole('heading', { level: 2, name: `Ventana 2027 — sin ${competitor}` })
      .waitFor();
    const comparisonMax = page.getByTestId('window-comparison-max');
    await comparisonMax.waitFor({ timeout: 60_000 });
    const next: WindowDetailResponse = windowDetailResponseSchema.parse(
      await (await page.request.get(`${server.url}/api/windows/${nextId}`)).json(),
    );
    expect(next.withdrawal).toEqual({ originalWindowId: windowId, withdrawnIds: [competitor] });
    const nextMax = next.result!.rules.max;
    if (!nextMax.ok) throw new Error('max failed after the withdrawal');
    const movedMw = nextMax.awards.find((a) => a.id === partial!.id)!.awardedMw;
    expect(movedMw).toBeGreaterThan(partial!.awardedMw);
    const freedMw = max.awards.find((a) => a.id === competitor)!.awardedMw;
    const text = (await comparisonMax.textContent()) ?? '';
    expect(text).toContain(`Al retirarse, ${competitor} deja libres ${mw(freedMw)} MW`);
    expect(text).toContain(
      `Sube ${partial!.id}: de ${mw(partial!.awardedMw)} a ${mw(movedMw)} MW (+${mw(movedMw - partial!.awardedMw)} MW).`,
    );
    await saveScreenshot(page, 'windows-withdrawal');
    await page.getByRole('link', { name: 'Ver la ventana original' }).click();
    await page.waitForURL((url) => url.searchParams.get('ventana') === windowId);
    await page.getByRole('heading', { level: 2, name: 'Ventana 2027' }).waitFor();
  });

  it('computes a window over a study in Chromium: firm in each scenario × year, a request counted from its year, and a binding row that names its case', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'ventanas-estudio@example.co');
    // A study of case30, 2 scenarios × 2 years, as the studies page creates one (its own spec
    // drives that form; here only the window is the subject).
    const study = {
      name: 'Plan de prueba',
      networkLabel: 'IEEE 30 barras',
      years: [2026, 2028],
      areas: [
        { id: 1, name: 'Norte' },
        { id: 2, name: 'Centro' },
        { id: 3, name: 'Sur' },
      ],
      growth: { Norte: 0.03 },
      scenarios: [
        { name: 'alta', condition: 'Demanda alta', demandMultipliers: { Norte: 1.1 } },
        { name: 'baja', condition: 'Demanda baja', demandMultipliers: { Norte: 0.9 } },
      ],
      projects: [],
      busbars: [5],
    };
    const created = await page.request.post(`${server.url}/api/studies`, {
      headers: { Origin: server.url },
      multipart: {
        case: { name: 'case30.m', mimeType: 'text/plain', buffer: case30 },
        study: JSON.stringify(study),
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    // Its computation draws the study's network, which the window's map marks.
    const { jobId: studyJob } = (await created.json()) as { jobId: string };
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await (await page.request.get(`${server.url}/api/jobs/${studyJob}`)).json()) as {
        state: string;
      };
      if (job.state === 'done') break;
      if (job.state === 'failed' || Date.now() > deadline)
        throw new Error(`study job ${job.state}`);
      await page.waitForTimeout(200);
    }

    await page.goto(`${server.url}/ventanas?nueva`);
    await page.getByRole('heading', { level: 2, name: 'Nueva ventana' }).waitFor();
    await page.getByRole('radio', { name: /Un estudio \(asignación firme\)/ }).check();
    await page
      .getByRole('combobox', { name: 'Estudio' })
      .selectOption({ label: 'Plan de prueba (4 casos escenario × año)' });
    await page.getByRole('textbox', { name: 'Nombre de la ventana' }).fill('Firme 2026–2028');
    const typed = [
      { id: 'R1', bus: '2', mw: '60' },
      { id: 'R2', bus: '5', mw: '80' },
      { id: 'R3', bus: '13', mw: '40', year: '2028' },
    ];
    for (const [i, request] of typed.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Agregar solicitud' }).click();
      const row = i + 1;
      await page.getByRole('textbox', { name: `ID de la solicitud ${row}` }).fill(request.id);
      await page.getByRole('textbox', { name: `Barra de la solicitud ${row}` }).fill(request.bus);
      await page.getByRole('textbox', { name: `MW de la solicitud ${row}` }).fill(request.mw);
      if (request.year) {
        await page
          .getByRole('textbox', { name: `Año de entrada de la solicitud ${row}` })
          .fill(request.year);
      }
    }
    await page.getByRole('button', { name: 'Crear y calcular ventana' }).click();
    await page.waitForURL(/\/ventanas\?ventana=/);
    const windowId = new URL(page.url()).searchParams.get('ventana')!;
    await page.getByTestId('window-rule-max').waitFor({ timeout: 60_000 });
    await page
      .getByText(/Estudio Plan de prueba \(versión 1, firme en 4 casos escenario × año\)/)
      .waitFor();

    const detail: WindowDetailResponse = windowDetailResponseSchema.parse(
      await (await page.request.get(`${server.url}/api/windows/${windowId}`)).json(),
    );
    const result = detail.result!;
    expect(result.situations?.length).toBe(4);
    expect(result.requests.find((r) => r.id === 'R3')?.year).toBe(2028);
    const max = result.rules.max;
    if (!max.ok) throw new Error('max failed');
    const short = max.awards.find(
      (a) => a.status !== 'complete' && a.binding[0]?.kind === 'constraint',
    );
    expect(short, 'a request held by a constraint under max').toBeDefined();
    const binding = short!.binding[0]!;
    await page.getByRole('button', { name: 'Máximo total' }).click();
    await page.getByRole('radio', { name: `Ver la explicación de ${short!.id}` }).check();
    const explanation = page.getByTestId('window-explanation');
    await explanation.getByText('Con la regla máximo total recibe').waitFor();
    expect(await explanation.textContent()).toContain(
      `en el caso ${binding.scenario} ${binding.year}`,
    );
    await page.getByRole('radio', { name: 'Ver la explicación de R3' }).check();
    await explanation
      .getByText('Entra en 2028: cuenta en los casos de ese año y los siguientes.')
      .waitFor();
    // The map draws the study's base network with every request's bus marked.
    const buses = new Set(result.requests.map((r) => r.bus));
    await waitForNetwork(
      page,
      (hook) => hook.coloredBuses === buses.size && hook.markers.length === buses.size,
      `${buses.size} marked buses on the study's network`,
    );
    await saveScreenshot(page, 'windows-study');
  });

  it('computes a window on the case’s own contingencies: the choice in «Opciones», the set named in its header, and a request held by a double circuit explained', async () => {
    const page = await analysedCase30(
      'ventanas-contingencias@example.co',
      'case_ACTIVSg200.m',
      activsg200,
    );
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    // The planner's list, as /analisis «Contingencias» stores it (its own spec drives that card):
    // every branch alone, 30 pairs of branches that share a bus together, 5 units.
    const text = activsg200.toString('latin1');
    const start = text.indexOf('mpc.branch = [');
    const branches = text
      .slice(text.indexOf('\n', start) + 1, text.indexOf('];', start))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('%'))
      .map((line) => line.split(/\s+/).map(Number));
    const rows: string[] = [];
    let label = 0;
    branches.forEach((_, k) => rows.push(`  ${++label} 0 CT_TBRCH ${k + 1} BR_STATUS CT_REP 0;`));
    let pairs = 0;
    for (let k = 1; k < branches.length && pairs < 30; k += 3) {
      const j = branches.findIndex(
        (b, x) => x < k && (b[0] === branches[k]![0] || b[1] === branches[k]![1]),
      );
      if (j < 0) continue;
      label++;
      rows.push(`  ${label} 0 CT_TBRCH ${j + 1} BR_STATUS CT_REP 0;`);
      rows.push(`  ${label} 0 CT_TBRCH ${k + 1} BR_STATUS CT_REP 0;`);
      pairs++;
    }
    for (const g of [1, 5, 9, 13, 17])
      rows.push(`  ${++label} 0 CT_TGEN ${g} GEN_STATUS CT_REP 0;`);
    const contab = ['define_constants;', 'chgtab = [', ...rows, '];'].join('\n');
    const put = await page.request.put(`${server.url}/api/cases/${caseId}/contingency-set`, {
      data: Buffer.from(contab, 'latin1'),
      headers: { 'content-type': 'text/plain', 'x-file-name': 'plan.m' },
    });
    expect(put.status(), await put.text()).toBe(200);
    const total = branches.length + pairs + 5;
    const requestsOf = [10, 25, 47, 60, 88, 105, 130, 160, 177, 195].map((bus, i) => ({
      id: `S${i + 1}`,
      bus,
      mw: 150,
      priority: i + 1,
    }));

    // The form: «Las contingencias del caso» in «Opciones», with the case's file and count.
    await page.goto(`${server.url}/ventanas?nueva`);
    await page.getByRole('heading', { level: 2, name: 'Nueva ventana' }).waitFor();
    await page.getByRole('combobox', { name: 'Caso analizado' }).selectOption({ index: 1 });
    await page.getByRole('textbox', { name: 'Nombre de la ventana' }).fill('Ventana N-2');
    await page.locator('summary', { hasText: 'Opciones' }).click();
    const onSet = page.getByRole('radio', { name: /^Las contingencias del caso/ });
    await expect.poll(() => onSet.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page
      .getByText(`plan.m: ${new Intl.NumberFormat('es-CO').format(total)} contingencias`)
      .waitFor();
    await onSet.check();
    await page.getByLabel('Archivo de solicitudes (Excel o JSON)').setInputFiles({
      name: 'solicitudes.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ requests: requestsOf })),
    });
    await page.getByText('Se agregaron 10 solicitudes de «solicitudes.json»').waitFor();
    await page.getByRole('button', { name: 'Crear y calcular ventana' }).click();
    await page.waitForURL(/\/ventanas\?ventana=/);
    await page.getByTestId('window-rule-max').waitFor({ timeout: 60_000 });
    await page.getByText(/^Contingencias: las del caso — plan\.m, /).waitFor();
    await saveScreenshot(page, 'windows-on-set');

    // The same window with the units' output as the sink (its room, 201 MW by default on this
    // case, would bind first), through the API: a request a double circuit or a unit holds.
    const created = await page.request.post(`${server.url}/api/windows`, {
      data: {
        caseId,
        name: 'Ventana N-2, sumidero por producción',
        requests: requestsOf,
        options: { contingencies: 'case-set', sink: 'initial-output' },
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    const { windowId } = (await created.json()) as { windowId: string };
    let detail: WindowDetailResponse | null = null;
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${server.url}/api/windows/${windowId}`);
          detail = windowDetailResponseSchema.parse(await answer.json());
          return detail.state;
        },
        { timeout: 90_000 },
      )
      .toBe('done');
    const max = detail!.result!.rules.max;
    if (!max.ok) throw new Error('max failed');
    // The explanation lists every constraint that holds the request back.
    const bySet = (a: (typeof max.awards)[number]) =>
      a.binding.find((b) => b.setContingency != null && b.contingency === null);
    const held = max.awards.find((a) => bySet(a) !== undefined);
    expect(held, 'a request held by a contingency of several elements or a unit').toBeDefined();
    const binding = bySet(held!)!;
    await page.goto(`${server.url}/ventanas?ventana=${windowId}`);
    await page.getByTestId('window-rule-max').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Máximo total' }).click();
    await page
      .getByRole('radio', { name: `Ver la explicación de ${held!.id}`, exact: true })
      .check();
    const explanation = page.getByTestId('window-explanation');
    await explanation.getByText('Con la regla máximo total recibe').waitFor();
    expect(binding.setContingency!.name).toMatch(/^Contingencia \d+: /);
    expect(await explanation.textContent()).toContain(`«${binding.setContingency!.name}»`);
    await saveScreenshot(page, 'windows-on-set-explanation');
  }, 240_000);
});
