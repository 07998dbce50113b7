import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { readMatpower } from '../../io/matpower/read-matpower';
import type { Network } from '../../model/network';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import { screenN1 } from '../n1';
import { readContab } from './contab';
import type { Contingency } from './contingency-set';
import { makeOutageEvaluator, type GenerationPickup } from './outage-flows';

/**
 * Issue #30: the flows after any set of outages, from the intact network's factors, equal a
 * brute-force DC power flow of the network with those elements removed (MATPOWER's
 * apply_changes + rundcpf), to round-off.
 */

/** The network with the contingency's elements out and, for 'headroom', the pickup moved. */
function withoutElements(net: Network, c: Contingency, pickup: GenerationPickup): Network {
  const branchInService = Uint8Array.from(net.branches.inService);
  for (const k of c.branches) branchInService[k] = 0;
  const genInService = Uint8Array.from(net.generators.inService);
  for (const g of c.generators) genInService[g] = 0;
  const base = runDcPowerFlow(net);
  const pg = Float64Array.from(base.pgMw);
  if (pickup === 'headroom') {
    const lost = c.generators.reduce((sum, g) => sum + base.pgMw[g]!, 0);
    let room = 0;
    const gens = net.generators;
    for (let k = 0; k < gens.count; k++) {
      if (genInService[k]) room += Math.max(gens.pmaxMw[k]! - base.pgMw[k]!, 0);
    }
    for (let k = 0; k < gens.count; k++) {
      if (genInService[k]) pg[k]! += (lost * Math.max(gens.pmaxMw[k]! - base.pgMw[k]!, 0)) / room;
    }
  }
  return {
    ...net,
    branches: { ...net.branches, inService: branchInService },
    generators: { ...net.generators, inService: genInService, pgMw: pg },
  };
}

function expectSameFlows(
  net: Network,
  evaluated: Float64Array,
  c: Contingency,
  pickup: GenerationPickup,
): number {
  const brute = runDcPowerFlow(withoutElements(net, c, pickup)).pfMw;
  let worst = 0;
  for (let m = 0; m < brute.length; m++) {
    worst = Math.max(worst, Math.abs(evaluated[m]! - brute[m]!));
  }
  expect(worst, `contingency ${c.label}`).toBeLessThan(1e-6);
  return worst;
}

describe('outages of the ACTIVSg2000 contab against a brute-force re-solve', () => {
  const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
  const set = readContab(readReferenceText('cases/contab_ACTIVSg2000.m'), net);
  const model = buildDcModel(net);
  const base = runDcPowerFlow(net, model);

  it('reads its 3,734 contingencies: 3,190 branch and 544 generator outages, none unresolved', () => {
    expect(set.counts).toEqual({
      total: 3734,
      branch: 3190,
      multiBranch: 0,
      generator: 544,
      mixed: 0,
    });
    expect(set.unresolved).toEqual([]);
    expect(set.contingencies[0]).toEqual({ label: '1', branches: [0], generators: [], line: 28 });
  });

  it('gives every sampled branch and unit outage the flows of the network without it', () => {
    const evaluator = makeOutageEvaluator(model, { flowsMw: base.pfMw, pgMw: base.pgMw });
    const flows = new Float64Array(net.branches.count);
    const kinds = { flows: 0, islanding: 0, skipped: 0 };
    let checked = 0;
    let worst = 0;
    for (const [i, c] of set.contingencies.entries()) {
      const outcome = evaluator.evaluate(c, flows);
      kinds[outcome.kind]++;
      // Every 9th branch outage and every 3rd unit outage: ~450 brute-force solves.
      const sampled = c.generators.length > 0 ? i % 3 === 0 : i % 9 === 0;
      if (outcome.kind !== 'flows' || !sampled) continue;
      worst = Math.max(worst, expectSameFlows(net, flows, c, 'slack'));
      checked++;
    }
    expect(checked).toBeGreaterThan(400);
    expect(kinds.flows + kinds.islanding + kinds.skipped).toBe(3734);
    console.log(
      `ACTIVSg2000 contab: ${JSON.stringify(kinds)}; ${checked} checked against brute force, ` +
        `largest difference ${worst.toExponential(2)} MW`,
    );
  }, 120_000);

  it('finds the same islanding branch outages, with the same MW, as the N-1 screen', () => {
    const evaluator = makeOutageEvaluator(model, { flowsMw: base.pfMw, pgMw: base.pgMw });
    const flows = new Float64Array(net.branches.count);
    const islanding = set.contingencies.flatMap((c) => {
      if (c.generators.length > 0) return [];
      const outcome = evaluator.evaluate(c, flows);
      return outcome.kind === 'islanding'
        ? [{ branch: c.branches[0]!, disconnectedMw: outcome.disconnectedMw }]
        : [];
    });
    const screen = screenN1(net, { slack: 'single' });
    expect(islanding.map((i) => i.branch)).toEqual(screen.islanding.map((i) => i.branch));
    for (const [i, found] of islanding.entries()) {
      expect(found.disconnectedMw).toBeCloseTo(screen.islanding[i]!.disconnectedMw, 6);
    }
  });

  it('takes out two branches at once (N-2) exactly, and reports a double outage that islands', () => {
    const evaluator = makeOutageEvaluator(model, { flowsMw: base.pfMw, pgMw: base.pgMw });
    const flows = new Float64Array(net.branches.count);
    const { fromBus, toBus } = net.branches;
    // Parallel circuits (a double-circuit outage) and pairs of branches sharing a bus.
    const pairs: [number, number][] = [];
    const byEnds = new Map<string, number>();
    for (let k = 0; k < net.branches.count && pairs.length < 40; k++) {
      const key = [Math.min(fromBus[k]!, toBus[k]!), Math.max(fromBus[k]!, toBus[k]!)].join('-');
      const twin = byEnds.get(key);
      if (twin !== undefined) pairs.push([twin, k]);
      else byEnds.set(key, k);
    }
    for (let k = 1; k < net.branches.count && pairs.length < 120; k += 37) {
      for (let j = 0; j < k; j++) {
        if (fromBus[j] === fromBus[k] || toBus[j] === toBus[k] || fromBus[j] === toBus[k]) {
          pairs.push([j, k]);
          break;
        }
      }
    }
    let computed = 0;
    let islanded = 0;
    for (const [a, b] of pairs) {
      const c = { label: `${a + 1}+${b + 1}`, branches: [a, b], generators: [] };
      const outcome = evaluator.evaluate(c, flows);
      if (outcome.kind === 'flows') {
        expectSameFlows(net, flows, c, 'slack');
        computed++;
      } else if (outcome.kind === 'islanding') {
        islanded++;
        expect(outcome.buses).toBeGreaterThan(0);
      }
    }
    expect(computed).toBeGreaterThan(60);
    console.log(
      `ACTIVSg2000 N-2: ${computed} pairs checked against brute force, ${islanded} island`,
    );
  }, 120_000);

  it('moves a lost unit to the others by their room up, with a branch out at the same time', () => {
    const evaluator = makeOutageEvaluator(
      model,
      { flowsMw: base.pfMw, pgMw: base.pgMw },
      { pickup: 'headroom' },
    );
    const flows = new Float64Array(net.branches.count);
    const units = set.contingencies.filter((c) => c.generators.length > 0).slice(0, 40);
    let checked = 0;
    for (const [i, unit] of units.entries()) {
      // Half of them together with a branch outage (a mixed contingency).
      const c = { ...unit, branches: i % 2 === 0 ? [] : [i * 17] };
      const outcome = evaluator.evaluate(c, flows);
      if (outcome.kind !== 'flows') continue;
      expectSameFlows(net, flows, c, 'headroom');
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  }, 120_000);
});

describe('outage edge cases', () => {
  // 1-2-3 ring, bus 4 hanging off bus 3 by two parallel lines; units at 1 (reference) and 2.
  const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 2 50 0 0 0 1 1 0 230 1 1.1 0.9;
3 1 60 0 0 0 1 1 0 230 1 1.1 0.9;
4 1 30 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [
1 100 0 0 0 1 100 1 300 0;
2 40 0 0 0 1 100 1 100 0;
];
mpc.branch = [
1 2 0 0.1 0 0 0 0 0 0 1;
2 3 0 0.1 0 0 0 0 0 0 1;
1 3 0 0.1 0 0 0 0 0 0 1;
3 4 0 0.2 0 0 0 0 0 0 1;
3 4 0 0.2 0 0 0 0 0 0 1;
];`;
  const net = readMatpower(CASE).network;
  const model = buildDcModel(net);
  const base = runDcPowerFlow(net, model);
  const evaluator = makeOutageEvaluator(model, { flowsMw: base.pfMw, pgMw: base.pgMw });
  const flows = new Float64Array(5);

  it('reports both circuits to bus 4 out as islanding with the 30 MW they carried', () => {
    expect(evaluator.evaluate({ label: 'N-2', branches: [3, 4], generators: [] }, flows)).toEqual({
      kind: 'islanding',
      disconnectedMw: expect.closeTo(30, 9),
      buses: 1,
    });
    // One of them alone is not: the other carries all 30 MW.
    const one = evaluator.evaluate({ label: 'N-1', branches: [3], generators: [] }, flows);
    expect(one.kind).toBe('flows');
    expect(flows[4]).toBeCloseTo(30, 9);
    expect(flows[3]).toBe(0);
  });

  it('skips what is already out and a reference unit nobody can replace under slack pickup', () => {
    const out = {
      ...net,
      branches: { ...net.branches, inService: Uint8Array.from([1, 1, 1, 1, 0]) },
    };
    const outModel = buildDcModel(out);
    const outBase = runDcPowerFlow(out, outModel);
    const outEvaluator = makeOutageEvaluator(outModel, {
      flowsMw: outBase.pfMw,
      pgMw: outBase.pgMw,
    });
    expect(outEvaluator.evaluate({ label: 'x', branches: [4], generators: [] }, flows)).toEqual({
      kind: 'skipped',
      reason: 'already-out',
    });
    expect(evaluator.evaluate({ label: 'G1', branches: [], generators: [0] }, flows)).toEqual({
      kind: 'skipped',
      reason: 'no-pickup',
    });
    // The other unit is made up by the reference.
    expect(evaluator.evaluate({ label: 'G2', branches: [], generators: [1] }, flows).kind).toBe(
      'flows',
    );
    expectSameFlows(net, flows, { label: 'G2', branches: [], generators: [1] }, 'slack');
  });
});
