// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  apiRoutes,
  busbarCapacityHistogramResponseSchema,
  busbarCapacityPageResponseSchema,
  caseReportWords,
  exportWords,
  reportWords,
  resultSummaryResponseSchema,
  uploadResponseSchema,
  type BaseCase,
  type BusbarCapacityPageResponse,
  type BusbarCapacityRow,
} from '@holgura/contracts';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import { TestClient } from '../auth/auth.test-support';
import { pdfText } from '../report/pdf-kit';
import { esNumber, mwText } from '../report/report-text';
import { signedIn, upload, waitForJob } from '../uploads/uploads.test-support';
import {
  binLabel,
  busLabel,
  busNotes,
  contingencyText,
  figureMw,
  limitingText,
  optionRows,
} from './case-report-format';
import {
  capacityContext,
  caseReportModel,
  highestBuses,
  lowestBuses,
  pdfReport,
  type CaseReportCapacityDone,
  type CaseReportInput,
} from './case-report-model';
import { caseReportPdf } from './case-report-pdf';
import { caseReportXlsx } from './case-report-xlsx';

const w = caseReportWords;
const activsg200 = readReference('cases/case_ACTIVSg200.m');

/** The text of a PDF, every page, whitespace removed (cells wrap wherever they wrap). */
async function pdfWords(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text: text.replace(/\s+/g, ''), pages: totalPages };
}
const squeeze = (text: string) => pdfText(text).replace(/\s+/g, '');
const expectText = (text: string, expected: string) =>
  expect(text.includes(squeeze(expected)), `the PDF says «${expected}»`).toBe(true);
const expectNoText = (text: string, expected: string) =>
  expect(text.includes(squeeze(expected)), `the PDF does not say «${expected}»`).toBe(false);

async function capacityPage(client: TestClient, caseId: string, query: string) {
  const response = await client.get(`/api/cases/${caseId}/busbar-capacities${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return busbarCapacityPageResponseSchema.parse(response.json());
}

/** Every row of a case, in the table's default order, read page by page as a client does. */
async function allRows(client: TestClient, caseId: string): Promise<BusbarCapacityRow[]> {
  const rows: BusbarCapacityRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await capacityPage(client, caseId, `?pageSize=200&page=${page}`);
    rows.push(...answer.rows);
    if (rows.length >= answer.total) return rows;
  }
}

/** The header row's number: the first row whose first cell is `first`. */
function headerRow(sheet: ExcelJS.Worksheet, first: string): number {
  let found = 0;
  sheet.eachRow((row, number) => {
    if (found === 0 && row.getCell(1).value === first) found = number;
  });
  expect(found, `a row starting «${first}» in ${sheet.name}`).toBeGreaterThan(0);
  return found;
}

/** A row of a sheet's label–value block, by its label. */
function valueOf(sheet: ExcelJS.Worksheet, label: string): ExcelJS.CellValue {
  let value: ExcelJS.CellValue = undefined;
  sheet.eachRow((row) => {
    if (value === undefined && row.getCell(1).value === label) value = row.getCell(2).value;
  });
  return value;
}

/** What the page's table reads a bus's limit against (busbar-capacity-section.tsx). */
function pageContext(page: BusbarCapacityPageResponse) {
  const capMw = page.summary!.capMw;
  const room = page.options?.sinkRoomMw ?? null;
  return { capMw, sinkRoomMw: room !== null && room < capMw ? room : null, noRatedBranch: false };
}

/** How /analisis' table names a row, as the report must: «NOMBRE (número, kV)», MW, element. */
function rowText(row: BusbarCapacityRow, page: BusbarCapacityPageResponse): string {
  const name = `${row.name} (${row.bus}, ${esNumber(row.baseKv, 2)} kV)`;
  return (
    name +
    mwText(row.attributable.capacityMw!) +
    (row.strict.capacityMw === null ? '—' : mwText(row.strict.capacityMw)) +
    (row.attributable.limiting?.monitoredName ??
      limitingText(row, 'attributable', pageContext(page))) +
    (row.attributable.limiting === null
      ? '—'
      : (row.attributable.limiting.contingencyName ?? reportWords.fullNetwork))
  );
}

describe.each(dialects)('an uploaded case’s report on %s (issue #29)', (dialect) => {
  it('downloads the owner’s analysed case as a PDF and a workbook with the figures /analisis reads; 409 before it is done, 404 for another user', async () => {
    const { server, db } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'case-report-owner');
    const uploaded = await upload(ana, activsg200, 'case_ACTIVSg200.m');
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    const { caseId, jobId } = uploadResponseSchema.parse(uploaded.json());

    // Right after the upload: its analysis (and then its capacities) still to compute.
    const early = await ana.get(`/api/cases/${caseId}/report.pdf`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'CASE_REPORT_NOT_READY' } });

    expect((await waitForJob(ana, jobId, 60_000)).state).toBe('done');
    const pending = await capacityPage(ana, caseId, '');
    expect((await waitForJob(ana, pending.jobId!, 60_000)).state).toBe('done');

    // What /analisis reads: the result summary, the capacity pages and the histogram.
    const summaryAnswer = await ana.get(`/api/cases/${caseId}/result/summary`);
    const summary = resultSummaryResponseSchema.parse(summaryAnswer.json());
    const lowest = await capacityPage(ana, caseId, '?pageSize=50');
    const highest = await capacityPage(ana, caseId, '?pageSize=50&order=desc');
    expect(lowest.rows).toHaveLength(50);
    const histogram = busbarCapacityHistogramResponseSchema.parse(
      (await ana.get(`/api/cases/${caseId}/busbar-capacities/histogram`)).json(),
    );

    const pdf = await ana.get(`/api/cases/${caseId}/report.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="informe-case-activsg200.pdf"; filename*=UTF-8''informe-case-activsg200.pdf`,
    );
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const { text, pages } = await pdfWords(pdf.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(8);
    const { network, n1 } = summary.analysis;
    const integer = (value: number) => esNumber(value, 0);
    for (const expected of [
      w.kind.toUpperCase(),
      'case_ACTIVSg200.m',
      'MATPOWER',
      ...Object.values(w.sections),
      `Página 1 de ${pages}`,
      `Página ${pages} de ${pages}`,
      '(hora de Colombia)',
      `${w.file.counts.buses}${integer(network.counts.buses)}`,
      `${w.file.counts.branches}${integer(network.counts.branches)}`,
      `${w.file.counts.generators}${integer(network.counts.generators)}`,
      `${w.file.baseMva}${esNumber(network.baseMva, 2)} MVA`,
      `${w.n1.counts.contingencies}${integer(n1.contingencies)}`,
      `${w.n1.counts.islandingContingencies}${integer(n1.islandingContingencies)}`,
      `${w.n1.counts.baseCaseOverloads}${integer(n1.baseCaseOverloads)}`,
      `${w.n1.counts.overloadedPairs}${integer(n1.overloadedPairs)}`,
      // The options in the words of «Opciones del análisis», and the method.
      `${w.options.labels.capMw}${esNumber(2000, 1)} MW`,
      w.options.ratings.emergency!,
      'f(m|k) = f(m) + LODF(m,k) · f(k)',
    ]) {
      expectText(text, expected);
    }
    // Every top loading with its monitored element, contingency and loading.
    n1.top.forEach((row, i) => {
      expectText(
        text,
        `${i + 1}${row.monitoredName}${row.contingencyName ?? w.n1.baseCase}${mwText(row.flowMw)}${mwText(row.limitMva)}${esNumber(row.loadingPercent, 1, true)}`,
      );
    });
    // The flexibility's levels as the summary has them.
    const flexibility = summary.flexibility!;
    expect(flexibility).not.toBeNull();
    expectText(
      text,
      `${w.flexibility.fcitc.attributable}${mwText(flexibility.figures.attributable.fcitcMw)} MW`,
    );
    for (const level of flexibility.figures.attributable.levels) {
      expectText(
        text,
        `${level.level}${mwText(level.transferMw)}${esNumber(level.flexibilityPercent, 1, true)}${integer(level.constraintCount)}`,
      );
    }
    // The capacity summary and the histogram's counts.
    const capacity = lowest.summary!;
    expectText(
      text,
      `${w.capacity.rows.computed}${integer(capacity.computed)}${integer(capacity.computed)}`,
    );
    expectText(
      text,
      `${w.capacity.rows.median}${mwText(capacity.attributable.medianMw!)} MW${mwText(capacity.strict.medianMw!)} MW`,
    );
    expectText(
      text,
      `${w.capacity.rows.zero}${integer(capacity.attributable.zero)}${integer(capacity.strict.zero)}`,
    );
    for (const bin of histogram.bins) expectText(text, `${binLabel(bin)}${integer(bin.count)}`);
    // The 50 lowest and 50 highest buses, each as the page's table has it, in its order.
    const lowestAt = lowest.rows.map((row) => text.indexOf(squeeze(rowText(row, lowest))));
    const highestAt = highest.rows.map((row) => text.lastIndexOf(squeeze(rowText(row, highest))));
    expect(lowestAt.every((at) => at >= 0)).toBe(true);
    expect(highestAt.every((at) => at >= 0)).toBe(true);
    expect(lowestAt).toEqual([...lowestAt].sort((a, b) => a - b));
    expect(highestAt).toEqual([...highestAt].sort((a, b) => a - b));
    // Generated now, in Bogotá time.
    const today = new Intl.DateTimeFormat('es-CO', {
      dateStyle: 'long',
      timeZone: 'America/Bogota',
    }).format(new Date());
    expectText(text, today);

    const xlsx = await ana.get(`/api/cases/${caseId}/report.xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('informe-case-activsg200.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
      Object.values(w.workbook.sheets),
    );
    // Every bus, in the table's order, both figures as numbers.
    const every = await allRows(ana, caseId);
    expect(every).toHaveLength(200);
    const buses = workbook.getWorksheet(w.workbook.sheets.buses)!;
    const head = headerRow(buses, w.workbook.busColumns.bus);
    every.forEach((row, i) => {
      const cells = buses.getRow(head + 1 + i);
      expect(cells.getCell(1).value).toBe(row.bus);
      expect(cells.getCell(2).value).toBe(busLabel(row));
      expect(cells.getCell(6).value).toBe(row.attributable.capacityMw);
      expect(cells.getCell(6).numFmt).toBe('#,##0.0');
      expect(cells.getCell(10).value).toBe(row.strict.capacityMw);
      expect(cells.getCell(7).value).toBe(
        row.attributable.limiting?.monitoredName ??
          limitingText(row, 'attributable', pageContext(lowest)),
      );
    });
    expect(buses.getRow(head + 1 + every.length).cellCount).toBe(0);
    const n1Sheet = workbook.getWorksheet(w.workbook.sheets.n1)!;
    expect(valueOf(n1Sheet, w.n1.counts.contingencies)).toBe(n1.contingencies);
    expect(valueOf(n1Sheet, w.n1.counts.overloadedPairs)).toBe(n1.overloadedPairs);
    const fileSheet = workbook.getWorksheet(w.workbook.sheets.file)!;
    expect(valueOf(fileSheet, w.file.counts.buses)).toBe(network.counts.buses);
    expect(valueOf(fileSheet, w.file.baseMva)).toBe(network.baseMva);
    const capacitySheet = workbook.getWorksheet(w.workbook.sheets.capacity)!;
    const medianRow = capacitySheet.getRow(headerRow(capacitySheet, w.capacity.rows.median));
    expect(medianRow.getCell(2).value).toBe(capacity.attributable.medianMw);
    expect(medianRow.getCell(3).value).toBe(capacity.strict.medianMw);
    const flexibilitySheet = workbook.getWorksheet(w.workbook.sheets.flexibility)!;
    expect(valueOf(flexibilitySheet, w.flexibility.fcitc.attributable)).toBe(
      flexibility.figures.attributable.fcitcMw,
    );

    // Another user's case is a missing one, in both formats; signed out, 401.
    const bruno = await signedIn(server, 'case-report-other');
    for (const format of ['pdf', 'xlsx']) {
      const hidden = await bruno.get(`/api/cases/${caseId}/report.${format}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ error: { code: 'CASE_NOT_FOUND' } });
      const missing = await bruno.get(`/api/cases/no-such-case/report.${format}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(hidden.json());
      expect(
        (await new TestClient(server).get(`/api/cases/${caseId}/report.${format}`)).statusCode,
      ).toBe(401);
    }

    // While its analysis runs again (a retry), and after it failed: 409, each said in Spanish.
    const setState = (state: 'running' | 'failed' | 'done') =>
      db.updateTable('analysis_jobs').set({ state }).where('id', '=', jobId).execute();
    await setState('running');
    const running = await ana.get(`/api/cases/${caseId}/report.xlsx`);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({
      error: {
        code: 'CASE_REPORT_NOT_READY',
        message: expect.stringMatching(/^El análisis del caso aún no termina/),
      },
    });
    await setState('failed');
    const failed = await ana.get(`/api/cases/${caseId}/report.pdf`);
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({ error: { code: 'CASE_REPORT_ANALYSIS_FAILED' } });
    await setState('done');
    expect((await ana.get(`/api/cases/${caseId}/report.pdf`)).statusCode).toBe(200);

    // The routes are in the API's documentation.
    const openApi = (await ana.get('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    for (const format of ['pdf', 'xlsx']) {
      const operation = openApi.paths[`/api/cases/{caseId}/report.${format}`]?.get;
      expect(operation, format).toBeDefined();
      expect(Object.keys(operation!.responses)).toEqual(
        expect.arrayContaining(['200', '401', '404', '409', '500']),
      );
    }
  });

  it('gives every bus its weak grid, the least figure and what sets it once the case’s short-circuit strength is kept (issue #31)', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'the rows’ reads of the first test; the weak grid is the same query');
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'case-report-weak-grid');
    const uploaded = uploadResponseSchema.parse(
      (await upload(ana, readReference('cases/case30.m'), 'case30.m')).json(),
    );
    expect((await waitForJob(ana, uploaded.jobId, 60_000)).state).toBe('done');
    const { caseId } = uploaded;
    const pending = await capacityPage(ana, caseId, '');
    expect((await waitForJob(ana, pending.jobId!, 60_000)).state).toBe('done');

    const read = async () => {
      const xlsx = await ana.get(`/api/cases/${caseId}/report.xlsx`);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const buses = workbook.getWorksheet(w.workbook.sheets.buses)!;
      return { buses, head: headerRow(buses, w.workbook.busColumns.bus) };
    };
    const e = exportWords.caseBusbarCapacities;
    // Without a kept short-circuit strength: said, and the weak-grid cells empty.
    const before = await read();
    expect(before.buses.getRow(before.head - 1).getCell(1).value).toBe(
      `${e.weakGrid.label}: ${e.weakGrid.absent}`,
    );
    expect(before.buses.getRow(before.head + 1).getCell(17).value).toBeNull();

    // X″d = 0.2 p.u. on every unit (a MATPOWER case has none): kept, and in every row.
    const scc = await ana.get(`${apiRoutes.caseShortCircuit.path({ caseId })}?xd=0.2`);
    expect(scc.statusCode, scc.body).toBe(200);
    const { buses, head } = await read();
    expect(buses.getRow(head).getCell(17).value).toBe(e.columns.weakGrid('3'));
    expect(buses.getRow(head).getCell(19).value).toBe(e.columns.limitVariable);
    const every = await allRows(ana, caseId);
    expect(every).toHaveLength(30);
    const variables = new Set<unknown>();
    every.forEach((row, i) => {
      const cells = buses.getRow(head + 1 + i);
      expect(cells.getCell(1).value).toBe(row.bus);
      expect(cells.getCell(17).value).toBe(row.weakGridMw);
      expect(cells.getCell(18).value).toBe(row.attributable.limitMw);
      const variable = row.attributable.limitingVariable ?? null;
      if (variable !== null) expect(cells.getCell(19).value).toBe(e.limitVariables[variable]);
      variables.add(variable);
      expect(cells.getCell(18).numFmt).toBe('#,##0.0');
    });
    // The weak grid sets some buses' figure on this case, the thermal DC figure others'.
    expect(variables.has('weak-grid')).toBe(true);
    expect(variables.size).toBeGreaterThan(1);
    // The PDF's cover says how many, and where to read each.
    const weak = every.filter((row) => row.attributable.limitingVariable === 'weak-grid').length;
    const pdf = await ana.get(`/api/cases/${caseId}/report.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expectText((await pdfWords(pdf.rawPayload)).text, w.cover.weakGrid(String(weak), '3'));
  });

  it('answers 409 for a case that is not an upload (a study’s, or one stored through the API)', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'the case lookup of the first test');
    const { server, db } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const carla = await signedIn(server, 'case-report-api');
    const put = await carla.put('/api/cases/por-la-api', { caseName: 'Guardado por la API' });
    expect(put.statusCode, put.body).toBe(200);
    const row = await db
      .selectFrom('cases')
      .select('user_id')
      .where('case_id', '=', 'por-la-api')
      .executeTakeFirstOrThrow();
    expect(row.user_id).not.toBe('');
    const answer = await carla.get('/api/cases/por-la-api/report.pdf');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: { code: 'CASE_REPORT_NOT_UPLOAD' } });
  });
});

/** A made-up analysed case of `buses` buses, as the source reads it. */
function syntheticInput(buses: number): CaseReportInput {
  const capMw = 2000;
  const rows: BusbarCapacityRow[] = Array.from({ length: buses }, (_, i) => {
    const outside = i === buses - 1;
    const atCap = i % 50 === 7;
    const mw = outside ? null : atCap ? capMw : (i * 37) % 1900;
    const limiting =
      outside || atCap
        ? null
        : {
            monitoredBranch: 1 + (i % 300),
            monitoredName: `LINEA ${i} – ${i + 1} ckt 1`,
            contingencyBranch: i % 5 === 0 ? null : 400 + i,
            contingencyName: i % 5 === 0 ? null : `SALIDA ${i}`,
            distributionFactor: 0.1234,
          };
    return {
      position: i,
      bus: 1000 + i,
      name: `BARRA ${i} ÑUÑOA`,
      baseKv: 230,
      area: 1 + (i % 3),
      zone: 1,
      inTransferIsland: !outside,
      attributable: {
        capacityMw: mw,
        limiting,
        ...(i === 3
          ? {
              acCheck: {
                converged: true,
                acFlowMva: 120,
                acLoadingPercent: 112,
                dcLoadingPercent: 100,
                flagged: true,
              },
            }
          : {}),
      },
      strict: { capacityMw: mw === null ? null : i % 11 === 2 ? 0 : mw, limiting },
      preExistingLimit: mw !== null && mw > 0 && i % 11 === 2,
      worsened: i % 11 === 2 ? limiting : null,
    };
  });
  rows.sort(
    (a, b) =>
      (a.attributable.capacityMw ?? Infinity) - (b.attributable.capacityMw ?? Infinity) ||
      a.position - b.position,
  );
  const bins = (count: number) => [
    { kind: 'zero' as const, fromMw: 0, toMw: 0, count },
    { kind: 'range' as const, fromMw: 0, toMw: 1000, count: buses - 2 * count },
    { kind: 'cap' as const, fromMw: capMw, toMw: capMw, count },
  ];
  const baseCase: BaseCase = {
    slack: 'distributed',
    loadMw: 5000,
    generationMw: 5100,
    mismatchMw: 100,
    mismatchPercent: 2,
    participants: 40,
    unitsAtLimit: 0,
    unabsorbedMw: 0,
    largestChanges: [],
    referenceUnits: [],
    checks: [
      {
        code: 'NO_RATED_BRANCH',
        affects: ['n1', 'flexibility', 'capacity'],
        message: 'no branch is rated',
        params: { branches: buses * 2 },
      },
    ],
  };
  return {
    caseId: 'c-1',
    caseName: 'Caso sintético «Norte»',
    description: null,
    file: { name: 'red.raw', sizeBytes: 123_456, uploadedAt: '2026-03-05T19:00:00Z' },
    facts: {
      schemaVersion: 1,
      network: {
        format: 'psse',
        revision: 33,
        compressed: false,
        baseMva: 100,
        counts: { buses, branches: buses * 2, generators: 40, loads: 90, islands: 1 },
        warnings: [
          { code: 'PARSE_RAW_SECTION_IGNORED', message: 'line 9: ignored', line: 9 },
          { code: 'PARSE_RAW_SECTION_IGNORED', message: 'line 19: ignored', line: 19 },
          { code: 'PARSE_SOMETHING_NEW', message: 'new', line: null },
        ],
      },
      n1: {
        contingencies: 300,
        islandingContingencies: 12,
        monitored: 280,
        baseCaseOverloads: 0,
        overloadedPairs: 4,
        top: [
          {
            monitoredBranch: 3,
            monitoredName: 'LINEA A – B ckt 1',
            contingencyBranch: 9,
            contingencyName: 'LINEA C – D ckt 1',
            flowMw: 130.25,
            limitMva: 100,
            loadingPercent: 130.25,
          },
        ],
        baseCaseTop: [],
      },
      baseCase,
      timingsMs: {},
    },
    flexibility: null,
    options: {
      postContingencyRating: 'emergency',
      distributionFactorCutoff: 0.01,
      sink: 'auto',
      slack: 'distributed',
      capMw,
      contingencies: 'every-branch',
    },
    capacity: {
      state: 'done',
      computedAt: '2026-03-05T19:10:00Z',
      summary: {
        buses,
        computed: buses - 1,
        outsideIsland: 1,
        withPreExistingLimit: 3,
        withWorsenedViolation: 3,
        capMw,
        medianMw: 900,
        attributable: { minMw: 0, medianMw: 900, maxMw: capMw, zero: 1, atCap: 2 },
        strict: { minMw: 0, medianMw: 880, maxMw: capMw, zero: 4, atCap: 2 },
      },
      options: {
        capMw,
        postContingencyRating: 'emergency',
        sink: 'headroom-down',
        distributionFactorCutoff: 0.01,
        contingencies: 300,
        monitored: 280,
        computeMs: 1234,
        sinkRoomMw: 5000,
        slack: 'distributed',
        baseCase,
      },
      histogram: { attributable: bins(1), strict: bins(4), total: buses, outsideIsland: 1 },
      rows,
    },
  };
}

describe('case report files', () => {
  it('carries /analisis’ flags: the input checks, an approximate AC check, a bus outside the island, no rated branch', async () => {
    const input = syntheticInput(120);
    const report = caseReportModel(input, new Date('2026-03-05T20:04:00Z'));
    expect(report.generatedText).toBe('5 de marzo de 2026 a las 3:04 p. m.');
    expect(report.fileStem).toBe('informe-caso-sintetico-norte');
    const { text, pages } = await pdfWords(await caseReportPdf(report));
    expectText(text, `Página ${pages} de ${pages}`);
    expectText(text, 'PSS/E RAW, revisión 33');
    expectText(text, `${w.file.warningTitle('PARSE_RAW_SECTION_IGNORED')}29, 19`);
    expectText(text, w.file.warningTitle('PARSE_SOMETHING_NEW'));
    // NO_RATED_BRANCH as the screen words it beside each figure, and in every bus's row.
    expectText(
      text,
      'así que no hay sobrecargas que mostrar. Eso no quiere decir que la red las soporte.',
    );
    expectText(
      text,
      'estas capacidades son el tope del estudio (2.000,0 MW), no un límite de la red.',
    );
    expectText(text, w.buses.noRated);
    expectText(text, w.buses.acDiffers);
    expectText(text, w.buses.strictZeroWhy);
    expectText(text, w.flexibility.absent);
    expectText(text, w.cover.approximate('1'));
    // The bus outside the island is in neither list; the workbook has it, last.
    expectNoText(text, 'BARRA 119 ÑUÑOA (1119');
    expectText(text, `${w.sections.method}pág. ${pages}`);
    const capacity = report.capacity as CaseReportCapacityDone;
    const context = capacityContext(capacity);
    expect(context).toEqual({ capMw: 2000, sinkRoomMw: null, noRatedBranch: true });
    const low = lowestBuses(capacity.rows);
    const high = highestBuses(capacity.rows);
    expect(low).toHaveLength(50);
    expect(high[0]!.attributable.capacityMw).toBe(2000);
    expect(low.every((row) => row.attributable.capacityMw !== null)).toBe(true);
    const row = low[0]!;
    expectText(
      text,
      `${busLabel(row)}${figureMw(row, 'attributable')}${figureMw(row, 'strict')}${limitingText(row, 'attributable', context)}${contingencyText(row, 'attributable')}${busNotes(row, context).join('; ')}`,
    );

    // The PDF's copy for the report thread keeps only the buses it lists, and reads the same.
    const trimmed = pdfReport(report);
    expect((trimmed.capacity as CaseReportCapacityDone).rows).toHaveLength(100);
    expect((await pdfWords(await caseReportPdf(trimmed))).text).toBe(text);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await caseReportXlsx(report)) as unknown as ArrayBuffer);
    const buses = workbook.getWorksheet(w.workbook.sheets.buses)!;
    const head = headerRow(buses, w.workbook.busColumns.bus);
    const last = buses.getRow(head + 120);
    expect(last.getCell(1).value).toBe(1119);
    expect(last.getCell(6).value).toBeNull();
    expect(last.getCell(7).value).toBe(w.buses.outside);
  });

  it('says the capacities were computed on the planner’s contingency file (issue #30), and which', async () => {
    const input = syntheticInput(40);
    const every = optionRows(caseReportModel(input, new Date('2026-03-05T20:04:00Z')));
    expect(every.map(([label]) => label)).not.toContain(w.options.contingencySet);
    const capacity = input.capacity as Extract<CaseReportInput['capacity'], { state: 'done' }>;
    const onFile: CaseReportInput = {
      ...input,
      capacity: {
        ...capacity,
        options: {
          ...capacity.options,
          contingencySet: {
            fileName: 'dobles.con',
            format: 'psse-con',
            counts: { total: 4154, branch: 3190, multiBranch: 420, generator: 544, mixed: 0 },
            notScreened: 456,
          },
        },
      },
    };
    const report = caseReportModel(onFile, new Date('2026-03-05T20:04:00Z'));
    expect(optionRows(report)).toContainEqual([
      w.options.contingencySet,
      'Archivo dobles.con: 4.154 contingencias (3.190 de una rama, 420 de varias ramas, 544 de unidades, 0 mixtas); 456 no evaluadas',
      w.options.contingencySetMeaning,
    ]);
    expectText((await pdfWords(await caseReportPdf(report))).text, 'Archivo dobles.con: 4.154');
  });

  it('writes ACTIVSg10k-sized capacities (10,000 buses) and says how long it took', async () => {
    const report = caseReportModel(syntheticInput(10_000), new Date());
    const started = performance.now();
    const pdf = await caseReportPdf(report);
    const pdfMs = performance.now() - started;
    const xlsxStarted = performance.now();
    const xlsx = await caseReportXlsx(report);
    const xlsxMs = performance.now() - xlsxStarted;
    console.log(
      `case report of 10,000 buses: PDF ${pdfMs.toFixed(0)} ms, ${(pdf.length / 1024).toFixed(0)} KB; ` +
        `workbook ${xlsxMs.toFixed(0)} ms, ${(xlsx.length / 1024).toFixed(0)} KB`,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
