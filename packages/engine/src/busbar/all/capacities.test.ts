import { describe, expect, it } from 'vitest';
import { bruteForceBusbars } from '../../../test/support/busbar-brute-force';
import { readMatpower } from '../../io/matpower/read-matpower';
import type { Network } from '../../model/network';
import type { DcModel } from '../../powerflow/dcpf';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import type { AllBusbarOptions, AllBusbarResult } from './capacities';
import { BusbarStatus, allBusbarCapacities } from './capacities';
import { defaultHelperSpawn } from './threads';
import { PREVIOUS_FIGURES } from './previous.test-support';
import { busbarCapacity } from '../capacity';

/**
 * A 12 × 12 grid (144 buses, 264 branches) with generators every seventh bus, uneven
 * reactances, ratings just over each branch's worst N-1 flow with emergency ratings on a third
 * of the branches, two branches over their rating at T = 0 (pre-existing violations), one
 * exactly at it, an isolated bus and an out-of-service branch.
 */
function gridCase(n: number): Network {
  const bus: string[] = [];
  const gen: string[] = [];
  const branch: string[] = [];
  let load = 0;
  for (let i = 1; i <= n * n; i++) {
    const pd = i % 7 === 1 ? 0 : 10 + (i % 5) * 4;
    load += pd;
    bus.push(`${i} ${i === 1 ? 3 : i % 7 === 1 ? 2 : 1} ${pd} 0 0 0 1 1 0 230 1 1.1 0.9;`);
  }
  bus.push(`${n * n + 1} 1 0 0 0 0 1 1 0 230 1 1.1 0.9;`);
  const gens = Array.from({ length: n * n }, (_, i) => i + 1).filter((i) => i % 7 === 1);
  for (const g of gens) {
    const pg = load / gens.length;
    gen.push(`${g} ${pg} 0 0 0 1 100 1 ${pg + 80 + (g % 3) * 40} ${pg * 0.3};`);
  }
  const x = (a: number, b: number): number => 0.02 + (((a * 7 + b * 13) % 11) / 11) * 0.08;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const a = r * n + c + 1;
      if (c + 1 < n) branch.push(`${a} ${a + 1} 0 ${x(a, a + 1)} 0 999 0 0 0 0 1;`);
      if (r + 1 < n) branch.push(`${a} ${a + n} 0 ${x(a, a + n)} 0 999 0 0 0 0 1;`);
    }
  }
  branch.push(`${n * n} ${n * n + 1} 0 0.05 0 999 0 0 0 0 0;`);
  const text =
    `mpc.baseMVA = 100;\nmpc.bus = [\n${bus.join('\n')}\n];\nmpc.gen = [\n${gen.join('\n')}\n];\n` +
    `mpc.branch = [\n${branch.join('\n')}\n];`;
  const net = readMatpower(text).network;
  // Worst |flow| over the base case and every single outage, by full DC power flows.
  const f = runDcPowerFlow(net).pfMw;
  const worstFlow = f.map(Math.abs);
  for (let k = 0; k < net.branches.count; k++) {
    const inService = Uint8Array.from(net.branches.inService);
    inService[k] = 0;
    const fk = runDcPowerFlow({ ...net, branches: { ...net.branches, inService } }).pfMw;
    fk.forEach((v, m) => (worstFlow[m] = Math.max(worstFlow[m], Math.abs(v))));
  }
  const rateAMva = worstFlow.map((v) => Math.round(1.05 * v + 5));
  const rateBMva = worstFlow.map((v, k) => (k % 3 === 0 ? Math.round(1.6 * v + 30) : 0));
  const byFlow = [...f.keys()].sort((a, b) => Math.abs(f[b]) - Math.abs(f[a]));
  // Over their rating at T = 0: two lightly loaded branches, so that far buses barely move them.
  for (const k of [byFlow[150], byFlow[200]]) {
    rateAMva[k] = 0.8 * Math.abs(f[k]);
    rateBMva[k] = 0;
  }
  // Exactly at its rating at T = 0, the largest flow: T = 0 both ways where the bus pushes it.
  rateAMva[byFlow[0]] = Math.abs(f[byFlow[0]]);
  rateBMva[byFlow[0]] = 0;
  return { ...net, branches: { ...net.branches, rateAMva, rateBMva } };
}

/**
 * Same figures and limits. A T reached through a monitored branch's LODF row can differ from
 * the stream's in the last bits, so MW are compared to 1e-9.
 */
const same = (a: AllBusbarResult, b: AllBusbarResult, what: string): void => {
  for (const key of ['strict', 'attributable'] as const) {
    for (const field of ['monitored', 'contingency'] as const) {
      expect(Array.from(b[key][field]), `${key} ${field}, ${what}`).toEqual(
        Array.from(a[key][field]),
      );
    }
    a[key].capacityMw.forEach((v, j) => {
      if (Number.isNaN(v)) return;
      expect(Math.abs(b[key].capacityMw[j] - v), `${key} MW at bus ${j}, ${what}`).toBeLessThan(
        1e-9,
      );
    });
  }
  expect(Array.from(b.worsened.monitored), `worsened, ${what}`).toEqual(
    Array.from(a.worsened.monitored),
  );
};

/** Every bus of the transfer island as the brute force has it (ties: any of the tied ones). */
function expectBruteForce(net: Network, r: AllBusbarResult, cutoff?: number): void {
  const brute = bruteForceBusbars(net, cutoff === undefined ? {} : { cutoff });
  const slot = new Map(Array.from(r.buses, (b, j) => [b, j]));
  expect(brute.length, 'buses in the transfer island').toBe(net.buses.count - 1);
  for (const b of brute) {
    const j = slot.get(b.bus) as number;
    for (const key of ['strict', 'attributable'] as const) {
      const what = `${key} capacity of bus ${b.bus}`;
      expect(Math.abs(r[key].capacityMw[j] - b[key].transferMw), what).toBeLessThan(1e-9);
      const limit = `${r[key].monitored[j]}/${r[key].contingency[j]}`;
      if (b[key].tied.length > 1) expect(b[key].tied, `${what}: limit (tied)`).toContain(limit);
      else expect(limit, `${what}: limit`).toBe(`${b[key].monitored}/${b[key].contingency}`);
    }
    const w = `${r.worsened.monitored[j]}/${r.worsened.contingency[j]}`;
    const where = `worst violation at bus ${b.bus}`;
    if (b.worsened.tied.length > 1) expect(b.worsened.tied, where).toContain(w);
    else expect(w, where).toBe(`${b.worsened.monitored}/${b.worsened.contingency}`);
    if (w !== '-1/-1') {
      expect(r.worsened.distributionFactor[j], `${where}: d`).toBeCloseTo(
        b.worsened.distributionFactor,
        12,
      );
    }
  }
}

describe('the N-1 capacity of every busbar', () => {
  const net = gridCase(12);
  const model: DcModel = buildDcModel(net);
  const r = allBusbarCapacities(net, {}, model);

  it('equals the brute force at every bus, strict and attributable, with the worst violation', () => {
    expectBruteForce(net, r);
    const zeros = r.strict.capacityMw.filter((v) => v === 0).length;
    // The case is built to have both kinds of buses.
    expect(zeros, 'buses whose strict figure is 0').toBeGreaterThan(10);
    expect(zeros, 'buses whose strict figure is 0').toBeLessThan(net.buses.count - 1);
  });

  it('reports the bus outside the transfer island as such', () => {
    const isolated = net.buses.count - 1;
    expect(r.status[isolated]).toBe(BusbarStatus.outsideIsland);
    expect(Number.isNaN(r.strict.capacityMw[isolated])).toBe(true);
    expect(r.status.filter((s) => s === BusbarStatus.computed).length).toBe(net.buses.count - 1);
  });

  it('gives the same figures whatever the folding threshold and cluster sizes', () => {
    const variants: AllBusbarOptions[] = [
      { lodfEpsilon: 1e-4 },
      { lodfEpsilon: 0.5 },
      { clusterSize: 1, clustersPerGroup: 1 },
      { clusterSize: 5, clustersPerGroup: 3 },
      { clusterSize: 200, clustersPerGroup: 1 },
    ];
    for (const v of variants) same(r, allBusbarCapacities(net, v, model), JSON.stringify(v));
  });

  it('agrees with busbarCapacity of each bus alone, both ways', () => {
    for (const preExisting of ['limit', 'ignore'] as const) {
      const fig = preExisting === 'limit' ? r.strict : r.attributable;
      for (let b = 0; b < net.buses.count - 1; b += 11) {
        const one = busbarCapacity(net, { buses: [b], preExisting, top: 1 }, model).results[0];
        expect(one.capacityMw, `${preExisting} capacity of bus ${b}`).toBe(fig.capacityMw[b]);
        expect(one.limiting?.monitored ?? -1, `${preExisting} limit of bus ${b}`).toBe(
          fig.monitored[b],
        );
      }
    }
  });

  it('gives the same figures with a helper thread', () => {
    const helper = { ...defaultHelperSpawn(), awaitStartMs: 60_000 };
    // On a busy machine the calling thread may claim every group before the helper reads the
    // stream it is sent (by design: it never waits for a helper). Up to three runs, each equal
    // to the one-thread figures; at least one with both threads taking part.
    const threads: number[] = [];
    for (let attempt = 0; attempt < 3 && !threads.includes(2); attempt++) {
      const two = allBusbarCapacities(net, { threads: 2, helper }, model);
      threads.push(two.stats.threads);
      same(r, two, `two threads, run ${attempt + 1}`);
    }
    expect(threads, 'threads that took part in each run').toContain(2);
  });

  it('answers a bus requested twice, and a subset in the order asked', () => {
    const buses = [40, 3, 40, net.buses.count - 1, 7];
    const some = allBusbarCapacities(net, { buses }, model);
    expect(Array.from(some.buses)).toEqual(buses);
    buses.forEach((b, j) => {
      expect(some.status[j], `status of bus ${b}`).toBe(r.status[b]);
      for (const key of ['strict', 'attributable'] as const) {
        const what = `${key} at bus ${b}, asked at ${j}`;
        if (Number.isNaN(r[key].capacityMw[b])) {
          expect(Number.isNaN(some[key].capacityMw[j]), what).toBe(true);
          continue;
        }
        expect(Math.abs(some[key].capacityMw[j] - r[key].capacityMw[b]), what).toBeLessThan(1e-9);
        expect(some[key].monitored[j], what).toBe(r[key].monitored[b]);
      }
      expect(some.worsened.monitored[j], `worsened at bus ${b}`).toBe(r.worsened.monitored[b]);
    });
  });

  it('works alone when its helper thread cannot start', () => {
    const helper = { url: new URL('./no-such-helper.js', import.meta.url) };
    const alone = allBusbarCapacities(net, { threads: 2, helper }, model);
    expect(alone.stats.threads, 'threads that took part').toBe(1);
    same(r, alone, 'no helper');
  });

  it('reports wall-clock stages that add up to the total, and the work of each thread apart', () => {
    const helper = { ...defaultHelperSpawn(), awaitStartMs: 60_000 };
    for (const run of [r, allBusbarCapacities(net, { threads: 2, helper }, model)]) {
      const { total, ...stages } = run.timingsMs;
      const sum = Object.values(stages).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - total), `stages ${JSON.stringify(stages)}`).toBeLessThan(1e-6);
      for (const [stage, ms] of Object.entries(run.timingsMs)) {
        expect(ms, stage).toBeGreaterThanOrEqual(0);
      }
      // The calling thread's share of each stage is part of the work summed over threads.
      for (const stage of ['columns', 'bounds', 'buses'] as const) {
        expect(run.workMs[stage], stage).toBeGreaterThanOrEqual(run.timingsMs[stage]);
      }
    }
  });

  it('reports progress up to 1', () => {
    const seen: number[] = [];
    allBusbarCapacities(net, { onProgress: (p) => seen.push(p) }, model);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= seen[i - 1]))).toBe(true);
    expect(seen[seen.length - 1]).toBe(1);
  });
});

describe('a case with nothing monitored', () => {
  /** The model with its sensitivity factors counting the solves made with them. */
  const counted = (net: Network): { model: DcModel; solves: () => number } => {
    const built = buildDcModel(net);
    let solves = 0;
    const lu = new Proxy(built.sensitivity.lu, {
      get(target, key, receiver) {
        // Every solve reads the L column pointers once.
        if (key === 'lp') solves++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const model = { ...built, sensitivity: { ...built.sensitivity, lu } };
    return { model, solves: () => solves };
  };

  it('solves no outage and no bus column, puts every bus at the cap and says why', () => {
    const rated = gridCase(6);
    const unrated = {
      ...rated,
      branches: { ...rated.branches, rateAMva: new Float64Array(rated.branches.count) },
    };
    const some = counted(rated);
    allBusbarCapacities(rated, {}, some.model);
    const none = counted(unrated);
    const r = allBusbarCapacities(unrated, {}, none.model);
    // One solve either way for the sink's flows.
    expect(some.solves(), 'solves with ratings').toBeGreaterThan(10);
    expect(none.solves(), 'solves with nothing monitored').toBe(1);
    expect(r.nMonitored).toBe(0);
    const computed = r.buses.filter((_, j) => r.status[j] === BusbarStatus.computed);
    expect(computed.length).toBe(36);
    // The sink can give less than the 2,000 MW cap here: that is the figure of every bus.
    expect(r.sinkRoomMw).toBeLessThan(2000);
    expect(r.effectiveCapMw).toBe(r.sinkRoomMw);
    for (const j of computed) {
      expect(r.strict.capacityMw[j]).toBe(r.effectiveCapMw);
      expect(r.attributable.monitored[j]).toBe(-1);
    }
    expect(r.baseCase.checks.map((c) => c.code)).toContain('NO_RATED_BRANCH');
  });
});

/**
 * gridCase(12) with the ratings of the branches among its first `rows` rows (12: all of them)
 * times `scale`: thousands of (monitored, contingency) pairs over their limit at T = 0, most of
 * them with a small LODF (the violation store, violation-store.ts), the others
 * kept one by one.
 */
function stressedGrid(scale: number, rows: number): Network {
  const n = 12;
  const net = gridCase(n);
  const { rateAMva, rateBMva, fromBus, toBus } = net.branches;
  const within = (k: number): boolean => fromBus[k] < rows * n && toBus[k] < rows * n;
  const times = (a: Float64Array): Float64Array => a.map((v, k) => (within(k) ? v * scale : v));
  return {
    ...net,
    branches: { ...net.branches, rateAMva: times(rateAMva), rateBMva: times(rateBMva) },
  };
}

/** Same figures, limits and worsened violations (its d to the last bit: the stream's LODF). */
const sameWithWorsened = (a: AllBusbarResult, b: AllBusbarResult, what: string): void => {
  same(a, b, what);
  expect(Array.from(b.worsened.contingency), `worsened contingency, ${what}`).toEqual(
    Array.from(a.worsened.contingency),
  );
  expect(Array.from(b.worsened.distributionFactor), `worsened d, ${what}`).toEqual(
    Array.from(a.worsened.distributionFactor),
  );
};

describe('the N-1 capacity of every busbar with many pre-existing violations', () => {
  const cases = {
    // Everything rated low: every bus worsens some violation.
    everywhere: { scale: 0.45, rows: 12, cutoff: 0.01, violations: 18_000, zeros: 144 },
    // One corner rated low, a higher cutoff: some buses worsen none.
    corner: { scale: 0.4, rows: 3, cutoff: 0.03, violations: 5_000, zeros: 92 },
  };
  for (const [name, c] of Object.entries(cases) as [
    keyof typeof PREVIOUS_FIGURES,
    typeof cases.corner,
  ][]) {
    describe(name, () => {
      const net = stressedGrid(c.scale, c.rows);
      const model = buildDcModel(net);
      const options = { distributionFactorCutoff: c.cutoff };
      const r = allBusbarCapacities(net, options, model);

      it('has thousands of violations', () => {
        expect(r.stats.atLimitPairs, 'pairs at or over their limit').toBeGreaterThan(c.violations);
        const zeros = r.strict.capacityMw.filter((v) => v === 0).length;
        expect(zeros, 'buses whose strict figure is 0').toBe(c.zeros);
      });

      it('equals the brute force at every bus, strict and attributable, with the worst violation', () => {
        expectBruteForce(net, r, c.cutoff);
      });

      it('equals the previous implementation (every violation pair by pair)', () => {
        const lines = PREVIOUS_FIGURES[name];
        const computed = Array.from(r.buses).filter((_, j) => r.status[j] === 0);
        expect(lines.length, 'buses').toBe(computed.length);
        for (const line of lines) {
          const [bus, sMw, sm, sk, aMw, am, ak, wm, wk, wd] = line.split(' ').map(Number);
          const j = r.buses.indexOf(bus);
          const what = `bus ${bus}`;
          expect(Math.abs(r.strict.capacityMw[j] - sMw), `${what} strict MW`).toBeLessThan(1e-8);
          expect([r.strict.monitored[j], r.strict.contingency[j]], `${what} strict`).toEqual([
            sm,
            sk,
          ]);
          expect(Math.abs(r.attributable.capacityMw[j] - aMw), `${what} MW`).toBeLessThan(1e-8);
          expect([r.attributable.monitored[j], r.attributable.contingency[j]], what).toEqual([
            am,
            ak,
          ]);
          expect([r.worsened.monitored[j], r.worsened.contingency[j]], `${what} worsened`).toEqual([
            wm,
            wk,
          ]);
          expect(Math.abs(r.worsened.distributionFactor[j] - wd), `${what} d`).toBeLessThan(1e-11);
        }
      });

      it('gives the same figures one by one or in the store, bus by bus, with a helper thread', () => {
        const variants: AllBusbarOptions[] = [
          // Nearly every violation one by one, or nearly every one in the store.
          { lodfEpsilon: 1e-4 },
          { lodfEpsilon: 0.5 },
          { clusterSize: 1, clustersPerGroup: 1 },
          { clusterSize: 7, clustersPerGroup: 2 },
        ];
        for (const v of variants) {
          const other = allBusbarCapacities(net, { ...options, ...v }, model);
          sameWithWorsened(r, other, JSON.stringify(v));
        }
        const helper = { ...defaultHelperSpawn(), awaitStartMs: 60_000 };
        const threads: number[] = [];
        for (let attempt = 0; attempt < 3 && !threads.includes(2); attempt++) {
          const two = allBusbarCapacities(net, { ...options, threads: 2, helper }, model);
          threads.push(two.stats.threads);
          sameWithWorsened(r, two, `two threads, run ${attempt + 1}`);
        }
        expect(threads, 'threads that took part in each run').toContain(2);
      });
    });
  }
});
