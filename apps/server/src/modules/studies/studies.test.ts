// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  caseBusesResponseSchema,
  createStudyResponseSchema,
  jobStatusSchema,
  networkViewResponseSchema,
  studyDetailSchema,
  studyFileSchema,
  studyInvalidResponseSchema,
  studyListResponseSchema,
  studyValidationResponseSchema,
  type JobStatus,
  type StudyFileInput,
  apiErrorSchema,
} from '@holgura/contracts';
import { loadCase, runStudy } from '@holgura/engine';
import { studyRunOptions, toStudySpec } from './study-results';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import { buildNetworkView } from '../network/network-view';
import { saveDemoStudyNetwork } from '../network/network.repository';
import { newAccount, TestClient } from '../auth/auth.test-support';

const case30 = readReference('cases/case30.m');

/** 2 scenarios × 2 years on case30 (3 areas), a line entering in the second year, 3 busbars. */
const STUDY: StudyFileInput = {
  name: 'Estudio de prueba',
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

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  expect((await client.post('/api/auth/sign-up/email', newAccount(who))).statusCode).toBe(200);
  return client;
}

/** The request a browser's FormData makes: body bytes and its multipart content type. */
async function form(parts: Record<string, Blob | string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value, name === 'case' ? 'case30.m' : 'estudio.xlsx');
  }
  const request = new Request('http://x/', { method: 'POST', body: data });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function post(client: TestClient, url: string, parts: Record<string, Blob | string>) {
  const { body, headers } = await form(parts);
  return client.request({ method: 'POST', url, body, headers });
}

const caseBlob = new Blob([case30]);
const studyJson = (study: StudyFileInput) => JSON.stringify(study);

async function waitForJob(client: TestClient, jobId: string): Promise<JobStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = jobStatusSchema.parse((await client.get(`/api/jobs/${jobId}`)).json());
    if (['done', 'failed', 'cancelled'].includes(status.state)) return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The same study run by the engine directly (as `holgura study` does), capacity per name. */
async function engineCapacities(study: StudyFileInput) {
  const parsed = studyFileSchema.parse(study);
  const { network } = await loadCase(new Uint8Array(case30));
  const results = runStudy(network, toStudySpec(parsed), studyRunOptions(parsed));
  return new Map(
    results.flatMap((r) => r.capacities.map((c) => [`${r.name}/${c.busNumber}`, c.capacityMw])),
  );
}

const quick = { pollIntervalMs: 100 };

describe.each(dialects)('capacity studies on %s', (dialect) => {
  it('refuses a study past the server’s bounds before anything is stored or run (issue #26)', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'nothing: refused before anything is stored');
    const { server } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'study-too-large');
    // 101 scenarios × 50 years = 5,050 cases: more than MAX_STUDY_CASES (5,000).
    const huge: StudyFileInput = {
      ...STUDY,
      years: Array.from({ length: 50 }, (_, i) => 2026 + i),
      scenarios: Array.from({ length: 101 }, (_, i) => ({
        name: `s${i}`,
        condition: `Escenario ${i}`,
        demandMultipliers: { Norte: 1 + i / 1000 },
      })),
      projects: [],
    };
    const checked = studyValidationResponseSchema.parse(
      (await post(ana, '/api/studies/validate', { case: caseBlob, study: studyJson(huge) })).json(),
    );
    expect(checked.valid).toBe(false);
    expect(checked.problems.map((p) => p.message)).toEqual([
      'El estudio es más grande de lo que este servidor calcula: tiene 5.050 casos (escenarios × años) y el máximo es 5.000 (MAX_STUDY_CASES)',
    ]);
    const refused = await post(ana, '/api/studies', { case: caseBlob, study: studyJson(huge) });
    expect(refused.statusCode).toBe(422);
    expect(apiErrorSchema.parse(refused.json()).error).toEqual({
      code: 'STUDY_TOO_LARGE',
      message:
        'El estudio es más grande de lo que este servidor calcula: tiene 5.050 casos (escenarios × años) y el máximo es 5.000 (MAX_STUDY_CASES)',
    });
    const listed = studyListResponseSchema.parse((await ana.get('/api/studies')).json());
    expect(listed.studies).toEqual([]);
  });

  it('runs a study from a form as a job, with results equal to the engine’s, for its owner only', async () => {
    const { server, db } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'study-ana');
    const bruno = await signedIn(server, 'study-bruno');

    const checked = studyValidationResponseSchema.parse(
      (
        await post(ana, '/api/studies/validate', { case: caseBlob, study: studyJson(STUDY) })
      ).json(),
    );
    expect(checked).toMatchObject({ valid: true, problems: [] });
    expect(checked.summary).toMatchObject({ cases: 4, busbars: 3, busbarCases: 12 });
    expect(checked.summary!.estimatedSeconds).toBeGreaterThan(0);

    const created = await post(ana, '/api/studies', { case: caseBlob, study: studyJson(STUDY) });
    expect(created.statusCode, created.body).toBe(202);
    const { studyId, jobId } = createStudyResponseSchema.parse(created.json());
    const job = await waitForJob(ana, jobId);
    expect(job).toMatchObject({ state: 'done', kind: 'study', studyId, caseId: null });

    const detail = studyDetailSchema.parse((await ana.get(`/api/studies/${studyId}`)).json());
    expect(detail).toMatchObject({ state: 'done', version: 1, resultsVersion: 1 });
    expect(detail.cases.map((c) => c.name)).toEqual([
      'alta_2026',
      'alta_2027',
      'baja_2026',
      'baja_2027',
    ]);
    expect(detail.cases[1]!.projectsInService).toEqual(['Segundo circuito 2-6']);
    expect(detail.cases[0]!.projectsInService).toEqual([]);
    const expected = await engineCapacities(STUDY);
    for (const c of detail.cases) {
      expect(c.busbars.map((b) => b.bus)).toEqual([5, 12, 27]);
      for (const b of c.busbars) {
        expect(b.capacityMw, `capacity of bus ${b.bus} in ${c.name}, MW`).toBeCloseTo(
          expected.get(`${c.name}/${b.bus}`)!,
          9,
        );
      }
    }
    // Each busbar case keeps its full result, and is a family of /resultados.
    const busbarCase = detail.cases[0]!.busbars[0]!.caseId;
    const data = (await ana.get(`/api/cases/${busbarCase}/data`)).json() as {
      analysis: { busbarCapacity: { busNumber: number } };
    };
    expect(data.analysis.busbarCapacity.busNumber).toBe(5);
    const families = await db
      .selectFrom('cases')
      .select('family_id')
      .distinct()
      .where('study_id', '=', studyId)
      .execute();
    expect(families.map((f) => f.family_id).sort()).toEqual(['12', '27', '5']);

    const list = studyListResponseSchema.parse((await ana.get('/api/studies')).json()).studies;
    expect(list.map((s) => s.studyId)).toEqual([studyId]);
    expect(studyListResponseSchema.parse((await bruno.get('/api/studies')).json()).studies).toEqual(
      [],
    );
    for (const url of [`/api/studies/${studyId}`, `/api/studies/${studyId}/study.json`]) {
      expect((await bruno.get(url)).statusCode, url).toBe(404);
    }
    expect((await bruno.get(`/api/cases/${busbarCase}/data`)).statusCode).toBe(404);
    expect(
      (await bruno.request({ method: 'DELETE', url: `/api/studies/${studyId}` })).statusCode,
    ).toBe(404);

    const deleted = await ana.request({ method: 'DELETE', url: `/api/studies/${studyId}` });
    expect(deleted.statusCode).toBe(204);
    expect((await ana.get(`/api/studies/${studyId}`)).statusCode).toBe(404);
    expect((await ana.get(`/api/cases/${busbarCase}/data`)).statusCode).toBe(404);
    const left = await db
      .selectFrom('cases')
      .select('case_id')
      .where('study_id', '=', studyId)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses bad studies naming every field, and stores nothing', async ({ skip }) => {
    sqliteOnly(dialect, skip, 'nothing: refused before anything is stored');
    const { server, db } = await buildTestApp({}, { dialect, ...quick });
    const ana = await signedIn(server, 'study-bad');
    const bad: StudyFileInput = {
      ...STUDY,
      years: [2026, 2150],
      areas: [...STUDY.areas!, { id: 9, name: 'Oeste' }],
      scenarios: [STUDY.scenarios[0]!, { ...STUDY.scenarios[0]! }],
      busbars: [5, 9999],
    };
    const response = await post(ana, '/api/studies', { case: caseBlob, study: studyJson(bad) });
    expect(response.statusCode).toBe(422);
    const body = studyInvalidResponseSchema.parse(response.json());
    expect(body.error.code).toBe('STUDY_INVALID');
    const fields = body.problems.map((p) => p.field);
    expect(fields).toEqual(expect.arrayContaining(['years.1', 'scenarios.1.name']));
    expect(body.error.message).toMatch(/2100/);
    expect(body.error.message).toMatch(/repetido/);

    // Valid as a file, but the network has neither bus 9999 nor area 9.
    const unknown = await post(ana, '/api/studies', {
      case: caseBlob,
      study: studyJson({
        ...STUDY,
        areas: [...STUDY.areas!, { id: 9, name: 'Oeste' }],
        busbars: [5, 9999],
      }),
    });
    expect(unknown.statusCode).toBe(422);
    const problems = studyInvalidResponseSchema.parse(unknown.json()).problems;
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['areas.3.id', expect.stringMatching(/El área 9 .*no está en el caso base/)],
      ['busbars.1', expect.stringMatching(/La barra 9999 .*no está en el caso base/)],
    ]);

    const validated = await post(ana, '/api/studies/validate', {
      studyId: 'a-study-that-is-not-hers',
      study: studyJson(STUDY),
    });
    expect(validated.statusCode).toBe(404);
    expect(validated.json()).toMatchObject({ error: { code: 'STUDY_NOT_FOUND' } });
    const missing = await post(ana, '/api/studies', { study: studyJson(STUDY) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'STUDY_CASE_MISSING' } });
    const notForm = await ana.post('/api/studies', { study: STUDY });
    expect(notForm.statusCode).toBe(415);

    expect(await db.selectFrom('studies').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('uploads').selectAll().execute()).toEqual([]);
  });

  it('lists the buses of a network file, and of an analysed case, for busbar pickers', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'study-buses');
    const response = await post(ana, '/api/networks/buses', { case: caseBlob });
    expect(response.statusCode, response.body).toBe(200);
    const catalog = caseBusesResponseSchema.parse(response.json());
    expect(catalog.buses.number).toHaveLength(30);
    expect(catalog.areas).toEqual([1, 2, 3]);
    expect(catalog.buses.area[catalog.buses.number.indexOf(27)]).toBe(3);

    const upload = await ana.request({
      method: 'POST',
      url: '/api/casesCalculate/calculate',
      body: case30,
      headers: { 'content-type': 'text/plain', 'x-file-name': 'case30.m' },
    });
    const { caseId, jobId } = upload.json() as { caseId: string; jobId: string };
    await waitForJob(ana, jobId);
    const fromCase = caseBusesResponseSchema.parse(
      (await ana.get(`/api/cases/${caseId}/buses`)).json(),
    );
    expect(fromCase).toEqual(catalog);
    const bruno = await signedIn(server, 'study-buses-b');
    expect((await bruno.get(`/api/cases/${caseId}/buses`)).statusCode).toBe(404);

    // A study on that analysed case, named by id instead of sent again.
    const created = await post(ana, '/api/studies', { caseId, study: studyJson(STUDY) });
    expect(created.statusCode, created.body).toBe(202);
    const { studyId, jobId: studyJob } = createStudyResponseSchema.parse(created.json());
    expect((await waitForJob(ana, studyJob)).state).toBe('done');
    const detail = studyDetailSchema.parse((await ana.get(`/api/studies/${studyId}`)).json());
    expect(detail.baseCaseId).toBe(caseId);
    // The study's own network, for its editor: the owner's only.
    const ofStudy = await ana.get(`/api/studies/${studyId}/buses`);
    expect(ofStudy.statusCode, ofStudy.body).toBe(200);
    expect(caseBusesResponseSchema.parse(ofStudy.json())).toEqual(catalog);
    const hidden = await bruno.get(`/api/studies/${studyId}/buses`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: { code: 'STUDY_NOT_FOUND' } });
    expect((await ana.get(`/api/studies/${studyId}/network`)).statusCode).toBe(200);
    expect((await bruno.post('/api/studies', {})).statusCode).toBe(415);
    expect(
      (await post(bruno, '/api/studies', { caseId, study: studyJson(STUDY) })).statusCode,
    ).toBe(404);
  });

  it('reads a study from the Excel template’s format and names the cell of a problem', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'a study stored and run in ‘runs a study from a form as a job’');
    const { server } = await buildTestApp({}, { dialect, ...quick });
    const ana = await signedIn(server, 'study-xlsx');
    const template = await ana.get('/api/studies/template.xlsx');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');

    // The user's own study written in the same format (as "Descargar" of a study gives it).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const busbars = workbook.getWorksheet('Barras')!;
    busbars.getCell('A2').value = 'cinco';
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await post(ana, '/api/studies/validate', {
      case: caseBlob,
      study: new Blob([edited]),
    });
    const checked = studyValidationResponseSchema.parse(response.json());
    expect(checked.valid).toBe(false);
    expect(checked.problems[0]).toMatchObject({ sheet: 'Barras', cell: 'A2' });
  });

  it('keeps the previous results until a new version is complete, and cancels a running one', async () => {
    const { server, db } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'study-versions');
    const created = createStudyResponseSchema.parse(
      (await post(ana, '/api/studies', { case: caseBlob, study: studyJson(STUDY) })).json(),
    );
    await waitForJob(ana, created.jobId);
    // Made from a file: its editor reads the buses of the stored network, not the file again.
    const buses = caseBusesResponseSchema.parse(
      (await ana.get(`/api/studies/${created.studyId}/buses`)).json(),
    );
    expect(buses.buses.number).toHaveLength(30);
    // Its map: the network drawn from the file at the end of the job, for its owner only.
    const map = await ana.get(`/api/studies/${created.studyId}/network`);
    expect(map.statusCode, map.body).toBe(200);
    expect(networkViewResponseSchema.parse(map.json()).network.buses.number).toHaveLength(30);
    const other = await signedIn(server, 'study-versions-b');
    expect((await other.get(`/api/studies/${created.studyId}/network`)).statusCode).toBe(404);
    // The demo's map through the same route, once its network is stored.
    expect((await other.get('/api/studies/demo/network')).statusCode).toBe(404);
    await saveDemoStudyNetwork(db, buildNetworkView((await loadCase(case30)).network));
    const demoMap = await other.get('/api/studies/demo/network');
    expect(demoMap.statusCode, demoMap.body).toBe(200);
    expect(networkViewResponseSchema.parse(demoMap.json()).network.buses.number).toHaveLength(30);

    const edited = { ...STUDY, name: 'Estudio de prueba v2', busbars: [5, 12] };
    const second = await post(ana, `/api/studies/${created.studyId}/versions`, {
      case: caseBlob,
      study: studyJson(edited),
    });
    expect(second.statusCode, second.body).toBe(202);
    const v2 = createStudyResponseSchema.parse(second.json());
    expect(v2.version).toBe(2);
    const during = studyDetailSchema.parse(
      (await ana.get(`/api/studies/${created.studyId}`)).json(),
    );
    expect(during.resultsVersion).toBe(1);
    expect(during.cases[0]!.busbars).toHaveLength(3);
    const busy = await post(ana, `/api/studies/${created.studyId}/versions`, {
      case: caseBlob,
      study: studyJson(edited),
    });
    expect([409, 202]).toContain(busy.statusCode);

    await waitForJob(ana, v2.jobId);
    const after = studyDetailSchema.parse(
      (await ana.get(`/api/studies/${created.studyId}`)).json(),
    );
    expect(after).toMatchObject({ resultsVersion: 2, version: 2, name: 'Estudio de prueba v2' });
    expect(after.cases.every((c) => c.busbars.length === 2)).toBe(true);

    const third = createStudyResponseSchema.parse(
      // No network sent: the new version keeps the previous version's.
      (
        await post(ana, `/api/studies/${created.studyId}/versions`, { study: studyJson(STUDY) })
      ).json(),
    );
    const cancel = await ana.post(`/api/studies/${created.studyId}/cancel`);
    if (cancel.statusCode === 200) {
      expect((await waitForJob(ana, third.jobId)).state).toBe('cancelled');
      const kept = studyDetailSchema.parse(
        (await ana.get(`/api/studies/${created.studyId}`)).json(),
      );
      expect(kept).toMatchObject({ state: 'cancelled', resultsVersion: 2 });
      expect(kept.cases.every((c) => c.busbars.length === 2)).toBe(true);
    } else {
      // The whole version finished before the cancel arrived.
      expect(cancel.statusCode).toBe(409);
    }
  });

  it('creates a study through the SAX-compatible calculation route, its cases in families', async () => {
    const { server, db } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'study-sax');
    const response = await post(ana, '/api/casesCalculate/calculate', {
      case: caseBlob,
      study: studyJson(STUDY),
    });
    expect(response.statusCode, response.body).toBe(202);
    const { studyId, jobId } = createStudyResponseSchema.parse(response.json());
    expect((await waitForJob(ana, jobId)).state).toBe('done');
    const rows = await db
      .selectFrom('cases')
      .select(['family_id', 'case_name'])
      .where('study_id', '=', studyId)
      .execute();
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.family_id))).toEqual(new Set(['5', '12', '27']));
  });
});
