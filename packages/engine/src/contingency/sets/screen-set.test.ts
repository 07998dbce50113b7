import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { readMatpower } from '../../io/matpower/read-matpower';
import { runDcPowerFlow } from '../../powerflow/dcpf';
import { screenN1 } from '../n1';
import { readContab } from './contab';
import { screenContingencySet } from './screen-set';

/**
 * Issue #30: a contingency set of every in-service branch, one at a time, screens exactly as the
 * N-1 screen does; the public contab (branches and units) screens in the same pass.
 */
describe('screening a contingency set', () => {
  const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;

  it('gives the N-1 screen’s loadings, counts and islanding for the set of every branch', () => {
    const everyBranch = Array.from({ length: net.branches.count }, (_, k) => k)
      .filter((k) => net.branches.inService[k])
      .map((k) => ({ label: String(k + 1), branches: [k], generators: [] }));
    const set = screenContingencySet(net, everyBranch, { top: 50 });
    const n1 = screenN1(net, { top: 50 });
    expect(set.nMonitored).toBe(n1.nMonitored);
    expect(set.baseCaseOverloads).toBe(n1.baseCaseOverloads);
    expect(Math.abs(set.overloadedPairs - n1.overloadedPairs)).toBeLessThanOrEqual(
      n1.borderlinePairs,
    );
    expect(set.islanding.map((i) => everyBranch[i.contingency]!.branches[0])).toEqual(
      n1.islanding.map((i) => i.branch),
    );
    expect(set.top.map((l) => [l.monitored, everyBranch[l.contingency]!.branches[0]])).toEqual(
      n1.top.map((l) => [l.monitored, l.contingency]),
    );
    for (const [i, loading] of set.top.entries()) {
      expect(loading.flowMw).toBeCloseTo(n1.top[i]!.flowMw, 6);
    }
    console.log(
      `ACTIVSg2000 every branch: set screen ${set.timingsMs.screening.toFixed(0)} ms, ` +
        `N-1 screen ${n1.timingsMs.screening.toFixed(0)} ms`,
    );
  }, 120_000);

  it('screens the public contab: branch and unit outages, islanding and out-of-service units', () => {
    const contab = readContab(readReferenceText('cases/contab_ACTIVSg2000.m'), net);
    const result = screenContingencySet(net, contab.contingencies);
    expect(result.counts.total).toBe(3734);
    expect(result.evaluated + result.islanding.length + result.skipped.length).toBe(3734);
    // Every unit outage is computed or skipped for a reason, never silently dropped.
    for (const { contingency, reason } of result.skipped) {
      const c = contab.contingencies[contingency]!;
      if (reason === 'already-out') {
        expect(
          c.branches.every((k) => !net.branches.inService[k]) &&
            c.generators.every((g) => !net.generators.inService[g]),
        ).toBe(true);
      }
    }
    expect(result.top[0]!.loading).toBeGreaterThan(0);
    // The batched single-branch path and the general evaluator agree contingency by contingency.
    const general = screenContingencySet(net, contab.contingencies, { batchedSingles: false });
    expect(general.evaluated).toBe(result.evaluated);
    expect(general.overloadedPairs).toBe(result.overloadedPairs);
    expect(general.islanding).toEqual(result.islanding);
    expect(Array.from(general.worstMonitored)).toEqual(Array.from(result.worstMonitored));
    for (let c = 0; c < general.worstLoading.length; c++) {
      const [a, b] = [general.worstLoading[c]!, result.worstLoading[c]!];
      if (Number.isNaN(a) || Number.isNaN(b)) expect(Number.isNaN(a) && Number.isNaN(b)).toBe(true);
      else expect(Math.abs(a - b), `contingency ${c}`).toBeLessThan(1e-9);
    }
    expect(general.top.map((l) => [l.monitored, l.contingency])).toEqual(
      result.top.map((l) => [l.monitored, l.contingency]),
    );
    console.log(
      `ACTIVSg2000 contab: ${result.evaluated} evaluated, ${result.islanding.length} islanding, ` +
        `${result.skipped.length} skipped, ${result.overloadedPairs} overloaded pairs, ` +
        `${result.timingsMs.screening.toFixed(0)} ms`,
    );
  }, 120_000);

  it('monitors only the branches asked for, the same through both paths', () => {
    const contab = readContab(readReferenceText('cases/contab_ACTIVSg2000.m'), net);
    const rated = Array.from({ length: net.branches.count }, (_, k) => k).filter(
      (k) => net.branches.rateAMva[k]! > 0 && net.branches.inService[k],
    );
    const chosen = rated.filter((_, i) => i % 5 === 0);
    const batched = screenContingencySet(net, contab.contingencies, { monitored: chosen });
    const general = screenContingencySet(net, contab.contingencies, {
      monitored: chosen,
      batchedSingles: false,
    });
    expect(batched.nMonitored).toBe(chosen.length);
    const allowed = new Set(chosen);
    expect(batched.top.every((l) => allowed.has(l.monitored))).toBe(true);
    expect(batched.top.map((l) => [l.monitored, l.contingency])).toEqual(
      general.top.map((l) => [l.monitored, l.contingency]),
    );
    expect(batched.overloadedPairs).toBe(general.overloadedPairs);
  }, 120_000);
});

describe('interfaces (flowgates) over a contingency set', () => {
  // A ring 1-2-3-4 with a chord 1-3; units at 1 (reference) and 3, load at 2 and 4.
  const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 120 0 0 0 1 1 0 230 1 1.1 0.9;
3 2 0 0 0 0 1 1 0 230 1 1.1 0.9;
4 1 80 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [
1 150 0 0 0 1 100 1 300 0;
3 50 0 0 0 1 100 1 100 0;
];
mpc.branch = [
1 2 0 0.1 0 100 100 0 0 0 1;
2 3 0 0.1 0 100 100 0 0 0 1;
3 4 0 0.1 0 100 100 0 0 0 1;
4 1 0 0.1 0 100 100 0 0 0 1;
1 3 0 0.2 0 100 100 0 0 0 1;
];`;
  const small = readMatpower(CASE).network;
  const set = [0, 1, 2, 3, 4].map((k) => ({ label: `L${k + 1}`, branches: [k], generators: [] }));
  // What flows out of bus 1 towards 2 and 4.
  const members = [
    { branch: 0, coefficient: 1 },
    { branch: 3, coefficient: -1 },
  ];

  it('sums the members’ flows after each contingency and counts those over the limit', () => {
    const single = { slack: 'single' as const };
    const brute = set.map((c) => {
      const inService = Uint8Array.from(small.branches.inService);
      inService[c.branches[0]!] = 0;
      const f = runDcPowerFlow({ ...small, branches: { ...small.branches, inService } }).pfMw;
      return f[0]! - f[3]!;
    });
    const base = runDcPowerFlow(small).pfMw;
    const limitMw = 100;
    const r = screenContingencySet(small, set, {
      ...single,
      interfaces: [{ name: 'Salida de 1', members, limitMw }],
    });
    const [result] = r.interfaces;
    expect(result!.baseFlowMw).toBeCloseTo(base[0]! - base[3]!, 9);
    const worst = brute.reduce((w, f, i) => (Math.abs(f) > Math.abs(brute[w]!) ? i : w), 0);
    expect(result!.worst).toEqual({ contingency: worst, flowMw: expect.closeTo(brute[worst]!, 9) });
    expect(result!.overloads).toBe(brute.filter((f) => Math.abs(f) > limitMw).length);
    // 95, 155, 145, 105 and 150 MW: four of the five outages push it over 100 MW.
    expect(result!.overloads).toBe(4);
    // Without a rating: the flows, no overloads.
    const unrated = screenContingencySet(small, set, {
      ...single,
      interfaces: [{ name: 'Sin límite', members, limitMw: null }],
    });
    expect(unrated.interfaces[0]).toMatchObject({ overloads: 0, limitMw: null });
  });
});
