// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  analysisResultV1Schema,
  createStudyResponseSchema,
  jobStatusSchema,
  studyDetailSchema,
  studyFileSchema,
  studyValidationResponseSchema,
  studyVerificationWords,
  type JobStatus,
  type StudyFileInput,
} from '@holgura/contracts';
import { loadCase, runStudyCase } from '@holgura/engine';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import { newAccount, TestClient } from '../auth/auth.test-support';
import { studyRunOptions, toStudySpec } from './study-results';
import { pdfText } from './report/report-pdf';

const case30 = readReference('cases/case30.m');

/**
 * Issue #31 on case30: one scenario × two years, four busbars, checked in AC and against the
 * weak grid. case30 is MATPOWER (no machine data): X″d = 0,25 p.u. for every unit, and an SCR of
 * 20 so that the weak grid sets some figures (as the engine's own study test does).
 */
const STUDY: StudyFileInput = {
  name: 'Estudio verificado',
  networkLabel: 'IEEE 30 barras (caso de prueba)',
  years: [2026, 2027],
  areas: [
    { id: 1, name: 'Norte' },
    { id: 2, name: 'Centro' },
    { id: 3, name: 'Sur' },
  ],
  growth: { Norte: 0.02 },
  scenarios: [{ name: 'alta', condition: 'Demanda alta', demandMultipliers: { Norte: 1.05 } }],
  projects: [
    {
      name: 'Segundo circuito 2-6',
      inServiceYear: 2027,
      branches: [{ fromBus: 2, toBus: 6, circuit: '2', xPu: 0.18, rateAMva: 65, rateBMva: 65 }],
    },
  ],
  busbars: [5, 12, 27, 30],
  options: {
    tmaxMw: 500,
    preExistingViolations: 'ignore',
    verification: { ac: true, shortCircuit: true, scrMin: 20, xdPu: 0.25 },
  },
};

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  expect((await client.post('/api/auth/sign-up/email', newAccount(who))).statusCode).toBe(200);
  return client;
}

async function post(client: TestClient, url: string, study: StudyFileInput) {
  const data = new FormData();
  data.append('case', new Blob([new Uint8Array(case30)]), 'case30.m');
  data.append('study', JSON.stringify(study));
  const request = new Request('http://x/', { method: 'POST', body: data });
  return client.request({
    method: 'POST',
    url,
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
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

/** Runs `study` through the API and answers its detail. */
async function runStudy(client: TestClient, study: StudyFileInput) {
  const created = await post(client, '/api/studies', study);
  expect(created.statusCode, created.body).toBe(202);
  const { studyId, jobId } = createStudyResponseSchema.parse(created.json());
  expect((await waitForJob(client, jobId)).state).toBe('done');
  return studyDetailSchema.parse((await client.get(`/api/studies/${studyId}`)).json());
}

describe.each(dialects)('a study checked beyond DC thermal on %s (issue #31)', (dialect) => {
  it('stores and answers each busbar × case’s AC, weak-grid and verified figures as the engine gives them', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'study-verified');

    // The settings cost time: the summary's estimate says so.
    const validate = async (study: StudyFileInput) =>
      studyValidationResponseSchema.parse((await post(ana, '/api/studies/validate', study)).json());
    const checked = await validate(STUDY);
    const dcOnly = await validate({
      ...STUDY,
      options: { ...STUDY.options, verification: undefined },
    });
    expect(checked.valid).toBe(true);
    expect(checked.study!.options.verification).toEqual(STUDY.options!.verification);
    expect(dcOnly.study!.options.verification).toBeUndefined();
    expect(checked.summary!.estimatedSeconds).toBeGreaterThanOrEqual(
      dcOnly.summary!.estimatedSeconds,
    );

    const detail = await runStudy(ana, STUDY);
    expect(detail.study.options.verification).toEqual(STUDY.options!.verification);

    // The engine on the same study, case by case, as the worker ran it.
    const parsed = studyFileSchema.parse(STUDY);
    const { network } = await loadCase(new Uint8Array(case30));
    const spec = toStudySpec(parsed);
    let weakGrid = 0;
    let acChecked = 0;
    for (const item of detail.cases) {
      const engine = runStudyCase(
        network,
        spec,
        spec.scenarios.find((s) => s.name === item.scenario)!,
        item.year,
        studyRunOptions(parsed),
      );
      expect(engine.shortCircuit?.status).toBe('ok');
      expect(item.shortCircuit).toEqual({
        status: 'ok',
        machines: engine.shortCircuit!.machines,
        xdPu: 0.25,
        scrMin: 20,
      });
      expect(item.shortCircuit!.machines.fromXd).toBeGreaterThan(0);
      expect(item.busbars.map((b) => b.bus)).toEqual([5, 12, 27, 30]);
      for (const busbar of item.busbars) {
        const label = `${item.name}/${busbar.bus}`;
        const c = engine.capacities.find((x) => x.busNumber === busbar.bus)!;
        const v = c.verification!;
        const answered = busbar.verification!;
        expect(busbar.capacityMw, label).toBeCloseTo(c.capacityMw, 9);
        expect(answered.capacityMw, label).toBeCloseTo(v.capacityMw, 9);
        expect(answered.limitingVariable, label).toBe(v.limitingVariable);
        expect(answered.acMw, label).toBeCloseTo(v.ac!.acMw, 9);
        expect(answered.acContingencies, label).toBe(
          v.ac!.checkedContingencies.filter((k) => k >= 0).length,
        );
        expect(answered.acLimiting, label).toEqual(
          v.ac!.acLimiting === null
            ? null
            : {
                variable: v.ac!.acLimiting.variable,
                elementName: v.ac!.acLimiting.elementName,
                contingencyName: v.ac!.acLimiting.contingencyName,
              },
        );
        expect(answered.weakGridMw, label).toBeCloseTo(v.strength!.weakGridMw, 9);
        expect(answered.sccMinMva, label).toBeCloseTo(v.strength!.sccMinMva, 9);
        // «Capacidad» is the least of the AC (≤ DC) and weak-grid figures.
        expect(answered.capacityMw).toBeCloseTo(Math.min(answered.acMw!, answered.weakGridMw!), 9);
        expect(answered.acMw!).toBeLessThanOrEqual(busbar.capacityMw + 1e-9);
        if (answered.limitingVariable === 'weak-grid') weakGrid++;
        acChecked++;
      }
    }
    expect(acChecked).toBe(8);
    expect(weakGrid).toBeGreaterThan(0);

    // Each busbar case keeps the whole check with its result (GET …/data).
    const stored = analysisResultV1Schema.parse(
      (
        (await ana.get(`/api/cases/${detail.cases[0]!.busbars[0]!.caseId}/data`)).json() as {
          analysis: unknown;
        }
      ).analysis,
    );
    expect(stored.busbarCapacity!.verification).toMatchObject({
      shortCircuit: { status: 'ok', xdPu: 0.25, scrMin: 20 },
      ac: { dcMw: detail.cases[0]!.busbars[0]!.capacityMw },
    });

    // The report's workbook and the results' export carry the new columns.
    const report = await ana.get(`/api/studies/${detail.studyId}/report.xlsx`);
    expect(report.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Capacidades')!;
    let header = 0;
    sheet.eachRow((row, number) => {
      if (header === 0 && row.getCell(1).value === 'Número de barra') header = number;
    });
    const headers = (sheet.getRow(header).values as unknown[]).slice(1);
    const words = studyVerificationWords.columns;
    for (const title of [words.dc, words.ac, words.weakGrid, words.variable]) {
      expect(headers).toContain(title);
    }
    expect(headers[6]).toBe('Capacidad (MW)');
    const column = (title: string) => headers.indexOf(title) + 1;
    const first = sheet.getRow(header + 1);
    const figure = detail.cases
      .flatMap((c) => c.busbars.map((b) => ({ c, b })))
      .find(({ c, b }) => c.name === first.getCell(4).value && b.bus === first.getCell(1).value)!;
    expect(first.getCell(7).value).toBeCloseTo(figure.b.verification!.capacityMw, 9);
    expect(first.getCell(column(words.dc)).value).toBeCloseTo(figure.b.capacityMw, 9);
    expect(first.getCell(column(words.ac)).value).toBeCloseTo(figure.b.verification!.acMw!, 9);
    expect(first.getCell(column(words.variable)).value).toBe(
      figure.b.verification!.limitingVariable === null
        ? studyVerificationWords.noVariable
        : studyVerificationWords.variables[figure.b.verification!.limitingVariable],
    );
    const csv = await ana.get(`/api/export/busbar-capacities.csv?studyId=${detail.studyId}`);
    expect(csv.statusCode).toBe(200);
    for (const title of [words.dc, words.ac, words.weakGrid, words.variable]) {
      expect(csv.body).toContain(title);
    }
    const pdf = await ana.get(`/api/studies/${detail.studyId}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(pdf.rawPayload as unknown as ArrayBuffer)),
      { mergePages: true },
    );
    for (const said of [
      'Variable limitante',
      'Red débil',
      'Verificación AC y red débil.',
      'cortocircuito (red débil)',
      'X″d',
    ]) {
      expect(text.replace(/\s+/g, ''), said).toContain(pdfText(said).replace(/\s+/g, ''));
    }
  }, 60_000);

  it('says why a case has no weak-grid figure instead of inventing one: no machine data, no X″d', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'the storage of ‘stores and answers each busbar × case’s…’');
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'study-unavailable');
    const detail = await runStudy(ana, {
      ...STUDY,
      years: [2026],
      options: { ...STUDY.options, verification: { ac: false, shortCircuit: true } },
    });
    const [item] = detail.cases;
    expect(item!.shortCircuit).toMatchObject({ status: 'unavailable', xdPu: null, scrMin: 3 });
    for (const busbar of item!.busbars) {
      expect(busbar.verification).toEqual({
        capacityMw: busbar.capacityMw,
        limitingVariable: busbar.limitingElement === null ? null : 'thermal',
        acMw: null,
        acLimiting: null,
        acContingencies: null,
        weakGridMw: null,
        sccMinMva: null,
      });
    }

    // A study without the setting (older files) is DC only: no verification answered.
    const plain = await runStudy(ana, {
      ...STUDY,
      years: [2026],
      options: { tmaxMw: 500, preExistingViolations: 'ignore' },
    });
    expect(plain.cases[0]!.shortCircuit).toBeUndefined();
    expect(plain.cases[0]!.busbars.every((b) => b.verification === undefined)).toBe(true);
  }, 60_000);
});
