import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  busbarCapacityHistogramResponseSchema,
  busbarCapacityMapResponseSchema,
  busbarCapacityPageResponseSchema,
  busbarCapacityPaths,
  createStudyResponseSchema,
  studyDetailSchema,
  studyFileSchema,
  type StudyFileInput,
  DEFAULT_ANALYSIS_OPTIONS,
} from '@holgura/contracts';
import type { ClaimedJob } from '../../jobs/claimed-job';
import { runStudyCaseJob } from '../studies/study-case';
import { studyJobStore } from '../studies/study-jobs.repository';
import { buildTestApp, dialects } from '../../app.test-support';
import { smallDemoDir } from '../demo/demo.test-support';
import { case30, signedIn, waitForJob } from '../uploads/uploads.test-support';
import { capacityDb } from './busbar-capacity.tables';
import { postStudy } from '../studies/studies.test-support';
import { allRows, engineRows } from './capacity-rows.test-support';

/**
 * Issue #17 for studies: every scenario × year case of a user's study carries the capacity of
 * every bus of its own network (the one the study built, not the base case), read through the
 * same routes as an analysed case's from any of its busbar cases.
 */

/** 2 scenarios × 2 years on case30, a line entering in 2027 (so the networks differ). */
const STUDY: StudyFileInput = {
  name: 'Estudio con capacidad por barra',
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
      demandMultipliers: { Norte: 1.3 },
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
  options: { tmaxMw: 500 },
};

const quick = { pollIntervalMs: 100 };

describe.each(dialects)('busbar capacities of a study’s cases on %s', (dialect) => {
  it('stores every bus of each scenario × year network, equal to the engine’s, for its owner only', async () => {
    const { server, db } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'study-capacity-ana');
    const bruno = await signedIn(server, 'study-capacity-bruno');
    const created = await postStudy(ana, STUDY);
    expect(created.statusCode, created.body).toBe(202);
    const { studyId, jobId } = createStudyResponseSchema.parse(created.json());
    expect((await waitForJob(ana, jobId, 60_000)).state).toBe('done');
    const detail = studyDetailSchema.parse((await ana.get(`/api/studies/${studyId}`)).json());
    expect(detail.cases).toHaveLength(4);

    const byCase: number[][] = [];
    for (const slice of detail.cases) {
      const expected = await engineRows(new Uint8Array(case30), STUDY, slice.scenario, slice.year);
      // Every busbar case of the slice reads the same capacities: the network's, every bus.
      for (const busbar of slice.busbars) {
        const { rows, answer } = await allRows(ana, busbar.caseId);
        expect(answer.total).toBe(30);
        expect(rows, `${slice.name}, from bus ${busbar.bus}'s case`).toEqual(expected);
        expect(answer.options).toMatchObject({ capMw: 500, postContingencyRating: 'emergency' });
        expect(answer.summary).toMatchObject({ buses: 30, capMw: 500 });
        // The study's own figure for the bus (preExisting 'ignore', the default since issue #25)
        // is the attributable one.
        const row = rows.find((r) => r.bus === busbar.bus)!;
        expect(row.attributable.capacityMw!, `${slice.name} bus ${busbar.bus}`).toBeCloseTo(
          busbar.capacityMw,
          6,
        );
      }
      byCase.push(expected.map((row) => row.attributable.capacityMw ?? -1));

      const caseId = slice.busbars[0]!.caseId;
      const histogram = busbarCapacityHistogramResponseSchema.parse(
        (await ana.get(busbarCapacityPaths.histogram(caseId))).json(),
      );
      expect(histogram).toMatchObject({ state: 'done', total: 30, capMw: 500 });
      expect(histogram.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(
        30 - histogram.outsideIsland,
      );
      const map = busbarCapacityMapResponseSchema.parse(
        (await ana.get(busbarCapacityPaths.map(caseId))).json(),
      );
      expect(map.bus).toEqual(expected.map((row) => row.bus));
      const csv = await ana.get(busbarCapacityPaths.export(caseId, 'csv'));
      expect(csv.statusCode).toBe(200);
      // Another user's study case is not found; its capacities are not queued by a POST.
      const other = await bruno.get(busbarCapacityPaths.page(caseId));
      expect(other.statusCode).toBe(404);
      expect(apiErrorSchema.parse(other.json()).error.code).toBe('CASE_NOT_FOUND');
      const queued = await ana.request({ method: 'POST', url: busbarCapacityPaths.page(caseId) });
      expect(queued.statusCode).toBe(409);
    }
    // The scenario × year networks differ, and so do their capacities.
    expect(new Set(byCase.map((c) => c.join(','))).size).toBeGreaterThan(1);

    // One stored result per scenario × year case, all shown; none left behind by the job.
    const cdb = capacityDb(db);
    const results = await cdb
      .selectFrom('busbar_capacity_results')
      .innerJoin('cases', 'cases.case_id', 'busbar_capacity_results.case_id')
      .select(['busbar_capacity_results.shown_at', 'cases.scenario', 'cases.year'])
      .where('cases.study_id', '=', studyId)
      .execute();
    expect(results).toHaveLength(4);
    expect(results.every((r) => r.shown_at !== null)).toBe(true);
    const job = await db
      .selectFrom('analysis_jobs')
      .select('slices_done')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job.slices_done).toBe(4);

    // Deleting the study deletes its capacities.
    const deleted = await ana.request({ method: 'DELETE', url: `/api/studies/${studyId}` });
    expect(deleted.statusCode).toBe(204);
    expect(await cdb.selectFrom('busbar_capacity_results').select('result_key').execute()).toEqual(
      [],
    );
    expect(
      await cdb.selectFrom('busbar_capacity_rows').select('result_key').limit(1).execute(),
    ).toEqual([]);
  });

  it('computes a case again when its capacities were not shown (a crash), writing nothing twice', async () => {
    const { server, db } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'study-capacity-crash');
    const study: StudyFileInput = { ...STUDY, years: [2026], scenarios: [STUDY.scenarios[1]!] };
    const created = await postStudy(ana, study);
    expect(created.statusCode, created.body).toBe(202);
    const { studyId, jobId } = createStudyResponseSchema.parse(created.json());
    expect((await waitForJob(ana, jobId, 60_000)).state).toBe('done');
    const cdb = capacityDb(db);
    const shown = await cdb
      .selectFrom('busbar_capacity_results')
      .select(['result_key', 'case_id'])
      .execute();
    expect(shown).toHaveLength(1);

    // A crash after the busbar cases and the hidden rows were written, before the showing
    // transaction: the job is running again (a new attempt), the rows are there, not shown.
    await cdb
      .updateTable('busbar_capacity_results')
      .set({ shown_at: null })
      .where('result_key', '=', shown[0]!.result_key)
      .execute();
    await db
      .updateTable('analysis_jobs')
      .set({ state: 'running', attempts: 2, slices_done: 0 })
      .where('id', '=', jobId)
      .execute();
    const job: ClaimedJob = {
      id: jobId,
      userId: (await db
        .selectFrom('studies')
        .select('user_id')
        .where('study_id', '=', studyId)
        .executeTakeFirstOrThrow())!.user_id,
      kind: 'study',
      caseId: null,
      caseName: '',
      studyId,
      studyVersion: 1,
      uploadSha256: '',
      studyGroup: null,
      options: { ...DEFAULT_ANALYSIS_OPTIONS },
      caseBuses: null,
      attempts: 2,
      slicesDone: 0,
    };
    const store = studyJobStore(db);
    const plan = (await store.plan(job))!;
    expect(plan.pending).toEqual([{ scenario: 'baja', year: 2026 }]);
    const before = await ana.get(busbarCapacityPaths.page(shown[0]!.case_id));
    expect(busbarCapacityPageResponseSchema.parse(before.json()).state).toBe('absent');

    // The next attempt computes the case again: the busbar cases stay as they were, the dead
    // attempt's rows go, the new ones are shown.
    const computed = await runStudyCaseJob({
      baseKey: 'test',
      bytes: new Uint8Array(case30),
      study: studyFileSchema.parse(study),
      scenario: 'baja',
      year: 2026,
    });
    if (!computed.ok) throw new Error(computed.detail);
    // A stale attempt writes nothing.
    const stale = { ...job, attempts: 1 };
    expect(
      await store.storeCase(stale, plan.pending[0]!, computed.cases, computed.capacities, {
        percent: 50,
        stage: 'x',
      }),
    ).toBe('stopped');
    expect(
      await store.storeCase(job, plan.pending[0]!, computed.cases, computed.capacities, {
        percent: 50,
        stage: 'x',
      }),
    ).toBe('stored');
    const busbarCases = await db
      .selectFrom('cases')
      .select('case_id')
      .where('study_id', '=', studyId)
      .execute();
    expect(busbarCases).toHaveLength(3);
    const after = await cdb
      .selectFrom('busbar_capacity_results')
      .select(['result_key', 'shown_at'])
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]!.result_key).not.toBe(shown[0]!.result_key);
    expect(after[0]!.shown_at).not.toBeNull();
    const rows = await cdb
      .selectFrom('busbar_capacity_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(30);
    expect((await store.plan(job))!.pending).toEqual([]);
    const { answer } = await allRows(ana, busbarCases[0]!.case_id);
    expect(answer.total).toBe(30);
  });
});

describe.each(dialects)('busbar capacities of the demo study’s cases on %s', (dialect) => {
  it('are read by every signed-in user from any busbar case of a slice, never computed by one', async () => {
    const { server, demoReady } = await buildTestApp({ demoDir: smallDemoDir() }, { dialect });
    expect(await demoReady).toBe('loaded');
    const ana = await signedIn(server, 'demo-capacity-ana');
    const bruno = await signedIn(server, 'demo-capacity-bruno');
    const detail = studyDetailSchema.parse((await ana.get('/api/studies/demo')).json());
    const slice = detail.cases.find((c) => c.scenario === 'baja' && c.year === 2027)!;
    const [first, second] = slice.busbars.map((b) => b.caseId);
    const fromAna = await allRows(ana, first!);
    expect(fromAna.answer).toMatchObject({ state: 'done', total: 30 });
    expect(fromAna.answer.summary).toMatchObject({ buses: 30, capMw: 500 });
    // Another user, and another busbar case of the slice: the same answer.
    expect((await allRows(bruno, first!)).rows).toEqual(fromAna.rows);
    expect((await allRows(bruno, second!)).rows).toEqual(fromAna.rows);
    const histogram = busbarCapacityHistogramResponseSchema.parse(
      (await bruno.get(busbarCapacityPaths.histogram(second!))).json(),
    );
    expect(histogram).toMatchObject({ state: 'done', total: 30, capMw: 500 });
    const map = busbarCapacityMapResponseSchema.parse(
      (await bruno.get(busbarCapacityPaths.map(second!))).json(),
    );
    expect(map.bus).toEqual(fromAna.rows.map((row) => row.bus));
    const csv = await bruno.get(busbarCapacityPaths.export(first!, 'csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').length).toBeGreaterThan(30);
    // Another slice's network differs: its own result.
    const other = detail.cases.find((c) => c.scenario === 'alta' && c.year === 2026)!;
    const fromOther = await allRows(bruno, other.busbars[0]!.caseId);
    expect(fromOther.rows).not.toEqual(fromAna.rows);
    // Signed in only; and nobody queues a computation on a demo case (not theirs).
    const anonymous = await server.inject({ method: 'GET', url: busbarCapacityPaths.page(first!) });
    expect(anonymous.statusCode).toBe(401);
    const queued = await bruno.request({ method: 'POST', url: busbarCapacityPaths.page(first!) });
    expect(queued.statusCode).toBe(404);
    expect(apiErrorSchema.parse(queued.json()).error.code).toBe('CASE_NOT_FOUND');
  });
});
