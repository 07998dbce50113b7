import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  apiErrorSchema,
  busbarAcCheckResponseSchema,
  busbarCapacityMapResponseSchema,
  busbarCapacityPageResponseSchema,
  busbarCapacityPaths,
  createAcRunResponseSchema,
  DEFAULT_ANALYSIS_OPTIONS,
  errorMessages,
  shortCircuitResponseSchema,
  uploadResponseSchema,
  type BusbarCapacityRow,
  type CapacityLimitingVariable,
} from '@holgura/contracts';
import { acVerifiedCapacities, loadCase } from '@holgura/engine';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { case30, case9, signedIn, upload, waitForJob } from '../uploads/uploads.test-support';
import { capacityRunOptions } from './busbar-capacities';
import { capacityDb } from './busbar-capacity.tables';

/**
 * Issue #31, «Variable limitante» in «Capacidad por barra»: each bus's weak-grid figure beside
 * its capacity once the case's short-circuit strength is computed, the least of them and what
 * sets it; every bus verified in AC by a background job on two threads, stored as it goes.
 */

const ieee14 = readReference('raw/IEEE_14_bus.raw');
const activsg200 = readReference('cases/case_ACTIVSg200.m');
const quick = { pollIntervalMs: 100 };

/** Uploads a case and waits for its analysis and its capacities. */
async function withCapacities(client: TestClient, bytes: Buffer, name: string) {
  const response = await upload(client, bytes, name);
  expect(response.statusCode, response.body).toBe(202);
  const { caseId, jobId } = uploadResponseSchema.parse(response.json());
  expect((await waitForJob(client, jobId, 60_000)).state).toBe('done');
  for (const deadline = Date.now() + 60_000; ;) {
    const answer = await page(client, caseId);
    if (answer.state === 'done') return { caseId };
    if (answer.state === 'failed' || Date.now() > deadline) throw new Error(answer.state);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function page(client: TestClient, caseId: string, query = '') {
  const response = await client.get(`${busbarCapacityPaths.page(caseId)}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return busbarCapacityPageResponseSchema.parse(response.json());
}

async function allRows(client: TestClient, caseId: string, query = '') {
  const rows: BusbarCapacityRow[] = [];
  for (let n = 1; ; n++) {
    const answer = await page(client, caseId, `?sort=bus&pageSize=200&page=${n}${query}`);
    rows.push(...answer.rows);
    if (rows.length >= answer.total) return { rows, answer };
  }
}

const postAc = (client: TestClient, caseId: string, body: unknown = {}) =>
  client.post(busbarCapacityPaths.acAll(caseId), body);

/** What a row's figure must say with the weak grid counted. */
function expectedLimit(
  figure: BusbarCapacityRow['attributable'],
  weakGridMw: number | null,
): { limitMw: number | null; limitingVariable: CapacityLimitingVariable | null } {
  if (figure.capacityMw === null) return { limitMw: null, limitingVariable: null };
  const ac = figure.acCapacity ?? null;
  const base = ac?.acMw ?? figure.capacityMw;
  const variable =
    ac === null ? (figure.limiting === null ? null : 'thermal') : ac.limitingVariable;
  return weakGridMw !== null && weakGridMw < base
    ? { limitMw: weakGridMw, limitingVariable: 'weak-grid' }
    : { limitMw: base, limitingVariable: variable };
}

describe.each(dialects)(
  '«Variable limitante» in «Capacidad por barra» on %s (issue #31)',
  (dialect) => {
    it('shows each bus’s weak-grid figure once the short-circuit strength is computed, the least of the figures and what sets it, in the page, the map and the CSV', async () => {
      const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
      const planner = await signedIn(app.server, 'weak-grid');
      const { caseId } = await withCapacities(planner, ieee14, 'IEEE_14_bus.raw');

      // Before: no strength, the DC figures alone (thermal where a constraint sets them).
      const before = await allRows(planner, caseId);
      expect(before.answer.weakGrid).toEqual({
        state: 'absent',
        xdPu: null,
        scrMin: null,
        computedAt: null,
      });
      for (const row of before.rows) {
        expect(row.weakGridMw).toBeNull();
        expect(row.attributable).toMatchObject(expectedLimit(row.attributable, null));
      }

      // The case's RAW file has machine data: its strength, kept with the case.
      const strength = await planner.get(`/api/cases/${caseId}/short-circuit`);
      expect(strength.statusCode, strength.body).toBe(200);
      const sc = shortCircuitResponseSchema.parse(strength.json());
      const weakByBus = new Map(sc.buses.map((bus) => [bus.bus, bus.weakGridMw]));
      const after = await allRows(planner, caseId);
      expect(after.answer.weakGrid).toMatchObject({ state: 'available', xdPu: null, scrMin: 3 });
      expect(after.rows).toHaveLength(14);
      for (const row of after.rows) {
        expect(row.weakGridMw).toBe(weakByBus.get(row.bus));
        expect(row.attributable).toMatchObject(expectedLimit(row.attributable, row.weakGridMw!));
        expect(row.strict).toMatchObject(expectedLimit(row.strict, row.weakGridMw!));
      }
      const weak = after.rows.filter((row) => row.attributable.limitingVariable === 'weak-grid');
      expect(weak.length).toBeGreaterThan(0);

      // The map's columns say the same, by bus.
      const map = busbarCapacityMapResponseSchema.parse(
        (await planner.get(busbarCapacityPaths.map(caseId))).json(),
      );
      expect(map.weakGrid?.state).toBe('available');
      const byBus = new Map(after.rows.map((row) => [row.bus, row]));
      map.bus.forEach((bus, i) => {
        const row = byBus.get(bus)!;
        expect(map.limitingVariable![i]).toBe(row.attributable.limitingVariable);
        expect(map.limitMw![i]).toBeCloseTo(row.attributable.limitMw!, 1);
        expect(map.acVerified![i]).toBe(false);
      });

      // The CSV: the weak grid's column and row, and the variable in UPME's words.
      const csv = (await planner.get(busbarCapacityPaths.export(caseId, 'csv'))).body;
      const lines = csv.split('\r\n');
      expect(lines.find((line) => line.startsWith('"Red débil";'))).toContain(
        'Potencia de cortocircuito mínima N-1 / 3 (SCR mínimo)',
      );
      const header = lines.find((line) => line.startsWith('"Número de barra"'))!;
      expect(
        header.endsWith(
          '"Red débil, SCR ≥ 3 (MW)";"Capacidad, la menor (MW)";"Variable limitante"',
        ),
      ).toBe(true);
      const line = lines.find((l) => l.startsWith(`${weak[0]!.bus};`))!;
      expect(line.endsWith('"cortocircuito (red débil)"')).toBe(true);
      await app.server.close();
    }, 120_000);

    it('says why a case without machine data has no weak grid, and keeps the figures an X″d gave', async ({
      skip,
    }) => {
      sqliteOnly(dialect, skip, 'the strength kept in ‘shows each bus’s weak-grid figure’');
      const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
      const planner = await signedIn(app.server, 'weak-grid-xd');
      const { caseId } = await withCapacities(planner, case30, 'case30.m');
      const refused = await planner.get(`/api/cases/${caseId}/short-circuit`);
      expect(refused.statusCode).toBe(422);
      const none = await allRows(planner, caseId);
      expect(none.answer.weakGrid?.state).toBe('unavailable');
      expect(none.rows.every((row) => row.weakGridMw === null)).toBe(true);

      const given = await planner.get(`/api/cases/${caseId}/short-circuit?xd=0.2`);
      expect(given.statusCode, given.body).toBe(200);
      const withXd = await allRows(planner, caseId);
      expect(withXd.answer.weakGrid).toMatchObject({ state: 'available', xdPu: 0.2, scrMin: 3 });
      expect(withXd.rows.every((row) => row.weakGridMw !== null)).toBe(true);
      // Asked again without X″d: refused, and the figures given by the X″d stay.
      expect((await planner.get(`/api/cases/${caseId}/short-circuit`)).statusCode).toBe(422);
      expect((await page(planner, caseId)).weakGrid?.state).toBe('available');
      // The kept answer is the one given again.
      const again = await planner.get(`/api/cases/${caseId}/short-circuit?xd=0.2`);
      expect(again.json()).toEqual(given.json());
      await app.server.close();
    }, 120_000);

    it('verifies every bus in AC as a background job, stores each, and names the variable with the weak grid counted', async () => {
      const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
      const planner = await signedIn(app.server, 'ac-all');
      const { caseId } = await withCapacities(planner, ieee14, 'IEEE_14_bus.raw');
      const first = await page(planner, caseId);
      expect(first.acRun).toBeNull();
      expect(first.acAll).toMatchObject({ buses: 14, limitMinutes: 60 });

      const response = await postAc(planner, caseId, { figure: 'attributable' });
      expect(response.statusCode, response.body).toBe(202);
      const run = createAcRunResponseSchema.parse(response.json());
      expect(run).toMatchObject({ caseId, existing: false, buses: 14 });
      const job = await waitForJob(planner, run.jobId, 120_000);
      expect(job).toMatchObject({
        kind: 'ac-capacity',
        caseId,
        state: 'done',
        progressPercent: 100,
      });

      // Every bus verified, as the engine's batch verifies it (to its 0,1 MW bracket).
      const { network } = await loadCase(new Uint8Array(ieee14));
      const options = capacityRunOptions({ ...DEFAULT_ANALYSIS_OPTIONS });
      const engine = acVerifiedCapacities(network, {
        capMw: options.capMw,
        postRating: options.postRating,
        preExisting: 'ignore',
        figure: 'attributable',
        slack: options.slack!,
        distributionFactorCutoff: options.distributionFactorCutoff!,
        threads: 1,
      });
      const { rows, answer } = await allRows(planner, caseId);
      expect(answer.acRun).toMatchObject({
        jobId: run.jobId,
        figure: 'attributable',
        state: 'done',
        total: 14,
        verified: 14,
      });
      expect(answer.acAll?.buses).toBe(0);
      for (const result of engine.results) {
        const row = rows.find((r) => r.bus === result.busNumber)!;
        const ac = row.attributable.acCapacity!;
        expect(ac.dcMw).toBe(row.attributable.capacityMw);
        expect(Math.abs(ac.acMw - result.acMw)).toBeLessThanOrEqual(0.1);
        expect(ac.limitingVariable).toBe(result.limitingVariable);
        // The job verifies the figure, not the single flow at its limit: not asked, not «none».
        expect(row.attributable.acCheck).toBeUndefined();
        expect(row.strict.acCapacity).toBeUndefined();
      }
      const variables = new Set(rows.map((row) => row.attributable.limitingVariable));
      expect(variables.has('voltage') || variables.has('reactive-power')).toBe(true);

      // With the strength computed, the weak grid takes over where it is lower.
      expect((await planner.get(`/api/cases/${caseId}/short-circuit`)).statusCode).toBe(200);
      const both = await allRows(planner, caseId);
      for (const row of both.rows) {
        expect(row.attributable).toMatchObject(expectedLimit(row.attributable, row.weakGridMw!));
      }
      const named = new Set(both.rows.map((row) => row.attributable.limitingVariable));
      expect(named.has('weak-grid')).toBe(true);
      const map = busbarCapacityMapResponseSchema.parse(
        (await planner.get(busbarCapacityPaths.map(caseId))).json(),
      );
      expect(map.acVerified!.every(Boolean)).toBe(true);

      // Nothing left: refused; one bus's AC check keeps the job's figure and adds its flow.
      const again = await postAc(planner, caseId, { figure: 'attributable' });
      expect(again.statusCode).toBe(409);
      expect(apiErrorSchema.parse(again.json()).error.code).toBe('BUSBAR_AC_ALL_NOTHING');
      const limited = both.rows.find((row) => row.attributable.limiting !== null);
      if (limited !== undefined) {
        const check = busbarAcCheckResponseSchema.parse(
          (await planner.get(busbarCapacityPaths.acCheck(caseId, limited.bus))).json(),
        );
        expect(check.acCapacity).toEqual(limited.attributable.acCapacity);
        expect(check.acCheck).not.toBeNull();
        const row = (await allRows(planner, caseId)).rows.find((r) => r.bus === limited.bus)!;
        expect(row.attributable.acCheck).toEqual(check.acCheck);
      }

      // The strict figure is a run of its own.
      const strict = await postAc(planner, caseId, { figure: 'strict', minKv: 100 });
      expect(strict.statusCode, strict.body).toBe(202);
      const strictRun = createAcRunResponseSchema.parse(strict.json());
      expect(strictRun.buses).toBe(rows.filter((row) => row.baseKv >= 100).length);
      expect((await waitForJob(planner, strictRun.jobId, 120_000)).state).toBe('done');
      const strictRows = (await allRows(planner, caseId)).rows;
      for (const row of strictRows) {
        expect(row.strict.acCapacity !== undefined).toBe(row.baseKv >= 100);
      }
      await app.server.close();
    }, 180_000);

    it('refuses what it cannot run: another user’s case, a bad case id, a bad figure, capacities not ready, a verification past the server’s limit', async ({
      skip,
    }) => {
      sqliteOnly(dialect, skip, 'the job queued and stored in ‘verifies every bus in AC’');
      // 0,05 min (3 s): ACTIVSg200's buses (about 4 s) are past it, its 17 buses of 230 kV not.
      const app = await buildTestApp(
        {
          workers: 1,
          jobLimits: {
            maxCaseBuses: 50_000,
            maxStudyCases: 5_000,
            maxStudyHours: 2,
            jobTimeLimitMinutes: 30,
            smallCaseBuses: 5_000,
            maxAcVerificationMinutes: 0.05,
          },
        },
        { dialect, ...quick },
      );
      const planner = await signedIn(app.server, 'ac-refusals');
      const uploaded = await upload(planner, activsg200, 'case_ACTIVSg200.m');
      const { caseId } = uploadResponseSchema.parse(uploaded.json());
      // Right after the upload: its capacities are not there yet.
      const early = await postAc(planner, caseId);
      expect(early.statusCode).toBe(409);
      expect(apiErrorSchema.parse(early.json()).error.code).toBe('BUSBAR_CAPACITIES_NOT_READY');
      for (const deadline = Date.now() + 60_000; (await page(planner, caseId)).state !== 'done';) {
        if (Date.now() > deadline) throw new Error('capacities not done');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      const other = await signedIn(app.server, 'ac-refusals-other');
      const foreign = await postAc(other, caseId);
      expect(foreign.statusCode).toBe(404);
      expect(apiErrorSchema.parse(foreign.json()).error.code).toBe('CASE_NOT_FOUND');
      expect((await postAc(planner, 'c-does-not-exist')).statusCode).toBe(404);
      // A path parameter that is no case id names nothing: not found, as every route does.
      const bad = await postAc(planner, 'no*es*un*caso');
      expect(bad.statusCode).toBe(404);
      expect(apiErrorSchema.parse(bad.json()).error.code).toBe('CASE_NOT_FOUND');
      expect((await postAc(planner, caseId, { figure: 'both' })).statusCode).toBe(400);

      const estimate = (await page(planner, caseId)).acAll!;
      expect(estimate.buses).toBeGreaterThan(150);
      expect(estimate.seconds).toBeGreaterThan(3);
      const tooLong = await postAc(planner, caseId);
      expect(tooLong.statusCode).toBe(422);
      const error = apiErrorSchema.parse(tooLong.json()).error;
      expect(error.code).toBe('BUSBAR_AC_ALL_TOO_LARGE');
      expect(error.message).toContain(errorMessages.BUSBAR_AC_ALL_TOO_LARGE);
      expect(error.message).toContain(`Verificar ${estimate.buses} barras tomaría unos`);
      expect(error.message).toContain('(MAX_AC_VERIFICATION_MINUTES)');
      // Fewer buses, by the table's filters: it runs.
      const fewer = await postAc(planner, caseId, { minKv: 230 });
      expect(fewer.statusCode, fewer.body).toBe(202);
      const run = createAcRunResponseSchema.parse(fewer.json());
      expect(run.buses).toBe(17);
      // One at a time per result: asked again while it is on its way, the same job.
      const same = await postAc(planner, caseId, { minKv: 115 });
      if (same.statusCode === 202) {
        expect(createAcRunResponseSchema.parse(same.json())).toMatchObject({
          jobId: run.jobId,
          existing: true,
        });
      }
      expect((await waitForJob(planner, run.jobId, 120_000)).state).toBe('done');
      await app.server.close();
    }, 180_000);

    it('a worker that dies under every slice fails the job with a clear error, and loses nothing stored before', async ({
      skip,
    }) => {
      sqliteOnly(dialect, skip, 'the job queued and stored in ‘verifies every bus in AC’');
      const app = await buildTestApp(
        { workers: 1 },
        {
          dialect,
          ...quick,
          workerUrl: new URL('./test-fixtures/ac-run-crash-worker.ts', import.meta.url),
        },
      );
      const planner = await signedIn(app.server, 'ac-crash');
      const { caseId } = await withCapacities(planner, activsg200, 'case_ACTIVSg200.m');
      // 17 buses at 230 kV: verified and stored.
      const small = createAcRunResponseSchema.parse(
        (await postAc(planner, caseId, { minKv: 230 })).json(),
      );
      expect((await waitForJob(planner, small.jobId, 120_000)).state).toBe('done');
      // Every other bus: the thread dies under it, every attempt.
      const big = await postAc(planner, caseId);
      expect(big.statusCode, big.body).toBe(202);
      const run = createAcRunResponseSchema.parse(big.json());
      expect(run.buses).toBeGreaterThan(100);
      const job = await waitForJob(planner, run.jobId, 120_000);
      expect(job).toMatchObject({ state: 'failed', attempts: 3 });
      expect(job.error).toEqual({
        code: 'JOB_WORKER_CRASHED',
        message: errorMessages.JOB_WORKER_CRASHED,
      });
      const { rows, answer } = await allRows(planner, caseId);
      expect(answer.acRun).toMatchObject({
        jobId: run.jobId,
        state: 'failed',
        total: run.buses,
        verified: 0,
        error: { code: 'JOB_WORKER_CRASHED' },
      });
      const verified = rows.filter((row) => row.attributable.acCapacity !== undefined);
      expect(verified).toHaveLength(17);
      expect(verified.every((row) => row.baseKv >= 230)).toBe(true);
      const stored = await capacityDb(app.db)
        .selectFrom('busbar_capacity_ac_checks')
        .select(['job_id'])
        .execute();
      expect(stored.map((row) => row.job_id)).toEqual(Array(17).fill(small.jobId));
      await app.server.close();
    }, 180_000);

    // On PostgreSQL, pg-boss delivers each turn again (the job's delivery key is its turn's).
    it('gives its turn away between slices: another user’s upload is not held up by a long verification', async () => {
      const app = await buildTestApp({ workers: 1 }, { dialect, ...quick, acSliceBuses: 4 });
      const ana = await signedIn(app.server, 'ac-turns-ana');
      const { caseId } = await withCapacities(ana, activsg200, 'case_ACTIVSg200.m');
      const run = createAcRunResponseSchema.parse(
        (await postAc(ana, caseId, { minKv: 230 })).json(),
      );
      expect(run.buses).toBe(17);
      // Wait for it to start, then another user uploads.
      for (const deadline = Date.now() + 60_000; ;) {
        const state = (await page(ana, caseId)).acRun?.state;
        if (state === 'running') break;
        if (state === 'done' || Date.now() > deadline) throw new Error(`verification ${state}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const bea = await signedIn(app.server, 'ac-turns-bea');
      const theirs = uploadResponseSchema.parse((await upload(bea, case9, 'case9.m')).json());
      const beaJob = await waitForJob(bea, theirs.jobId, 60_000);
      expect(beaJob.state).toBe('done');
      const acJob = await waitForJob(ana, run.jobId, 120_000);
      expect(acJob.state).toBe('done');
      // Bea's analysis ended while the verification still had slices to go: it gave its turn
      // away (one thread), and took it again after.
      expect(beaJob.finishedAt! < acJob.finishedAt!).toBe(true);
      expect(acJob.startedAt! >= beaJob.finishedAt!).toBe(true);
      const { answer } = await allRows(ana, caseId);
      expect(answer.acRun).toMatchObject({ state: 'done', total: 17, verified: 17 });
      await app.server.close();
    }, 180_000);

    it('a cancelled verification keeps what it stored, and asking again goes on with the rest', async ({
      skip,
    }) => {
      sqliteOnly(dialect, skip, 'the job queued and stored in ‘verifies every bus in AC’');
      const app = await buildTestApp({ workers: 1 }, { dialect, ...quick, acSliceBuses: 2 });
      const planner = await signedIn(app.server, 'ac-cancel');
      const { caseId } = await withCapacities(planner, activsg200, 'case_ACTIVSg200.m');
      const first = createAcRunResponseSchema.parse(
        (await postAc(planner, caseId, { minKv: 230 })).json(),
      );
      // Some slices stored, then the owner stops it.
      for (const deadline = Date.now() + 60_000; ;) {
        const run = (await page(planner, caseId)).acRun!;
        if (run.verified >= 4) break;
        if (run.state === 'done' || Date.now() > deadline) throw new Error(`run ${run.state}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const cancel = await planner.post(`/api/jobs/${first.jobId}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await waitForJob(planner, first.jobId)).state).toBe('cancelled');
      const stopped = await allRows(planner, caseId);
      const kept = stopped.rows.filter((row) => row.attributable.acCapacity !== undefined).length;
      expect(stopped.answer.acRun).toMatchObject({ state: 'cancelled', total: first.buses });
      expect(stopped.answer.acRun!.verified).toBe(kept);
      expect(kept).toBeGreaterThanOrEqual(4);
      expect(kept).toBeLessThan(first.buses);

      // Asked again: only the rest.
      const second = createAcRunResponseSchema.parse(
        (await postAc(planner, caseId, { minKv: 230 })).json(),
      );
      expect(second.existing).toBe(false);
      expect(second.buses).toBe(first.buses - kept);
      expect((await waitForJob(planner, second.jobId, 120_000)).state).toBe('done');
      const all = await allRows(planner, caseId);
      expect(all.rows.filter((row) => row.attributable.acCapacity !== undefined)).toHaveLength(
        first.buses,
      );
      await app.server.close();
    }, 180_000);
  },
);
