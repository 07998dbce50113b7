import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  apiErrorSchema,
  busbarCapacityHistogramResponseSchema,
  busbarCapacityMapResponseSchema,
  busbarCapacityPageResponseSchema,
  busbarCapacityPaths,
  busbarAcCheckResponseSchema,
  busbarHistogramEdges,
  createBusbarCapacitiesResponseSchema,
  jobStatusSchema,
  uploadResponseSchema,
  type BusbarCapacityRow,
  DEFAULT_ANALYSIS_OPTIONS,
} from '@holgura/contracts';
import {
  acVerifiedCapacity,
  allBusbarCapacities,
  busbarAcCheck,
  loadCase,
  type BusbarFigures,
} from '@holgura/engine';
import type { App } from '../../app';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { signedIn, upload, waitForJob } from '../uploads/uploads.test-support';
import { busbarCapacityJobStore, rowOf } from './busbar-capacity.store';
import { expectedRow } from './capacity-rows.test-support';
import { capacityDb } from './busbar-capacity.tables';

const activsg200 = readReference('cases/case_ACTIVSg200.m');
const case2383wp = readReference('cases/case2383wp.m');
const case118 = readReference('cases/case118.m');

const quick = { pollIntervalMs: 100 };

/** Uploads a case and waits for its analysis; the case and its capacity job (queued with it). */
async function analysedWithCapacities(client: TestClient, bytes: Buffer, name: string) {
  const response = await upload(client, bytes, name);
  expect(response.statusCode, response.body).toBe(202);
  const { caseId, jobId } = uploadResponseSchema.parse(response.json());
  // While the analysis runs: pending, no capacity job yet (it is queued when the analysis ends).
  const early = await page(client, caseId);
  const analysis = jobStatusSchema.parse((await client.get(`/api/jobs/${jobId}`)).json());
  if (analysis.state === 'queued' || analysis.state === 'running') {
    expect(early).toMatchObject({ state: 'pending', jobId: null, total: 0, rows: [] });
  }
  expect((await waitForJob(client, jobId, 60_000)).state).toBe('done');
  const first = await page(client, caseId);
  expect(['pending', 'running', 'done']).toContain(first.state);
  expect(first.jobId).not.toBeNull();
  return { caseId, uploadJobId: jobId, capacityJobId: first.jobId! };
}

async function page(client: TestClient, caseId: string, query = '') {
  const response = await client.get(`${busbarCapacityPaths.page(caseId)}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return busbarCapacityPageResponseSchema.parse(response.json());
}

async function allRows(client: TestClient, caseId: string, query = '') {
  const rows: BusbarCapacityRow[] = [];
  for (let n = 1; ; n++) {
    const answer = await page(client, caseId, `?pageSize=200&page=${n}${query}`);
    rows.push(...answer.rows);
    if (rows.length >= answer.total) return { rows, answer };
  }
}

async function engineOn(bytes: Buffer) {
  const { network } = await loadCase(new Uint8Array(bytes));
  const result = allBusbarCapacities(network, { capMw: 2000, postRating: 'emergency', threads: 1 });
  return { net: network, result };
}

const storedRows = async (app: App, caseId: string) => {
  const cdb = capacityDb(app.db);
  const results = await cdb
    .selectFrom('busbar_capacity_results')
    .select(['result_key', 'shown_at'])
    .where('case_id', '=', caseId)
    .execute();
  const rows = await cdb
    .selectFrom('busbar_capacity_rows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('result_key', 'in', results.length === 0 ? [-1] : results.map((r) => r.result_key))
    .executeTakeFirstOrThrow();
  return { results, rows: Number(rows.n) };
};

describe.each(dialects)('busbar capacities of an analysed case on %s (issue #17)', (dialect) => {
  it('computes every bus after the upload, equal to the engine, served in sorted, filtered pages with an ETag', async () => {
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-pages');
    const { caseId, capacityJobId } = await analysedWithCapacities(
      ana,
      activsg200,
      'case_ACTIVSg200.m',
    );
    const job = await waitForJob(ana, capacityJobId, 60_000);
    expect(job).toMatchObject({ kind: 'capacity', caseId, state: 'done', progressPercent: 100 });

    const { net, result } = await engineOn(activsg200);
    const { rows, answer } = await allRows(ana, caseId, '&sort=bus');
    expect(answer).toMatchObject({ state: 'done', jobId: capacityJobId, total: 200 });
    // Every bus, every field, as the engine gives it on the same file.
    const expected = Array.from(result.buses, (_, i) => expectedRow(net, result, i)).sort(
      (a, b) => a.bus - b.bus,
    );
    expect(rows).toEqual(expected);
    const finite = (f: BusbarFigures) => Array.from(f.capacityMw).filter(Number.isFinite);
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const m = sorted.length >> 1;
      return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
    };
    expect(answer.summary).toMatchObject({
      buses: 200,
      computed: finite(result.attributable).length,
      capMw: 2000,
      medianMw: median(finite(result.attributable)),
    });
    expect(answer.options).toMatchObject({
      capMw: 2000,
      postContingencyRating: 'emergency',
      sink: 'headroom-down',
      distributionFactorCutoff: 0.01,
    });

    // Sorted by the attributable figure, smallest first; ties in file order.
    const byCapacity = await page(ana, caseId, '?pageSize=25');
    const capacities = byCapacity.rows.map((r) => r.attributable.capacityMw!);
    expect(capacities).toEqual([...capacities].sort((a, b) => a - b));
    expect(capacities[0]).toBe(Math.min(...finite(result.attributable)));
    const second = await page(ana, caseId, '?pageSize=25&page=2');
    expect(second.rows[0]!.attributable.capacityMw!).toBeGreaterThanOrEqual(capacities.at(-1)!);
    expect(second.rows.map((r) => r.bus)).not.toContain(byCapacity.rows[0]!.bus);
    const descending = await page(ana, caseId, '?pageSize=10&order=desc&sort=strict');
    expect(descending.rows[0]!.strict.capacityMw).toBe(Math.max(...finite(result.strict)));
    const byName = await page(ana, caseId, '?pageSize=10&sort=name');
    const names = byName.rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    // Filters: a bus number, part of a name (any case), a voltage, an area.
    const one = expected[17]!;
    const byNumber = await page(ana, caseId, `?q=${one.bus}`);
    expect(byNumber.rows.map((r) => r.bus)).toContain(one.bus);
    const part = one.name.slice(0, 4);
    const byPart = await page(
      ana,
      caseId,
      `?q=${encodeURIComponent(part.toLowerCase())}&pageSize=200`,
    );
    expect(byPart.total).toBe(
      expected.filter(
        (r) =>
          r.name.toLowerCase().includes(part.toLowerCase()) ||
          (/^\d+$/.test(part) && r.bus === Number(part)),
      ).length,
    );
    const kv = Math.max(...expected.map((r) => r.baseKv));
    const high = await page(ana, caseId, `?minKv=${kv}&pageSize=200`);
    expect(high.total).toBe(expected.filter((r) => r.baseKv >= kv).length);
    expect(high.rows.every((r) => r.baseKv >= kv)).toBe(true);
    const area = expected[0]!.area;
    const inArea = await page(ana, caseId, `?area=${area}&minKv=&q=`);
    expect(inArea.total).toBe(expected.filter((r) => r.area === area).length);
    expect((await page(ana, caseId, '?q=%25')).total).toBe(0);

    // ETag: the same question answers 304; another question, another tag.
    const first = await ana.get(`${busbarCapacityPaths.page(caseId)}?pageSize=25`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await ana.get(`${busbarCapacityPaths.page(caseId)}?pageSize=25`, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    const other = await ana.get(`${busbarCapacityPaths.page(caseId)}?pageSize=25&page=2`, {
      'if-none-match': etag,
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);

    // Bad questions: Spanish 400s.
    const bad = await ana.get(`${busbarCapacityPaths.page(caseId)}?sort=mw`);
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.message).toBe(
      'El orden debe ser capacity, strict, bus, name, kv o area',
    );
    expect((await ana.get(`${busbarCapacityPaths.page(caseId)}?pageSize=7`)).statusCode).toBe(400);
    expect((await ana.get(`${busbarCapacityPaths.page(caseId)}?minKv=-1`)).statusCode).toBe(400);
    expect((await ana.get(`${busbarCapacityPaths.page(caseId)}?area=1.5`)).statusCode).toBe(400);

    // Histogram: fixed edges up to the cap, every computed bus in one bin.
    const histogram = busbarCapacityHistogramResponseSchema.parse(
      (await ana.get(busbarCapacityPaths.histogram(caseId))).json(),
    );
    const edges = busbarHistogramEdges(2000);
    expect(histogram.bins.map((bin) => bin.kind)).toEqual([
      'zero',
      ...edges.slice(1).map(() => 'range'),
      'cap',
    ]);
    expect(histogram.bins.filter((bin) => bin.kind === 'range').map((bin) => bin.toMw)).toEqual(
      edges.slice(1),
    );
    const values = finite(result.attributable);
    const count = (from: number, to: number) => values.filter((v) => v > 0 && v >= from && v < to);
    for (const bin of histogram.bins) {
      const expectedCount =
        bin.kind === 'zero'
          ? values.filter((v) => v === 0).length
          : bin.kind === 'cap'
            ? values.filter((v) => v >= 2000).length
            : count(bin.fromMw, bin.toMw).length;
      expect(bin.count, `${bin.kind} ${bin.fromMw}–${bin.toMw}`).toBe(expectedCount);
    }
    expect(histogram.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(values.length);
    expect(histogram).toMatchObject({ total: 200, capMw: 2000, figure: 'attributable' });

    // The map's columns, file order, the strict figure.
    const map = busbarCapacityMapResponseSchema.parse(
      (await ana.get(`${busbarCapacityPaths.map(caseId)}?figure=strict`)).json(),
    );
    expect(map.bus).toEqual(Array.from(result.buses, (b) => net.buses.number[b]));
    expect(map.capacityMw).toEqual(
      Array.from(result.strict.capacityMw, (v) =>
        Number.isFinite(v) ? Math.round(v * 10) / 10 : null,
      ),
    );
  });

  it('gives both figures and the worsened violation where pre-existing violations set the strict one (case2383wp)', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'the rows stored and paged in ‘computes every bus after the upload’');
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-figures');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, case2383wp, 'case2383wp.m');
    expect((await waitForJob(ana, capacityJobId, 120_000)).state).toBe('done');
    const { net, result } = await engineOn(case2383wp);
    const limited = Array.from(result.buses.keys()).filter(
      (i) => result.strict.capacityMw[i] === 0 && result.attributable.capacityMw[i]! > 0,
    );
    expect(limited.length).toBeGreaterThan(0);
    const first = await page(ana, caseId, '?sort=strict&pageSize=10');
    expect(first.summary!.withPreExistingLimit).toBe(limited.length);
    expect(first.summary!.strict.zero).toBeGreaterThanOrEqual(limited.length);
    // A few buses field by field, both figures and the violation each worsens most.
    for (const i of [limited[0]!, limited[limited.length >> 1]!, limited.at(-1)!, 0, 1000]) {
      const want = expectedRow(net, result, i);
      // The search matches the bus number exactly and names by part: read every match.
      const { rows } = await allRows(ana, caseId, `&q=${want.bus}`);
      const row = rows.find((r) => r.bus === want.bus);
      expect(row, `bus ${want.bus}`).toEqual(want);
    }
    const row = (await page(ana, caseId, `?q=${net.buses.number[result.buses[limited[0]!]!]}`))
      .rows[0]!;
    expect(row.preExistingLimit).toBe(true);
    expect(row.worsened).not.toBeNull();
    expect(row.strict.capacityMw).toBe(0);
  });

  it('answers another user 404, and computes on demand for a case analysed before it existed', async ({
    skip,
  }) => {
    sqliteOnly(
      dialect,
      skip,
      'a computation POSTed on demand in ‘computes them again with other options’',
    );
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-owner');
    const eve = await signedIn(app.server, 'cap-other');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, activsg200, 'a.m');
    expect((await waitForJob(ana, capacityJobId, 60_000)).state).toBe('done');
    for (const url of [
      busbarCapacityPaths.page(caseId),
      busbarCapacityPaths.histogram(caseId),
      busbarCapacityPaths.map(caseId),
      busbarCapacityPaths.export(caseId, 'csv'),
    ]) {
      const response = await eve.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('CASE_NOT_FOUND');
    }
    expect((await eve.post(busbarCapacityPaths.page(caseId))).statusCode).toBe(404);
    expect((await eve.get(`/api/jobs/${capacityJobId}`)).statusCode).toBe(404);

    // Already there: POST answers the existing job.
    const again = createBusbarCapacitiesResponseSchema.parse(
      (await ana.post(busbarCapacityPaths.page(caseId))).json(),
    );
    expect(again).toEqual({ caseId, jobId: capacityJobId, existing: true, state: 'done' });

    // A case analysed before #17: no capacity job, no result.
    const cdb = capacityDb(app.db);
    await cdb.deleteFrom('busbar_capacity_results').where('case_id', '=', caseId).execute();
    await app.db.deleteFrom('analysis_jobs').where('id', '=', capacityJobId).execute();
    const absent = await page(ana, caseId);
    expect(absent).toMatchObject({ state: 'absent', jobId: null, rows: [], summary: null });
    const missing = await ana.get(busbarCapacityPaths.export(caseId, 'xlsx'));
    expect(missing.statusCode).toBe(409);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('BUSBAR_CAPACITIES_NOT_READY');
    const created = await ana.post(busbarCapacityPaths.page(caseId));
    expect(created.statusCode, created.body).toBe(202);
    const run = createBusbarCapacitiesResponseSchema.parse(created.json());
    expect(run).toMatchObject({ caseId, existing: false, state: 'pending' });
    expect((await waitForJob(ana, run.jobId, 60_000)).state).toBe('done');
    const done = await page(ana, caseId);
    expect(done).toMatchObject({ state: 'done', jobId: run.jobId, total: 200 });
  });

  it('computes them again with other options (issue #25): the old result shown until the new one is done', async () => {
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-options');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, activsg200, 'a.m');
    expect((await waitForJob(ana, capacityJobId, 60_000)).state).toBe('done');
    const before = await page(ana, caseId);
    expect(before.next ?? null).toBeNull();
    expect(before.options).toMatchObject({ capMw: 2000, postContingencyRating: 'emergency' });
    expect(before.options!.baseCase!.slack).toBe('distributed');
    const options = { capMw: 150, postContingencyRating: 'A', distributionFactorCutoff: 0.03 };
    const posted = await ana.post(busbarCapacityPaths.page(caseId), { options });
    expect(posted.statusCode, posted.body).toBe(202);
    const run = createBusbarCapacitiesResponseSchema.parse(posted.json());
    expect(run.existing).toBe(false);
    // Meanwhile the shown result is the old one, with the new computation as `next`.
    const meanwhile = await page(ana, caseId);
    if (meanwhile.next) {
      expect(meanwhile.next).toMatchObject({ jobId: run.jobId });
      expect(meanwhile.next.options).toMatchObject(options);
      expect(meanwhile.options!.capMw).toBe(2000);
    }
    expect((await waitForJob(ana, run.jobId, 60_000)).state).toBe('done');
    const after = await page(ana, caseId);
    expect(after.next ?? null).toBeNull();
    expect(after.options).toMatchObject({
      capMw: 150,
      postContingencyRating: 'A',
      distributionFactorCutoff: 0.03,
    });
    // Equal to the engine with those options.
    const { network } = await loadCase(new Uint8Array(activsg200));
    const result = allBusbarCapacities(network, {
      capMw: 150,
      postRating: 'A',
      distributionFactorCutoff: 0.03,
      threads: 1,
    });
    const { rows } = await allRows(ana, caseId, '&sort=bus');
    const byBus = new Map(rows.map((row) => [row.bus, row]));
    for (let i = 0; i < result.buses.length; i += 17) {
      const want = expectedRow(network, result, i);
      expect(byBus.get(want.bus), `bus ${want.bus}`).toEqual(want);
    }
    expect(Math.max(...rows.map((row) => row.attributable.capacityMw ?? 0))).toBeLessThanOrEqual(
      150,
    );
    // The same options again: nothing new is queued.
    const again = createBusbarCapacitiesResponseSchema.parse(
      (await ana.post(busbarCapacityPaths.page(caseId), { options })).json(),
    );
    expect(again).toMatchObject({ jobId: run.jobId, existing: true, state: 'done' });
    const bad = await ana.post(busbarCapacityPaths.page(caseId), { options: { capMw: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.message).toContain(
      'El tope por barra debe ser mayor que 0 MW',
    );
  });

  it('checks a bus in AC at its limit once, keeps it with the result, shows it in the table and the CSV (issue #25)', async () => {
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-ac');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, activsg200, 'a.m');
    expect((await waitForJob(ana, capacityJobId, 60_000)).state).toBe('done');
    const { rows } = await allRows(ana, caseId, '&sort=bus');
    const limited = rows.find(
      (r) => r.attributable.limiting !== null && r.attributable.capacityMw! > 0,
    )!;
    expect(limited.attributable.acCheck).toBeUndefined();
    const first = await ana.get(busbarCapacityPaths.acCheck(caseId, limited.bus));
    expect(first.statusCode, first.body).toBe(200);
    const check = busbarAcCheckResponseSchema.parse(first.json());
    expect(check).toMatchObject({
      bus: limited.bus,
      figure: 'attributable',
      capacityMw: limited.attributable.capacityMw,
      limiting: limited.attributable.limiting,
    });
    // The engine's own check of that bus with the same options.
    const { network } = await loadCase(new Uint8Array(activsg200));
    const bus = network.buses.number.indexOf(limited.bus);
    const engine = busbarAcCheck(network, bus, {
      capMw: 2000,
      postRating: 'emergency',
      preExisting: 'ignore',
    });
    expect(check.acCheck!.dcLoadingPercent).toBeCloseTo(100, 6);
    expect(check.acCheck!.acLoadingPercent!).toBeCloseTo(engine.acCheck!.acLoadingPercent, 9);
    expect(check.acCheck!.flagged).toBe(engine.acCheck!.flagged);
    // Issue #31: the figure verified in AC, from the same DC figure, as the engine finds it.
    const verified = acVerifiedCapacity(network, bus, {
      capMw: 2000,
      postRating: 'emergency',
      preExisting: 'ignore',
    });
    const capacity = check.acCapacity!;
    expect(capacity.dcMw).toBeCloseTo(limited.attributable.capacityMw!, 6);
    expect(capacity.acMw).toBeLessThanOrEqual(capacity.dcMw);
    expect(capacity.acMw).toBeCloseTo(verified.acMw, 6);
    expect(capacity.limitingVariable).not.toBeNull();
    expect(capacity.limitingVariable).toBe(verified.limitingVariable);
    expect(capacity.checkedContingencies).toBeGreaterThanOrEqual(10);
    expect(capacity.preExisting.count).toBe(verified.preExisting.length);
    if (capacity.acLimiting === null) {
      expect(capacity).toMatchObject({ acMw: capacity.dcMw, limitingVariable: 'thermal' });
    } else {
      expect(capacity.acLimiting.variable).toBe(capacity.limitingVariable);
      expect(capacity.acLimiting.elementName).toBe(verified.acLimiting!.elementName);
    }
    // Kept: the table's row carries it, asking again answers the same.
    const again = busbarAcCheckResponseSchema.parse(
      (await ana.get(busbarCapacityPaths.acCheck(caseId, limited.bus))).json(),
    );
    expect(again).toEqual(check);
    const row = (await allRows(ana, caseId, `&q=${limited.bus}`)).rows.find(
      (r) => r.bus === limited.bus,
    )!;
    expect(row.attributable.acCheck).toEqual(check.acCheck);
    expect(row.attributable.acCapacity).toEqual(check.acCapacity);
    // Read back as stored, not computed again: a mark put in the database comes back.
    const cdb = capacityDb(app.db);
    const stored = () =>
      cdb
        .updateTable('busbar_capacity_ac_checks')
        .where('position', '=', limited.position)
        .where('figure', '=', 'attributable');
    await stored()
      .set({ capacity_json: JSON.stringify({ ...capacity, powerFlows: 987_654 }) })
      .execute();
    const marked = busbarAcCheckResponseSchema.parse(
      (await ana.get(busbarCapacityPaths.acCheck(caseId, limited.bus))).json(),
    );
    expect(marked.acCapacity!.powerFlows).toBe(987_654);
    // A check stored before issue #31 (no AC capacity): not shown half, computed again.
    await stored().set({ capacity_json: null }).execute();
    const before = (await allRows(ana, caseId, `&q=${limited.bus}`)).rows.find(
      (r) => r.bus === limited.bus,
    )!;
    expect(before.attributable.acCheck).toBeUndefined();
    expect(before.attributable.acCapacity).toBeUndefined();
    const recomputed = busbarAcCheckResponseSchema.parse(
      (await ana.get(busbarCapacityPaths.acCheck(caseId, limited.bus))).json(),
    );
    expect(recomputed).toEqual(check);
    const csv = (await ana.get(busbarCapacityPaths.export(caseId, 'csv'))).body;
    expect(csv).toContain('Verificación AC, atribuible');
    expect(csv).toContain(
      check.acCheck!.flagged ? 'Difiere más de 5 %' : 'Coincide con el cálculo DC',
    );
    expect(csv).toContain('Sin verificar');
    // Issue #31's columns: the AC figure and its variable on the bus's line, empty elsewhere.
    const lines = csv.split('\r\n');
    const header = lines.find((line) => line.startsWith('"Número de barra"'))!;
    expect(header).toContain(
      '"Capacidad AC (MW)";"Variable limitante (AC)";"Elemento limitante (AC)";"Contingencia (AC)";' +
        '"Red débil (MW)";"Capacidad, la menor (MW)";"Variable limitante"',
    );
    const line = lines.find((l) => l.startsWith(`${limited.bus};`))!;
    const acVariable = {
      thermal: 'térmica',
      voltage: 'tensión',
      'reactive-power': 'potencia reactiva',
      'non-convergence': 'no convergencia',
    }[capacity.limitingVariable!];
    const acMw = capacity.acMw.toFixed(2).replace('.', ',');
    expect(line).toContain(`${acMw};"${acVariable}"`);
    // Issue #31: no short-circuit strength yet: no weak grid, the AC figure is the least.
    expect(line.endsWith(`;;${acMw};"${acVariable}"`)).toBe(true);
    const other = lines.find(
      (l) => /^\d+;/.test(l) && !l.startsWith(`${limited.bus};`) && l.includes('Sin verificar'),
    )!;
    // Not verified in AC: the DC figure, thermal.
    expect(other).toMatch(/"Sin verificar";;;;;;[\d.,]+;"térmica"$/);
    // A bus the case lacks, another user, a bad bus number.
    const missing = await ana.get(busbarCapacityPaths.acCheck(caseId, 987654));
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('BUSBAR_NOT_IN_RESULT');
    const eve = await signedIn(app.server, 'cap-ac-eve');
    const foreign = await eve.get(busbarCapacityPaths.acCheck(caseId, limited.bus));
    expect(foreign.statusCode).toBe(404);
    expect(apiErrorSchema.parse(foreign.json()).error.code).toBe('CASE_NOT_FOUND');
    // A path parameter that is no bus number names nothing: not found, as every route does.
    const bad = await ana.get(`${busbarCapacityPaths.page(caseId)}/x1/ac-check`);
    expect(bad.statusCode).toBe(404);
  });

  it('verifies in AC a bus nothing limits before the cap (issue #31): case118 has no ratings, AC finds its voltage or reactive limit', async () => {
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-ac-118');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, case118, 'case118.m');
    expect((await waitForJob(ana, capacityJobId, 60_000)).state).toBe('done');
    const { rows } = await allRows(ana, caseId, '&sort=bus');
    const row = rows.find((r) => r.bus === 1)!;
    expect(row.attributable).toMatchObject({ capacityMw: 2000, limiting: null });
    const response = await ana.get(busbarCapacityPaths.acCheck(caseId, 1));
    expect(response.statusCode, response.body).toBe(200);
    const answer = busbarAcCheckResponseSchema.parse(response.json());
    // No element to check at a DC limit; the AC figure is still found.
    expect(answer).toMatchObject({ capacityMw: 2000, limiting: null, acCheck: null });
    const capacity = answer.acCapacity!;
    expect(capacity.dcMw).toBe(2000);
    expect(capacity.acMw).toBeLessThan(capacity.dcMw);
    expect(capacity.acMw).toBeGreaterThan(0);
    expect(['voltage', 'reactive-power']).toContain(capacity.limitingVariable);
    expect(capacity.acLimiting).toMatchObject({ variable: capacity.limitingVariable });
    expect(capacity.acLimiting!.elementName).not.toBeNull();
    expect(['pu', 'Mvar']).toContain(capacity.acLimiting!.unit);
    const { network } = await loadCase(new Uint8Array(case118));
    const engine = acVerifiedCapacity(network, network.buses.number.indexOf(1), {
      capMw: 2000,
      postRating: 'emergency',
      preExisting: 'ignore',
    });
    expect(capacity.acMw).toBeCloseTo(engine.acMw, 6);
    expect(capacity.acLimiting!.contingencyName).toBe(engine.acLimiting!.contingencyName);
    // The row carries it; the strict figure is its own check.
    const shown = (await allRows(ana, caseId, '&q=1')).rows.find((r) => r.bus === 1)!;
    expect(shown.attributable).toMatchObject({ acCheck: null, acCapacity: capacity });
    expect(shown.strict.acCapacity).toBeUndefined();
    const csv = (await ana.get(busbarCapacityPaths.export(caseId, 'csv'))).body;
    const line = csv.split('\r\n').find((l) => l.startsWith('1;'))!;
    expect(line).toContain('"Nada que verificar: no la limita un elemento"');
    expect(line).toMatch(/"(tensión|potencia reactiva)"/);
  });

  it('exports the whole table as es-CO CSV and as Excel', async ({ skip }) => {
    sqliteOnly(
      dialect,
      skip,
      'the rows read as the pages of ‘computes every bus after the upload’ read them',
    );
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-export');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, activsg200, 'Mi caso.m');
    expect((await waitForJob(ana, capacityJobId, 60_000)).state).toBe('done');
    const csv = await ana.get(`${busbarCapacityPaths.export(caseId, 'csv')}?sort=bus`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('capacidad-por-barra-');
    expect(csv.body.startsWith('\uFEFF"Capacidad de conexión N-1 por barra"')).toBe(true);
    const lines = csv.body.split('\r\n');
    const header = lines.findIndex((line) => line.startsWith('"Número de barra"'));
    expect(lines[header]).toContain('"Capacidad atribuible (MW)";"Elemento limitante"');
    const data = lines.slice(header + 1).filter((line) => line !== '');
    expect(data).toHaveLength(200);
    const { net, result } = await engineOn(activsg200);
    const firstBus = Math.min(...Array.from(net.buses.number));
    const i = Array.from(result.buses).findIndex((b) => net.buses.number[b] === firstBus);
    const cells = data[0]!.split(';');
    expect(Number(cells[0])).toBe(firstBus);
    expect(cells[5]).toBe(result.attributable.capacityMw[i]!.toFixed(2).replace('.', ','));
    const filtered = await ana.get(`${busbarCapacityPaths.export(caseId, 'csv')}?minKv=100`);
    const kept = filtered.body.split('\r\n');
    const filteredHeader = kept.findIndex((line) => line.startsWith('"Número de barra"'));
    expect(kept.slice(filteredHeader + 1).filter((line) => line !== '')).toHaveLength(
      Array.from(net.buses.baseKv).filter((kv) => kv >= 100).length,
    );

    const xlsx = await ana.get(busbarCapacityPaths.export(caseId, 'xlsx'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('retries a capacity job whose worker dies mid-way and writes its rows once', async () => {
    const app = await buildTestApp(
      { workers: 1 },
      {
        dialect,
        ...quick,
        workerUrl: new URL('./test-fixtures/capacity-crash-worker.ts', import.meta.url),
      },
    );
    const ana = await signedIn(app.server, 'cap-crash');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, activsg200, 'c.m');
    const job = await waitForJob(ana, capacityJobId, 60_000);
    expect(job).toMatchObject({ state: 'done', attempts: 2, error: null });
    const stored = await storedRows(app, caseId);
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0]!.shown_at).not.toBeNull();
    expect(stored.rows).toBe(200);
    expect((await page(ana, caseId)).total).toBe(200);
  });

  it('writes once: a stale attempt shows nothing, a dead attempt’s rows go, the case takes its rows with it', async () => {
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(app.server, 'cap-once');
    const { caseId, capacityJobId } = await analysedWithCapacities(ana, activsg200, 'o.m');
    expect((await waitForJob(ana, capacityJobId, 60_000)).state).toBe('done');
    const before = await storedRows(app, caseId);
    expect(before.rows).toBe(200);

    // The module's store of 'capacity' jobs, as the pool's runner uses it.
    const store = { capacity: busbarCapacityJobStore(app.db) };
    const columns = await columnsOf(activsg200);
    const claimed = {
      id: capacityJobId,
      userId: '',
      kind: 'capacity' as const,
      caseId,
      caseName: 'o',
      studyId: null,
      studyVersion: null,
      uploadSha256: '',
      studyGroup: null,
      options: { ...DEFAULT_ANALYSIS_OPTIONS },
      caseBuses: null,
      attempts: 1,
      slicesDone: 0,
    };
    // The job is done: a late attempt writes nothing.
    expect(await store.capacity.complete(claimed, columns)).toBe(false);
    expect(await storedRows(app, caseId)).toEqual(before);
    // Another attempt closes the job while this one writes: its rows are not shown, and go.
    const setState = (state: 'running' | 'done') =>
      app.db.updateTable('analysis_jobs').set({ state }).where('id', '=', capacityJobId).execute();
    await setState('running');
    let overtaken = false;
    const late = await store.capacity.complete(claimed, columns, async () => {
      if (overtaken) return;
      overtaken = true;
      expect((await storedRows(app, caseId)).results).toHaveLength(2);
      await setState('done');
    });
    expect(late).toBe(false);
    expect(await storedRows(app, caseId)).toEqual(before);

    // A dead attempt's rows (never shown), then the job running again and closing: only the
    // new result stays.
    const cdb = capacityDb(app.db);
    const dead = await cdb
      .insertInto('busbar_capacity_results')
      .values({
        case_id: caseId,
        user_id: 'x',
        job_id: capacityJobId,
        bus_count: 1,
        cap_mw: 2000,
        options_json: '{}',
        summary_json: '{}',
      })
      .returning('result_key')
      .executeTakeFirstOrThrow();
    await cdb
      .insertInto('busbar_capacity_rows')
      .values(rowOf(columns, Number(dead.result_key), 0))
      .execute();
    expect((await storedRows(app, caseId)).rows).toBe(201);
    await app.db
      .updateTable('analysis_jobs')
      .set({ state: 'running' })
      .where('id', '=', capacityJobId)
      .execute();
    expect(await store.capacity.complete(claimed, columns)).toBe(true);
    const rerun = await storedRows(app, caseId);
    expect(rerun.results).toHaveLength(1);
    expect(rerun.results[0]!.result_key).not.toBe(before.results[0]!.result_key);
    expect(rerun.rows).toBe(200);

    const deleted = await ana.request({ method: 'DELETE', url: `/api/cases/${caseId}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await storedRows(app, caseId);
    expect(gone).toEqual({ results: [], rows: 0 });
    const anyRows = await cdb
      .selectFrom('busbar_capacity_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(anyRows.n)).toBe(0);
    expect(
      await app.db.selectFrom('analysis_jobs').select('id').where('case_id', '=', caseId).execute(),
    ).toEqual([]);
  });
});

async function columnsOf(bytes: Buffer) {
  const { runBusbarCapacities } = await import('./busbar-capacities');
  const outcome = await runBusbarCapacities(
    new Uint8Array(bytes),
    { capMw: 2000, postRating: 'emergency' },
    () => undefined,
  );
  if (!outcome.ok) throw new Error(outcome.detail);
  return outcome.columns;
}
