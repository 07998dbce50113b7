import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { busbarCapacity } from '../../busbar/capacity';
import { busbarStudy } from '../../busbar/setup';
import { readMatpower } from '../../io/matpower/read-matpower';
import type { Network } from '../../model/network';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import { injectionFlows, isPreExisting, transferAtLimit } from '../../transfer/screen';
import { postLimit } from '../n1';
import { busbarCapacityOnSet, interfaceMonitored } from './busbar-on-set';
import { AREA7_TO_AREA6_TIGHT } from './psse-definitions.test-support';
import { readMonitored } from './psse-mon';
import type { ScreenedInterface } from './screen-set';
import { readContab } from './contab';
import type { Contingency } from './contingency-set';

/**
 * Issue #30: a bus's connection capacity on a chosen contingency set. With every branch, one at
 * a time, it is the product's busbar capacity; with N-2 and unit outages it is what re-solving
 * the network without those elements gives.
 */
const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
const single = { slack: 'single' as const, preExisting: 'ignore' as const };
const busOf = (number: number) => net.buses.number.indexOf(number);

/** The capacity of `bus` after `c`, by refactoring the network without c's elements. */
function bruteForce(
  bus: number,
  c: Contingency,
  interfaces: readonly ScreenedInterface[] = [],
): number {
  const study = busbarStudy(net, { ...single, buses: [bus] });
  // The network analysed: the base case's (its P0 and effective limits), as the product's.
  const analysed = study.net;
  const base = runDcPowerFlow(analysed);
  const pg = Float64Array.from(base.pgMw);
  const genInService = Uint8Array.from(analysed.generators.inService);
  for (const g of c.generators) genInService[g] = 0;
  const lost = c.generators.reduce((sum, g) => sum + base.pgMw[g]!, 0);
  const gens = analysed.generators;
  let room = 0;
  for (let k = 0; k < gens.count; k++) {
    if (genInService[k]) room += Math.max(gens.pmaxMw[k]! - base.pgMw[k]!, 0);
  }
  for (let k = 0; k < gens.count; k++) {
    if (genInService[k]) pg[k]! += (lost * Math.max(gens.pmaxMw[k]! - base.pgMw[k]!, 0)) / room;
  }
  const branchInService = Uint8Array.from(analysed.branches.inService);
  for (const k of c.branches) branchInService[k] = 0;
  const after: Network = {
    ...analysed,
    branches: { ...analysed.branches, inService: branchInService },
    generators: { ...analysed.generators, inService: genInService, pgMw: pg },
  };
  const model = buildDcModel(after);
  const flows = runDcPowerFlow(after, model).pfMw;
  // The sink without the lost units, renormalised.
  const sink = new Float64Array(net.buses.count);
  let total = 0;
  for (let k = 0; k < gens.count; k++) {
    const share = -study.setup.unitParticipation[k]!;
    if (share > 0 && genInService[k]) {
      sink[gens.bus[k]!]! += share;
      total += share;
    }
  }
  const injection = new Float64Array(net.buses.count);
  for (let i = 0; i < injection.length; i++) injection[i] = -sink[i]! / total;
  injection[bus]! += 1;
  const d = injectionFlows(
    model,
    injection,
    new Float64Array(net.buses.count),
    new Float64Array(net.branches.count),
  );
  let t = study.capMw;
  // The base case (N-0) binds too, on the intact network with RATE_A, as in the product.
  const intact = buildDcModel(analysed);
  const n0 = new Float64Array(net.buses.count);
  for (let i = 0; i < n0.length; i++) n0[i] = -study.setup.sinkByBus[i]!;
  n0[bus]! += 1;
  const d0 = injectionFlows(
    intact,
    n0,
    new Float64Array(net.buses.count),
    new Float64Array(net.branches.count),
  );
  for (const m of study.setup.ctx.monitored) {
    if (Math.abs(d0[m]!) < study.cutoff) continue;
    const limit = analysed.branches.rateAMva[m]!;
    if (isPreExisting(base.pfMw[m]!, d0[m]!, limit)) continue;
    t = Math.min(t, transferAtLimit(base.pfMw[m]!, d0[m]!, limit));
  }
  for (const m of study.setup.ctx.monitored) {
    if (!branchInService[m] || Math.abs(d[m]!) < study.cutoff) continue;
    const limit = postLimit(analysed, m, 'emergency');
    if (isPreExisting(flows[m]!, d[m]!, limit)) continue;
    t = Math.min(t, transferAtLimit(flows[m]!, d[m]!, limit));
  }
  // An interface: the sum of its members' flows (an outaged member carries nothing).
  for (const item of interfaces) {
    if (item.limitMw === null) continue;
    for (const [f, dd, live] of [
      [base.pfMw, d0, analysed.branches.inService],
      [flows, d, branchInService],
    ] as const) {
      let flow = 0;
      let df = 0;
      for (const { branch, coefficient } of item.members) {
        if (!live[branch]) continue;
        flow += coefficient * f[branch]!;
        df += coefficient * dd[branch]!;
      }
      if (Math.abs(df) < study.cutoff || isPreExisting(flow, df, item.limitMw)) continue;
      t = Math.min(t, transferAtLimit(flow, df, item.limitMw));
    }
  }
  return t;
}

describe('a bus’s capacity on a contingency set (ACTIVSg2000)', () => {
  const buses = [busOf(5033), busOf(7098), busOf(3101)];

  it('with every branch out one at a time, is the product’s busbar capacity', () => {
    const everyBranch = Array.from({ length: net.branches.count }, (_, k) => k)
      .filter((k) => net.branches.inService[k])
      .map((k) => ({ label: String(k + 1), branches: [k], generators: [] }));
    for (const bus of buses) {
      const onSet = busbarCapacityOnSet(net, bus, everyBranch, single);
      const product = busbarCapacity(net, { ...single, buses: [bus] }).results[0]!;
      expect(onSet.capacityMw!, `bus ${net.buses.number[bus]}`).toBeCloseTo(product.capacityMw, 6);
      const limiting = onSet.limiting;
      expect(limiting?.monitored ?? null).toBe(product.limiting?.monitored ?? null);
      const k = limiting === null || limiting.contingency < 0 ? -1 : limiting.contingency;
      expect(k < 0 ? -1 : everyBranch[k]!.branches[0]).toBe(product.limiting?.contingency ?? -1);
    }
  }, 120_000);

  it('after double circuits and unit outages, is what re-solving without them gives', () => {
    const contab = readContab(readReferenceText('cases/contab_ACTIVSg2000.m'), net);
    const units = contab.contingencies.filter((c) => c.generators.length > 0).slice(0, 12);
    const { fromBus, toBus } = net.branches;
    const pairs: Contingency[] = [];
    for (let k = 1; k < net.branches.count && pairs.length < 12; k += 53) {
      for (let j = 0; j < k; j++) {
        if (fromBus[j] === fromBus[k] || toBus[j] === toBus[k]) {
          pairs.push({ label: `${j + 1}+${k + 1}`, branches: [j, k], generators: [] });
          break;
        }
      }
    }
    const mixed = {
      label: 'mixed',
      branches: pairs[0]!.branches,
      generators: units[0]!.generators,
    };
    let checked = 0;
    for (const bus of buses) {
      for (const c of [...units, ...pairs, mixed]) {
        const onSet = busbarCapacityOnSet(net, bus, [c], { ...single, pickup: 'headroom' });
        if (onSet.notScreened.length > 0) continue;
        expect(onSet.capacityMw!, `bus ${net.buses.number[bus]} after ${c.label}`).toBeCloseTo(
          bruteForce(bus, c),
          6,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  }, 240_000);

  it('with an interface, binds where re-solving says its flow reaches its rating', () => {
    const mon = readMonitored([...AREA7_TO_AREA6_TIGHT, 'END'].join('\n'), net);
    expect(mon.unresolved).toEqual([]);
    const { interfaces } = mon;
    const members = interfaces[0]!.members.map((m) => m.branch);
    const contingencies: Contingency[] = [
      // Each member out, lines near the first one, and a unit.
      ...members.map((k) => ({ label: `member ${k + 1}`, branches: [k], generators: [] })),
      ...[1, 2, 3, 4, 5].map((step) => ({
        label: `near ${members[0]! + step + 1}`,
        branches: [members[0]! + step],
        generators: [],
      })),
      { label: 'unit', branches: [], generators: [380] },
    ];
    let byInterface = 0;
    let checked = 0;
    for (const bus of [busOf(7098), busOf(7199), busOf(5033), busOf(7018)]) {
      for (const c of contingencies) {
        const one = busbarCapacityOnSet(net, bus, [c], {
          ...single,
          pickup: 'headroom',
          interfaces,
        });
        if (one.notScreened.length > 0) continue;
        expect(one.capacityMw!, `bus ${net.buses.number[bus]} after ${c.label}`).toBeCloseTo(
          bruteForce(bus, c, interfaces),
          6,
        );
        checked++;
        if (one.limiting?.monitored === interfaceMonitored(0)) byInterface++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(byInterface).toBeGreaterThan(0);
  }, 120_000);
});
