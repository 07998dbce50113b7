// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  createStudyResponseSchema,
  jobStatusSchema,
  reportWords,
  studyDetailSchema,
  studyFileSchema,
  type JobStatus,
  type StudyDetail,
  type StudyFileInput,
} from '@holgura/contracts';
import { loadCase } from '@holgura/engine';
import { buildTestApp, dialects, sqliteOnly } from '../../../app.test-support';
import { newAccount, TestClient } from '../../auth/auth.test-support';
import { smallDemoDir } from '../../demo/demo.test-support';
import { buildNetworkView } from '../../network/network-view';
import type { StudiesService } from '../studies.service';
import { esNumber, mwText } from './report-format';
import { studyReportModel, type StudyReport } from './report-model';
import { niceScale, pdfText, studyReportPdf } from './report-pdf';
import { studyReportSource } from './report-source';
import { studyReportXlsx } from './report-xlsx';

const case30 = readReference('cases/case30.m');

/** 2 scenarios × 2 years on case30, a line entering in the second year, 3 busbars. */
const STUDY: StudyFileInput = {
  name: 'Informe de prueba «Norte»',
  description: 'Capacidad de conexión en tres barras para el informe.',
  networkLabel: 'IEEE 30 barras (caso de prueba)',
  years: [2026, 2027],
  areas: [
    { id: 1, name: 'Norte' },
    { id: 2, name: 'Centro' },
    { id: 3, name: 'Sur' },
  ],
  growth: { Norte: 0.02, Sur: 0.01 },
  scenarios: [
    {
      name: 'alta',
      condition: 'Demanda alta en el Norte',
      demandMultipliers: { Norte: 1.05 },
      interchanges: [{ name: 'Exportación', bus: 30, mw: -5 }],
    },
    { name: 'baja', condition: 'Demanda baja', demandMultipliers: { Norte: 0.95, Sur: 0.9 } },
  ],
  projects: [
    {
      name: 'Segundo circuito 2-6',
      inServiceYear: 2027,
      branches: [{ fromBus: 2, toBus: 6, circuit: '2', xPu: 0.18, rateAMva: 65, rateBMva: 65 }],
    },
  ],
  busbars: [5, 12, 27],
};

/** The text of a PDF, every page, whitespace removed (cells wrap wherever they wrap). */
async function pdfWords(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text: text.replace(/\s+/g, ''), pages: totalPages };
}
const squeeze = (text: string) => pdfText(text).replace(/\s+/g, '');
/** `text` (from pdfWords) has `expected`, named alone when it does not (not the whole PDF). */
const expectText = (text: string, expected: string) =>
  expect(text.includes(squeeze(expected)), `the PDF says «${expected}»`).toBe(true);
const expectNoText = (text: string, expected: string) =>
  expect(text.includes(squeeze(expected)), `the PDF does not say «${expected}»`).toBe(false);

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  expect((await client.post('/api/auth/sign-up/email', newAccount(who))).statusCode).toBe(200);
  return client;
}

async function createStudy(client: TestClient, study: StudyFileInput) {
  const data = new FormData();
  data.append('case', new Blob([case30]), 'case30.m');
  data.append('study', JSON.stringify(study));
  const request = new Request('http://x/', { method: 'POST', body: data });
  const response = await client.request({
    method: 'POST',
    url: '/api/studies',
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
  expect(response.statusCode, response.body).toBe(202);
  return createStudyResponseSchema.parse(response.json());
}

async function waitForJob(client: TestClient, jobId: string): Promise<JobStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = jobStatusSchema.parse((await client.get(`/api/jobs/${jobId}`)).json());
    if (['done', 'failed', 'cancelled'].includes(status.state)) return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every figure of a study's detail, as /resultados' cards read them. */
const figuresOf = (detail: StudyDetail) =>
  detail.cases.flatMap((item) => item.busbars.map((busbar) => ({ item, busbar })));

describe.each(dialects)('study report on %s', (dialect) => {
  it('downloads the owner’s study as a PDF and a workbook with the figures the study page has; another user gets 404', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'a study stored and read in studies.test.ts');
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'report-owner');
    const { studyId, jobId } = await createStudy(ana, STUDY);
    expect((await waitForJob(ana, jobId)).state).toBe('done');
    const detail = studyDetailSchema.parse((await ana.get(`/api/studies/${studyId}`)).json());
    const figures = figuresOf(detail);
    expect(figures).toHaveLength(12);

    const pdf = await ana.get(`/api/studies/${studyId}/report.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="informe-informe-de-prueba-norte.pdf"; filename*=UTF-8''informe-informe-de-prueba-norte.pdf`,
    );
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfWords(pdf.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(5);
    for (const expected of [
      STUDY.name,
      STUDY.description!,
      STUDY.networkLabel,
      'case30.m',
      ...Object.values(reportWords.sections),
      `Página 1 de ${pages}`,
      `Página ${pages} de ${pages}`,
      '(hora de Colombia)',
      // Inputs and options, in the product's words.
      'Demanda alta en el Norte',
      'Norte × 1,05',
      'Exportación',
      'Segundo circuito 2-6',
      'Tope de capacidad (MW)',
      'Capacidad poscontingencia',
      'Emergencia',
      'Corte del factor de distribución',
      'Atribuible a la conexión',
      'Despacho base',
      'Distribuido entre las unidades',
      'f(m|k) = f(m) + LODF(m,k) · f(k)',
    ]) {
      expectText(text, expected);
    }
    // Each busbar named «NOMBRE (número, kV)» from the study's network, and every figure with
    // its limiting element and contingency.
    const { network } = await loadCase(new Uint8Array(case30));
    const view = buildNetworkView(network);
    for (const bus of STUDY.busbars) {
      const index = view.buses.number.indexOf(bus);
      const kv = esNumber(view.buses.baseKv[index]!, 2);
      expectText(text, `${view.buses.name[index]} (${bus}, ${kv} kV)`);
    }
    for (const { item, busbar } of figures) {
      const row =
        `${item.scenario}${item.year}${mwText(busbar.capacityMw)}` +
        (busbar.limitingElement === null
          ? reportWords.detail.capReached
          : `${busbar.limitingElement}${busbar.contingency ?? reportWords.fullNetwork}`);
      expectText(text, row);
    }
    // Generated now, in Bogotá time.
    const today = new Intl.DateTimeFormat('es-CO', {
      dateStyle: 'long',
      timeZone: 'America/Bogota',
    }).format(new Date());
    expectText(text, today);

    const xlsx = await ana.get(`/api/studies/${studyId}/report.xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('informe-informe-de-prueba-norte.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Entradas',
      'Opciones',
      'Capacidades',
      'Capacidad por año',
      'Método',
    ]);
    const sheet = workbook.getWorksheet('Capacidades')!;
    let header = 0;
    sheet.eachRow((row, number) => {
      if (header === 0 && row.getCell(1).value === 'Número de barra') header = number;
    });
    expect(header).toBeGreaterThan(0);
    expect(sheet.getRow(header).getCell(7).value).toBe('Capacidad (MW)');
    const rows = figures.map((_, i) => sheet.getRow(header + 1 + i));
    expect(sheet.getRow(header + 1 + figures.length).cellCount).toBe(0);
    const read = new Map(
      rows.map((row) => [`${row.getCell(4).value}/${row.getCell(1).value}`, row]),
    );
    for (const { item, busbar } of figures) {
      const row = read.get(`${item.name}/${busbar.bus}`)!;
      expect(row.getCell(7).value).toBe(busbar.capacityMw);
      expect(row.getCell(7).numFmt).toBe('#,##0.0');
      expect(row.getCell(9).value).toBe(busbar.limitingElement ?? reportWords.detail.capReached);
      expect(row.getCell(10).value).toBe(
        busbar.limitingElement === null ? null : (busbar.contingency ?? reportWords.fullNetwork),
      );
    }
    const options = workbook.getWorksheet('Opciones')!;
    expect(options.getRow(3).values).toContain('Tope de capacidad (MW)');
    expect(options.getRow(3).getCell(2).value).toBe(2000);
    const method = workbook.getWorksheet('Método')!;
    expect(String(method.getRow(2).getCell(1).value)).toMatch(/^Qué es la capacidad de conexión/);

    // Another user's study is a missing one, in both formats; signed out, 401.
    const bruno = await signedIn(server, 'report-other');
    for (const format of ['pdf', 'xlsx']) {
      const hidden = await bruno.get(`/api/studies/${studyId}/report.${format}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ error: { code: 'STUDY_NOT_FOUND' } });
      const missing = await bruno.get(
        `/api/studies/00000000-0000-4000-8000-000000000000/report.${format}`,
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(hidden.json());
      expect(
        (await new TestClient(server).get(`/api/studies/${studyId}/report.${format}`)).statusCode,
      ).toBe(401);
    }
    // The routes are in the API's documentation.
    const openApi = (await ana.get('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    for (const format of ['pdf', 'xlsx']) {
      const operation = openApi.paths[`/api/studies/{studyId}/report.${format}`]?.get;
      expect(operation, format).toBeDefined();
      expect(Object.keys(operation!.responses)).toEqual(
        expect.arrayContaining(['200', '401', '404', '409', '500']),
      );
    }
  });

  it('gives every signed-in user the demo study’s report, saying its network is synthetic', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'the demo loaded in demo-loader.test.ts');
    const { server, demoReady } = await buildTestApp({ demoDir: smallDemoDir() }, { dialect });
    expect(await demoReady).toBe('loaded');
    const carla = await signedIn(server, 'report-demo');
    const detail = studyDetailSchema.parse((await carla.get('/api/studies/demo')).json());
    const pdf = await carla.get('/api/studies/demo/report.pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('informe-estudio-demostracion.pdf');
    const { text } = await pdfWords(pdf.rawPayload);
    expectText(text, reportWords.syntheticNotice);
    expectText(text, reportWords.cover.demo);
    for (const { busbar } of figuresOf(detail)) {
      expectText(text, mwText(busbar.capacityMw));
    }
    // The map is drawn: the stored demo network's legend is there, not the «unavailable» note.
    expectText(text, reportWords.map.legend);
    expectNoText(text, reportWords.map.unavailable);
    expect((await new TestClient(server).get('/api/studies/demo/report.pdf')).statusCode).toBe(401);
  });
});

/** A detail as GET /api/studies/{id} answers, made up: `buses` busbars × scenarios × years. */
function syntheticDetail(buses: number, scenarios: string[], years: number[]): StudyDetail {
  const study = studyFileSchema.parse({
    name: 'Estudio sintético',
    networkLabel: 'Red sintética pública de prueba',
    years,
    scenarios: scenarios.map((name) => ({ name, condition: `Condición ${name}` })),
    busbars: Array.from({ length: buses }, (_, i) => 1000 + i),
    options: { tmaxMw: 2000 },
  });
  return {
    studyId: 's-1',
    name: study.name,
    networkLabel: study.networkLabel,
    state: 'done',
    version: 1,
    resultsVersion: 1,
    jobId: null,
    progressPercent: 100,
    stage: null,
    error: null,
    scenarios: scenarios.length,
    years,
    busbars: buses,
    baseCaseId: null,
    contingencySet: null,
    baseFileName: 'red.m',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    isDemo: false,
    description: '',
    study,
    cases: scenarios.flatMap((scenario, s) =>
      years.map((year, y) => ({
        caseId: `c-${s}-${y}`,
        name: `${scenario}_${year}`,
        scenario,
        year,
        condition: `Condición ${scenario}`,
        projectsInService: [],
        interchanges: [],
        contingencies: 3000,
        busbars: study.busbars.map((bus, b) => {
          const capacityMw = b === 12 && y === 5 ? 2000 : (b * 37 + s * 113 + y * 59) % 2000;
          const atCap = capacityMw >= 2000;
          return {
            bus,
            name: `BARRA ${bus} ÑUÑOA`,
            caseId: `c-${s}-${y}-${bus}`,
            capacityMw: atCap ? 2000 : capacityMw + 0.25,
            tmaxMw: 2000,
            limitingBranch: atCap ? null : 10 + b,
            limitingElement: atCap ? null : `LINEA ${b}-${b + 1} 500 kV`,
            contingencyBranch: atCap || b % 4 === 0 ? null : 20 + b,
            contingency: atCap || b % 4 === 0 ? null : `LINEA ${b + 2}-${b + 3}`,
            preExistingViolation: b % 7 === 3,
            ...(b % 9 === 5 ? { acCheck: 'differs' as const } : {}),
          };
        }),
      })),
    ),
  };
}

describe('study report files', () => {
  it('writes a demo-sized study (25 busbars × 3 scenarios × 6 years) as a PDF and a workbook, and says how long it took', async () => {
    const detail = syntheticDetail(
      25,
      ['alta', 'media', 'baja'],
      [2026, 2027, 2028, 2029, 2030, 2031],
    );
    const report = studyReportModel(detail, null, new Date('2026-03-05T20:04:00Z'));
    expect(report.figures).toHaveLength(450);
    expect(report.generatedText).toBe('5 de marzo de 2026 a las 3:04 p. m.');
    const started = performance.now();
    const pdf = await studyReportPdf(report);
    const pdfMs = performance.now() - started;
    const xlsxStarted = performance.now();
    const xlsx = await studyReportXlsx(report);
    const xlsxMs = performance.now() - xlsxStarted;
    console.log(
      `report of 450 figures: PDF ${pdfMs.toFixed(0)} ms, ${(pdf.length / 1024).toFixed(0)} KB; ` +
        `workbook ${xlsxMs.toFixed(0)} ms, ${(xlsx.length / 1024).toFixed(0)} KB`,
    );
    const { text, pages } = await pdfWords(pdf);
    expectText(text, reportWords.syntheticNotice);
    expectText(text, 'BARRA 1000 ÑUÑOA (1000)');
    expectText(text, reportWords.map.unavailable);
    expectText(text, `Página ${pages} de ${pages}`);
    // The flags the figures carry, marked and explained.
    for (const legend of Object.values(reportWords.capacities.legend)) {
      expectText(text, legend);
    }
    expectText(text, reportWords.detail.acDiffers);
    expectText(text, reportWords.detail.preExisting);
    // The contents on the cover point at the pages the sections start on.
    expectText(text, `${reportWords.sections.method}pág. ${pages}`);
  });

  it('answers 409 for a study without results yet and 404 for one it cannot read', async () => {
    const queued = { ...syntheticDetail(1, ['media'], [2026]), resultsVersion: null, cases: [] };
    const service = (detail: StudyDetail | null) =>
      ({ detail: () => Promise.resolve(detail) }) as unknown as StudiesService;
    const db = {} as never;
    expect(await studyReportSource({ db, service: service(queued) }, 'u', 's-1')).toEqual({
      status: 'no-results',
    });
    expect(await studyReportSource({ db, service: service(null) }, 'u', 's-1')).toEqual({
      status: 'not-found',
    });
  });

  it('keeps what the standard fonts can draw and rounds the chart’s axis', () => {
    expect(pdfText('«Ñandú» – 1.234,5 MW · P0 − Pmin ≤ 3 “ok” €')).toBe(
      '«Ñandú» – 1.234,5 MW · P0 - Pmin <= 3 “ok” €',
    );
    expect(pdfText('Łódź 北京')).toBe('?ódz ??');
    expect(niceScale(0)).toEqual([1, 1]);
    expect(niceScale(1234)).toEqual([250, 1250]);
    expect(niceScale(2000)).toEqual([500, 2000]);
  });

  it('names a figure’s limit: an element, the study’s cap, or the room of the generation that compensates', () => {
    const detail = syntheticDetail(1, ['media'], [2026]);
    const busbar = detail.cases[0]!.busbars[0]!;
    const make = (patch: Partial<typeof busbar>) =>
      studyReportModel(
        { ...detail, cases: [{ ...detail.cases[0]!, busbars: [{ ...busbar, ...patch }] }] },
        null,
        new Date(),
      ).figures[0]!;
    expect(make({})).toMatchObject({
      limit: 'element',
      limitingElement: 'LINEA 0-1 500 kV',
      contingency: reportWords.fullNetwork,
    });
    const open = { limitingBranch: null, limitingElement: null, contingency: null };
    expect(make({ ...open, capacityMw: 2000 })).toMatchObject({ limit: 'cap', contingency: null });
    expect(make({ ...open, capacityMw: 812.5 })).toMatchObject({ limit: 'sink-room' });
    const report: StudyReport = studyReportModel(detail, null, new Date());
    expect(report.fileStem).toBe('informe-estudio-sintetico');
    expect(report.synthetic).toBe(true);
  });
});
