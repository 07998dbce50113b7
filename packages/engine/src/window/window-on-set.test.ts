import { readReferenceText } from '@holgura/test-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Highs } from 'highs';
import { seededRandom } from '../../test/support/random';
import { postLimit } from '../contingency/n1';
import type { Contingency } from '../contingency/sets/contingency-set';
import { contingencyName } from '../contingency/sets/read-definitions';
import { busbarCapacitiesOnSet } from '../contingency/sets/busbar-on-set';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { buildDcModel, runDcPowerFlow } from '../powerflow/dcpf';
import type { WindowResult } from './allocate';
import { allocateWindow } from './allocate';
import { loadSolver } from './lp';
import type { WindowRequest } from './requests';
import { flowRange } from './rows';
import type { WindowRule } from './rules';
import { solveDense, type DenseLp } from './window.test-support';

/**
 * A window on a planner's contingency set (issue #30) checked by full DC re-solves: each
 * contingency's branches taken out and units switched off, a lost unit's output picked up by
 * the other units of the island in proportion to their room up (Pmax − Pg), and the awards
 * taken by the sink without the lost units — nothing of the engine's LODF, compensation or
 * sink shift is used here.
 */

let highs: Highs;
beforeAll(async () => {
  highs = await loadSolver();
});

const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

/** Every branch, a double at each of 30 buses (its first two branches), every unit, and mixes. */
function planners(network: Network): Contingency[] {
  const active = buildDcModel(network).active;
  const { fromBus, count } = network.branches;
  const list: Contingency[] = [];
  for (let k = 0; k < count; k++) {
    if (active.branchActive[k]) list.push({ label: `B${k + 1}`, branches: [k], generators: [] });
  }
  const firstAt = new Map<number, number>();
  let doubles = 0;
  for (let k = 0; k < count && doubles < 30; k++) {
    if (!active.branchActive[k]) continue;
    const other = firstAt.get(fromBus[k]);
    if (other === undefined) firstAt.set(fromBus[k], k);
    else {
      list.push({ label: `D${k + 1}`, branches: [other, k], generators: [] });
      doubles++;
    }
  }
  const g = network.generators;
  for (let u = 0; u < g.count; u++) {
    if (!active.genActive[u] || g.pgMw[u] === 0) continue;
    list.push({ label: `G${u + 1}`, branches: [], generators: [u] });
    if (u % 5 === 0) list.push({ label: `M${u + 1}`, branches: [u % count], generators: [u] });
  }
  return list;
}

const contingencies = planners(net);

/** Branch flows with `mw` per request and contingency `c` (null: N-0), by a full re-solve. */
function resolve(result: WindowResult, mw: ArrayLike<number>, c: Contingency | null): Float64Array {
  const base = result.network;
  const g = base.generators;
  const pgMw = Float64Array.from(g.pgMw);
  const genInService = Uint8Array.from(g.inService);
  const branchInService = Uint8Array.from(base.branches.inService);
  const lost = new Set(c?.generators ?? []);
  for (const k of c?.branches ?? []) branchInService[k] = 0;
  // The lost units' output, made up by the others' room up.
  let lostMw = 0;
  for (const u of lost) {
    lostMw += genInService[u] ? pgMw[u] : 0;
    genInService[u] = 0;
    pgMw[u] = 0;
  }
  if (lostMw > 0) {
    let room = 0;
    for (let u = 0; u < g.count; u++)
      if (genInService[u]) room += Math.max(g.pmaxMw[u] - g.pgMw[u], 0);
    for (let u = 0; u < g.count; u++) {
      if (genInService[u]) pgMw[u] += (lostMw * Math.max(g.pmaxMw[u] - g.pgMw[u], 0)) / room;
    }
  }
  // The awards: +x at their buses, their total withdrawn by the sink's units still there.
  const pdMw = Float64Array.from(base.buses.pdMw);
  let total = 0;
  result.requests.forEach((r, i) => {
    pdMw[r.busRow] -= mw[i];
    total += mw[i];
  });
  let kept = 0;
  for (let u = 0; u < g.count; u++) if (!lost.has(u)) kept -= result.unitParticipation[u];
  for (let u = 0; u < g.count; u++) {
    if (lost.has(u) || result.unitParticipation[u] === 0) continue;
    pgMw[u] += (total * result.unitParticipation[u]) / kept;
  }
  const network: Network = {
    ...base,
    buses: { ...base.buses, pdMw },
    branches: { ...base.branches, inService: branchInService },
    generators: { ...g, pgMw, inService: genInService },
  };
  return runDcPowerFlow(network).pfMw;
}

const monitoredOf = (result: WindowResult) =>
  Array.from({ length: result.network.branches.count }, (_, k) => k).filter(
    (k) => result.network.branches.inService[k] && result.network.branches.rateAMva[k] !== 0,
  );

function screened(result: WindowResult): (Contingency | null)[] {
  const skipped = new Set(result.situations[0]!.contingencySet!.notScreened);
  return [null, ...contingencies.filter((_, i) => !skipped.has(i))];
}

/** The largest excess over the allowed range by re-solves, MW. */
function worstExcess(result: WindowResult, mw: ArrayLike<number>): number {
  const zeros = result.requests.map(() => 0);
  const ignore = result.preExisting === 'ignore';
  let worst = 0;
  for (const c of screened(result)) {
    const f0 = resolve(result, zeros, c);
    const f = resolve(result, mw, c);
    for (const m of monitoredOf(result)) {
      if (c?.branches.includes(m)) continue;
      const limit =
        c === null ? net.branches.rateAMva[m] : postLimit(net, m, result.postContingencyRating);
      const [lo, hi] = flowRange(f0[m], limit, ignore);
      worst = Math.max(worst, f[m] - hi, lo - f[m]);
    }
  }
  return worst;
}

/** Every row of the window on the set, each factor a finite difference of two re-solves. */
function denseRowsByResolve(result: WindowResult): DenseLp {
  const n = result.requests.length;
  const ignore = result.preExisting === 'ignore';
  const rows: DenseLp['rows'] = [];
  for (const c of screened(result)) {
    const f0 = resolve(result, new Float64Array(n), c);
    const perRequest = result.requests.map((_, i) => {
      const one = new Float64Array(n);
      one[i] = 1;
      return resolve(result, one, c);
    });
    for (const m of monitoredOf(result)) {
      if (c?.branches.includes(m)) continue;
      const limit =
        c === null ? net.branches.rateAMva[m] : postLimit(net, m, result.postContingencyRating);
      const [lo, hi] = flowRange(f0[m], limit, ignore);
      const a = Float64Array.from(perRequest, (f) => f[m] - f0[m]);
      rows.push({ a, lo: lo - f0[m], hi: hi - f0[m] });
    }
  }
  if (Number.isFinite(result.sinkRoomMw)) {
    rows.push({ a: new Float64Array(n).fill(1), lo: -Infinity, hi: result.sinkRoomMw });
  }
  return { rows, mw: result.requests.map((r) => r.requestedMw) };
}

function randomWindow(seed: number, count: number): WindowRequest[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `R${i + 1}`,
    bus: net.buses.number[Math.floor(rand() * net.buses.count)],
    mw: Math.round(40 + rand() * 260),
    priority: Math.floor(rand() * 1000),
  }));
}

const RULES: WindowRule[] = ['max', 'order', 'fair'];
/**
 * The units' output as the sink (room Σ P0): the default sink's room (Σ P0 − Pmin, 201 MW on
 * this case) would bind before any branch, and a lost unit must leave the sink (lost-sink.ts).
 */
const SINK = { sink: 'initial-output' } as const;

describe('a window on a planner contingency set (ACTIVSg200)', () => {
  const requests = randomWindow(7, 14);
  for (const preExisting of ['ignore', 'limit'] as const) {
    describe(`pre-existing ${preExisting}`, () => {
      const results = new Map<WindowRule, WindowResult>();
      beforeAll(async () => {
        for (const rule of RULES) {
          results.set(
            rule,
            await allocateWindow(net, requests, {
              rule,
              highs,
              preExisting,
              ...SINK,
              contingencySet: { contingencies },
            }),
          );
        }
      });

      it.each(RULES)('%s: the awards pass a re-solve of N-0 and every contingency', (rule) => {
        const r = results.get(rule)!;
        expect(r.stats.violatedAtEnd).toBe(0);
        expect(r.totalAwardedMw).toBeGreaterThan(0);
        expect(r.totalAwardedMw).toBeLessThan(r.totalRequestedMw);
        expect(
          worstExcess(
            r,
            r.requests.map((a) => a.awardedMw),
          ),
        ).toBeLessThanOrEqual(1e-6);
      });

      it('max equals the optimum of an LP built from re-solves of every contingency', () => {
        const r = results.get('max')!;
        const lp = denseRowsByResolve(r);
        const x = solveDense(
          highs,
          lp,
          lp.mw.map(() => 1),
          lp.mw.map(() => 0),
          lp.mw,
        );
        const optimum = x.reduce((s, v) => s + v, 0);
        expect(Math.abs(r.totalAwardedMw - optimum)).toBeLessThanOrEqual(1e-5 * optimum);
      });

      it('a request held back names a constraint at its limit in a re-solve at the award', () => {
        const r = results.get('max')!;
        const mw = r.requests.map((a) => a.awardedMw);
        const held = r.requests.filter((a) => a.status !== 'complete');
        expect(held.length).toBeGreaterThan(0);
        for (const a of held) {
          const b = a.binding.find((x) => x.kind === 'constraint');
          if (b === undefined) continue;
          const c =
            b.setContingency !== null
              ? contingencies[b.setContingency]!
              : b.contingency >= 0
                ? { label: '', branches: [b.contingency], generators: [] }
                : null;
          const f = resolve(r, mw, c);
          expect(Math.abs(Math.abs(f[b.monitored]) - b.limitMw)).toBeLessThanOrEqual(1e-5);
        }
      });
    });
  }

  it('each stand-alone figure is the bus’s capacity on the set', async () => {
    const r = await allocateWindow(net, requests, {
      rule: 'max',
      highs,
      ...SINK,
      preExisting: 'ignore',
      contingencySet: { contingencies },
    });
    const buses = r.requests.map((a) => a.busRow);
    const alone = busbarCapacitiesOnSet(net, buses, contingencies, {
      ...SINK,
      preExisting: 'ignore',
      pickup: 'headroom',
      capMw: Math.max(...requests.map((q) => q.mw)),
    });
    r.requests.forEach((a, i) => {
      expect(a.standaloneMw).toBeCloseTo(Math.min(a.requestedMw, alone[i]!.capacityMw!), 6);
    });
    // Some request is held alone below what it asked, by the set.
    expect(r.requests.some((a) => a.standaloneMw < a.requestedMw - 1)).toBe(true);
  });

  it('binds under a contingency of several elements or a unit, and names it', async () => {
    const r = await allocateWindow(net, requests, {
      rule: 'max',
      highs,
      ...SINK,
      contingencySet: { contingencies },
    });
    const named = r.requests
      .flatMap((a) => a.binding)
      .filter(
        (b) => b.setContingency !== null && contingencies[b.setContingency]!.branches.length !== 1,
      );
    expect(named.length).toBeGreaterThan(0);
    for (const b of named) {
      expect(b.contingency).toBe(-1);
      expect(b.contingencyName).toBe(contingencyName(r.network, contingencies[b.setContingency!]!));
    }
  });

  it('on a set of every branch alone, awards equal the default window', async () => {
    const singles = contingencies.filter(
      (c) => c.generators.length === 0 && c.branches.length === 1,
    );
    for (const rule of RULES) {
      const plain = await allocateWindow(net, requests, { rule, highs, ...SINK });
      const onSet = await allocateWindow(net, requests, {
        rule,
        highs,
        ...SINK,
        contingencySet: { contingencies: singles },
      });
      onSet.requests.forEach((a, i) => {
        expect(a.awardedMw).toBeCloseTo(plain.requests[i]!.awardedMw, 5);
        expect(a.standaloneMw).toBeCloseTo(plain.requests[i]!.standaloneMw, 5);
      });
    }
  });
});
