import { describe, expect, it } from 'vitest';
import {
  caseDataSchema,
  caseListResponseSchema,
  demoCaseResponseSchema,
  readFullDataJson,
  statsResponseSchema,
  studyDetailSchema,
} from '@holgura/contracts';
import { buildTestApp, dialects, makeTempDir } from '../../app.test-support';
import { newAccount, TestClient } from '../auth/auth.test-support';
import { capacityDb } from '../busbar-capacities/busbar-capacity.tables';
import { allRows, engineRows } from '../busbar-capacities/capacity-rows.test-support';
import { DEMO_DATA_VERSION } from './demo-loader';
import { SMALL_DEMO_STUDY, smallDemoDir, smallDemoStudyNetwork } from './demo.test-support';

describe('demo data on first start', () => {
  it('computes and stores the /demo case and the study, once, visible to every user', async () => {
    const dataDir = makeTempDir('holgura-data-');
    const demoDir = smallDemoDir();
    const first = await buildTestApp({ dataDir, demoDir });
    const visitor = new TestClient(first.server);
    // While it computes, the public figures say so rather than show zeros as figures.
    const computing = statsResponseSchema.parse((await visitor.get('/api/stats')).json());
    expect(computing).toMatchObject({ scenariosAnalysed: 0, demoData: 'computing' });
    expect(await first.demoReady).toBe('loaded');

    const demo = demoCaseResponseSchema.parse((await visitor.get('/api/demo-case')).json());
    const legacy = readFullDataJson(demo.fullDataJson);
    expect(legacy.ok).toBe(true);

    const stats = statsResponseSchema.parse((await visitor.get('/api/stats')).json());
    expect(stats).toMatchObject({
      busbarsEvaluated: 2,
      projectionYears: 2,
      scenariosAnalysed: 8,
      demoData: 'ready',
    });
    expect(stats.totalCapacityMw).toBeGreaterThan(0);

    const ana = new TestClient(first.server);
    await ana.post('/api/auth/sign-up/email', newAccount('demo'));
    // The demo study's cases are read by page (GET /api/cases alone lists the caller's own).
    const demoPage = await ana.get('/api/cases?owner=demo&pageSize=100');
    const cases = caseListResponseSchema.parse(demoPage.json()).cases;
    expect(caseListResponseSchema.parse((await ana.get('/api/cases')).json()).cases).toEqual([]);
    expect(cases).toHaveLength(8);
    expect(cases.every((c) => c.isDemo && c.familyId !== null)).toBe(true);
    expect(new Set(cases.map((c) => c.caseName))).toEqual(
      new Set(['alta_2026', 'alta_2027', 'baja_2026', 'baja_2027']),
    );
    const data = caseDataSchema.parse(
      (await ana.get(`/api/cases/${cases[0]!.caseId}/data`)).json(),
    );
    expect(data.analysis?.busbarCapacity).toMatchObject({
      tmaxMw: 500,
      networkLabel: 'Red IEEE de 30 barras (prueba)',
    });
    const limiting = data.analysis?.busbarCapacity?.limiting;
    expect(limiting, `${cases[0]!.caseName}'s limiting constraint`).toBeTruthy();
    expect(limiting!.acCheck?.converged).toBe(true);
    // The generator chart's data on every limiting constraint: the flow at T = 0 and the plants
    // above the threshold, whose what-if reproduces the capacity: at T = capacity the flow is
    // f0 + d·T = ±limit.
    let withGenerators = 0;
    for (const c of cases) {
      const capacity = caseDataSchema.parse((await ana.get(`/api/cases/${c.caseId}/data`)).json())
        .analysis?.busbarCapacity;
      const lim = capacity?.limiting;
      if (!capacity || !lim) continue;
      expect(lim.generators, c.caseName).toBeDefined();
      expect(lim.flowAtZeroMw, c.caseName).toBeDefined();
      if (!lim.preExistingViolation) {
        const atCapacity = lim.flowAtZeroMw! + lim.distributionFactor * capacity.capacityMw;
        expect(Math.abs(atCapacity)).toBeCloseTo(lim.limitMw, 6);
      }
      for (const g of lim.generators!) expect(Math.abs(g.sensitivity)).toBeGreaterThan(0.01);
      if (lim.generators!.length > 0) withGenerators++;
    }
    expect(withGenerators).toBeGreaterThan(0);
    // Read-only: nobody can overwrite a demo case (its id is reserved, issue #16).
    expect((await ana.put(`/api/cases/${cases[0]!.caseId}`, { caseName: 'mío' })).statusCode).toBe(
      409,
    );

    // Every bus of each scenario × year case (issue #17), as a user's study stores them: the
    // engine's allBusbarCapacities on that case's network with the study's settings, read by
    // any signed-in user from any busbar case of the slice.
    const bruno = new TestClient(first.server);
    await bruno.post('/api/auth/sign-up/email', newAccount('demo-bruno'));
    const detail = studyDetailSchema.parse((await bruno.get('/api/studies/demo')).json());
    expect(detail.cases).toHaveLength(4);
    for (const slice of detail.cases) {
      const expected = await engineRows(
        smallDemoStudyNetwork(),
        SMALL_DEMO_STUDY,
        slice.scenario,
        slice.year,
      );
      expect(expected).toHaveLength(30);
      for (const busbar of slice.busbars) {
        const { rows, answer } = await allRows(bruno, busbar.caseId);
        expect(rows, `${slice.name}, from bus ${busbar.bus}'s case`).toEqual(expected);
        expect(answer.options).toMatchObject({ capMw: 500, postContingencyRating: 'emergency' });
        // The study's own figure for the bus (preExisting 'ignore') is the attributable one.
        const row = rows.find((r) => r.bus === busbar.bus)!;
        expect(row.attributable.capacityMw!, `${slice.name} bus ${busbar.bus}`).toBeCloseTo(
          busbar.capacityMw,
          6,
        );
      }
    }
    const stored = await capacityDb(first.db)
      .selectFrom('busbar_capacity_results')
      .select(['user_id', 'shown_at'])
      .execute();
    expect(stored).toHaveLength(4);
    expect(stored.every((r) => r.user_id === 'system:demo' && r.shown_at !== null)).toBe(true);
    await first.server.close();

    const second = await buildTestApp({ dataDir, demoDir });
    expect(await second.demoReady).toBe('present');
  });

  it.each(dialects)(
    'rebuilds demo data stored in an older format, replacing it, and keeps the current one (%s)',
    async (dialect) => {
      const dataDir = makeTempDir('holgura-data-');
      const demoDir = smallDemoDir();
      const first = await buildTestApp({ dataDir, demoDir }, { dialect });
      expect(await first.demoReady).toBe('loaded');
      // As a deployment from before the generator chart: version 0, results without generators,
      // and a study case the current study no longer has.
      const old = await first.db
        .selectFrom('case_api_data')
        .select(['case_id', 'analysis_json'])
        .executeTakeFirstOrThrow();
      const stripped = JSON.parse(old.analysis_json!) as {
        busbarCapacity: { limiting: Record<string, unknown> | null };
      };
      expect(stripped.busbarCapacity.limiting, 'a limiting constraint to strip').not.toBeNull();
      delete stripped.busbarCapacity.limiting!.generators;
      await first.db
        .updateTable('case_api_data')
        .set({ analysis_json: JSON.stringify(stripped) })
        .where('case_id', '=', old.case_id)
        .execute();
      await first.db
        .insertInto('cases')
        .values({
          case_id: 'demo-99-vieja_2020',
          case_name: 'vieja_2020',
          family_id: '99',
          family_name: 'B99',
          user_id: 'system:demo',
          created_at: new Date().toISOString(),
        })
        .execute();
      await first.db.updateTable('demo_cases').set({ data_version: 0 }).execute();
      await first.server.close();

      const second = await buildTestApp({ dataDir, demoDir }, { dialect, reuseSchemaOf: first });
      expect(await second.demoReady).toBe('loaded');
      const rows = await second.db.selectFrom('demo_cases').select('data_version').execute();
      expect(rows).toEqual([{ data_version: DEMO_DATA_VERSION }]);
      const ids = (await second.db.selectFrom('cases').select('case_id').execute()).map(
        (r) => r.case_id,
      );
      expect(ids).toHaveLength(8);
      expect(ids).not.toContain('demo-99-vieja_2020');
      // The old version's busbar capacities went with its cases: one result per scenario × year.
      const results = await capacityDb(second.db)
        .selectFrom('busbar_capacity_results')
        .select(['case_id', 'job_id'])
        .execute();
      expect(results).toHaveLength(4);
      expect(results.every((r) => r.job_id === `demo-data-v${DEMO_DATA_VERSION}`)).toBe(true);
      expect(new Set(results.map((r) => r.case_id)).size).toBe(4);
      const again = await second.db
        .selectFrom('case_api_data')
        .select('analysis_json')
        .where('case_id', '=', old.case_id)
        .executeTakeFirstOrThrow();
      const rebuilt = JSON.parse(again.analysis_json!) as typeof stripped;
      expect(rebuilt.busbarCapacity.limiting).not.toBeNull();
      expect(rebuilt.busbarCapacity.limiting!.generators).toBeDefined();
      await second.server.close();

      const third = await buildTestApp({ dataDir, demoDir }, { dialect, reuseSchemaOf: first });
      expect(await third.demoReady).toBe('present');
    },
    60_000,
  );

  it('starts without demo data when the folder is missing, and says so in the log', async () => {
    const app = await buildTestApp({ demoDir: makeTempDir('holgura-no-demo-') });
    expect(await app.demoReady).toBe('failed');
    expect((await app.server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
