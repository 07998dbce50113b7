import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { prepareBaseCase } from '../base/base-case';
import { postLimit } from '../contingency/n1';
import type { Contingency } from '../contingency/sets/contingency-set';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { buildDcModel, runDcPowerFlow } from '../powerflow/dcpf';
import { isPreExisting, transferAtLimit } from '../transfer/screen';
import { analyseFlexibility } from './analyse';

/**
 * Issue #30: the flexibility of a case on a planner's contingency set. With every branch alone
 * it is the flexibility as it always was; with double outages and unit outages its FCITC is the
 * smallest T over a brute-force DC re-solve of each contingency (elements out, a lost unit's
 * output made up by the others' room up, and the transfer without the lost units).
 */
const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;
const everyBranch: Contingency[] = Array.from({ length: net.branches.count }, (_, k) => ({
  label: `R${k + 1}`,
  branches: [k],
  generators: [],
}));

describe('analyseFlexibility on a set (ACTIVSg200)', () => {
  it('equals the flexibility over every branch when the set is every branch alone', () => {
    const plain = analyseFlexibility(net, {});
    const onSet = analyseFlexibility(net, { contingencySet: { contingencies: everyBranch } });
    for (const figure of ['attributable', 'strict'] as const) {
      expect(onSet.figures[figure].fcitcMw).toBeCloseTo(plain.figures[figure].fcitcMw, 6);
    }
    const key = (c: { monitored: { branch: number }; contingency: { branch: number } | null }) =>
      `${c.monitored.branch}|${c.contingency?.branch ?? -1}`;
    expect(onSet.constraints.map(key)).toEqual(plain.constraints.map(key));
    onSet.constraints.forEach((c, i) => {
      const p = plain.constraints[i]!;
      expect(c.transferAtLimitMw).toBeCloseTo(p.transferAtLimitMw, 6);
      if (c.contingency !== null) {
        expect(c.setContingency?.label).toBe(`R${c.contingency.branch + 1}`);
      }
      // The same plants move it by the same MW per MW (multi-outage rows against LODF ones).
      expect(c.sensitivities.map((s) => s.plant)).toEqual(p.sensitivities.map((s) => s.plant));
      c.sensitivities.forEach((s, j) =>
        expect(s.sensitivity).toBeCloseTo(p.sensitivities[j]!.sensitivity, 9),
      );
    });
    expect(onSet.preExisting.counts).toEqual(plain.preExisting.counts);
    expect(onSet.extra.contingencySet?.counts.total).toBe(net.branches.count);
  });

  it.each([
    ['the default group (every unit, the loads as sink)', {}, true],
    [
      'forty units against the others',
      {
        group: { kind: 'gens', rows: Array.from({ length: 40 }, (_, i) => i + 1) },
        sink: 'headroom-down',
      } as const,
      false,
    ],
  ])(
    '%s: the smallest T of a brute-force re-solve of each double and unit outage',
    (_, groupOptions, namesSetContingency) => {
      const { fromBus, toBus } = net.branches;
      const doubles: Contingency[] = [];
      for (let k = 1; k < net.branches.count && doubles.length < 40; k += 2) {
        const j = [...Array(k).keys()].find(
          (x) => fromBus[x] === fromBus[k] || toBus[x] === toBus[k],
        );
        if (j !== undefined) doubles.push({ label: `D${k}`, branches: [j, k], generators: [] });
      }
      const units: Contingency[] = [0, 3, 7, 11, 19, 29, 35, 40, 41, 42, 43, 44, 45, 46, 47, 48]
        .filter((u) => u < net.generators.count && net.generators.inService[u])
        .map((u) => ({ label: `G${u + 1}`, branches: [], generators: [u] }));
      // A unit and a branch at once: its direction without the unit, then the branch cancelled.
      const mixed: Contingency[] = units.slice(0, 6).map((u, i) => ({
        label: `M${i + 1}`,
        branches: doubles[i * 5]!.branches.slice(0, 1),
        generators: u.generators,
      }));
      const set = [...doubles, ...units, ...mixed];
      const result = analyseFlexibility(net, {
        ...groupOptions,
        contingencySet: { contingencies: set },
      });
      const skipped = new Set(result.extra.contingencySet!.skipped.map((s) => s.contingency));

      const model = buildDcModel(net);
      const base = prepareBaseCase(net, {}, model).net;
      const part = result.extra.unitParticipation;
      const loads = result.extra.loadSinkByBus;
      const rated = [...Array(net.branches.count).keys()].filter(
        (m) => model.active.branchActive[m] && net.branches.rateAMva[m]! !== 0,
      );
      const cutoff = result.options.distributionFactorCutoff;
      let smallest = result.tmaxMw;
      /** T per (monitored, index into the set or −1), for every pair the figure counts. */
      const bruteT = new Map<string, number>();
      const offer = (f: number, d: number, limit: number, key: string) => {
        if (Math.abs(d) < cutoff || isPreExisting(f, d, limit)) return;
        const t = transferAtLimit(f, d, limit);
        bruteT.set(key, t);
        smallest = Math.min(smallest, t);
      };
      const f0 = runDcPowerFlow(base).pfMw;
      const d0 = flowsPerMw(base, part, loads, new Set()).map((v, m) => v - f0[m]!);
      for (const m of rated) offer(f0[m]!, d0[m]!, net.branches.rateAMva[m]!, `${m}|-1`);
      set.forEach((c, index) => {
        if (skipped.has(index)) return;
        const after = without(base, c);
        const f = runDcPowerFlow(after).pfMw;
        const moved = flowsPerMw(after, part, loads, new Set(c.generators));
        for (const m of rated) {
          if (c.branches.includes(m)) continue;
          offer(f[m]!, moved[m]! - f[m]!, postLimit(net, m, 'emergency'), `${m}|${index}`);
        }
      });
      expect(result.figures.attributable.fcitcMw).toBeCloseTo(smallest, 6);
      // Every constraint kept has the re-solve's T, unit outages among them.
      let byUnits = 0;
      for (const c of result.constraints) {
        if (c.preExistingViolation) continue;
        const key = `${c.monitored.branch}|${c.setContingency?.index ?? -1}`;
        expect(c.transferAtLimitMw, key).toBeCloseTo(bruteT.get(key)!, 6);
        if ((c.setContingency?.generators.length ?? 0) > 0) byUnits++;
      }
      expect(byUnits).toBeGreaterThan(0);
      // Some constraint kept is set by a contingency of several elements or a unit.
      if (namesSetContingency) {
        expect(result.constraints.some((c) => c.contingency === null && c.setContingency)).toBe(
          true,
        );
      }
    },
  );
});

/** The network without c's elements, a lost unit's output made up by the others' room up. */
function without(base: Network, c: Contingency): Network {
  const branches = Uint8Array.from(base.branches.inService);
  for (const k of c.branches) branches[k] = 0;
  const gens = Uint8Array.from(base.generators.inService);
  const pg = Float64Array.from(base.generators.pgMw);
  const g = base.generators;
  let lost = 0;
  for (const u of c.generators) {
    lost += pg[u]!;
    gens[u] = 0;
    pg[u] = 0;
  }
  let room = 0;
  for (let k = 0; k < g.count; k++) if (gens[k]) room += Math.max(g.pmaxMw[k]! - pg[k]!, 0);
  for (let k = 0; k < g.count; k++) {
    if (gens[k]) pg[k]! += (lost * Math.max(g.pmaxMw[k]! - pg[k]!, 0)) / room;
  }
  return {
    ...base,
    branches: { ...base.branches, inService: branches },
    generators: { ...base.generators, inService: gens, pgMw: pg },
  };
}

/**
 * Flows with 1 MW of transfer: source and sink without the lost units, each renormalised, moved
 * as loads (a reference bus's unit output would be re-solved by the power flow).
 */
function flowsPerMw(
  net: Network,
  part: Float64Array,
  loads: Float64Array | null,
  lost: Set<number>,
): Float64Array {
  let source = 0;
  let sink = 0;
  for (const u of lost) {
    if (part[u]! > 0) source += part[u]!;
    else sink -= part[u]!;
  }
  const pd = Float64Array.from(net.buses.pdMw);
  for (let u = 0; u < part.length; u++) {
    if (lost.has(u) || part[u] === 0) continue;
    const p = part[u]! > 0 ? part[u]! / (1 - source) : part[u]! / (1 - sink);
    pd[net.generators.bus[u]!]! -= p;
  }
  // A load sink: more demand, by each bus's share.
  if (loads !== null) for (let b = 0; b < pd.length; b++) pd[b]! += loads[b]!;
  return runDcPowerFlow({ ...net, buses: { ...net.buses, pdMw: pd } }).pfMw;
}
