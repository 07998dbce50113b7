import { describe, expect, it } from 'vitest';
import type { Network } from '../../src/model/network';
import { buildDcModel, runDcPowerFlow } from '../../src/powerflow/dcpf';
import type { BusbarCapacity, BusbarCapacityResult } from '../../src/busbar/capacity';
import { busbarCapacity } from '../../src/busbar/capacity';
import { networkAtTransfer } from '../../src/transfer/dispatch';
import { computeFcitc } from '../../src/transfer/fcitc';
import { groupPlants } from '../../src/transfer/plants';
import { constraintSensitivities } from '../../src/transfer/sensitivities';
import { buildScreenContext } from '../../src/transfer/screen';
import type { CaseName } from '../support/reference';
import { loadBaseCase } from '../support/reference';
import { withTestRatings } from './transfer-ratings';

const TOL_MW = 1e-6;

function flowsAt(
  net: Network,
  r: BusbarCapacityResult,
  bus: number,
  t: number,
  outage: number,
): Float64Array {
  const pattern = {
    unitParticipation: r.unitParticipation,
    loadSinkByBus: r.loadSinkByBus,
    newUnitBus: bus,
  };
  return runDcPowerFlow(networkAtTransfer(net, pattern, t, outage)).pfMw;
}

/** Top constraints of a busbar by full DC power flows at T(c) with the contingency out. */
function checkTop(name: string, net: Network, r: BusbarCapacityResult, b: BusbarCapacity): number {
  let worst = 0;
  for (const c of b.top) {
    const what =
      `${name} busbar ${b.name} (bus ${b.busNumber}): ${c.monitoredName} (row ${c.monitored + 1}) ` +
      `under ${c.contingencyName ?? 'N-0'}`;
    const at0 = flowsAt(net, r, b.bus, 0, c.contingency)[c.monitored];
    expect(Math.abs(at0 - c.flowAtZeroMw), `flow at T = 0, ${what}`).toBeLessThanOrEqual(TOL_MW);
    if (c.preExistingViolation) {
      expect(Math.abs(at0), `|flow| over the limit at T = 0, ${what}`).toBeGreaterThan(c.limitMw);
      continue;
    }
    const atT = flowsAt(net, r, b.bus, c.transferAtLimitMw, c.contingency)[c.monitored];
    const err = Math.abs(Math.abs(atT) - c.limitMw);
    worst = Math.max(worst, err);
    if (!(err <= TOL_MW)) {
      expect.fail(`|flow| at T(c) = ${c.transferAtLimitMw} MW, ${what}: ${atT} MW vs ${c.limitMw}`);
    }
  }
  return worst;
}

/**
 * The limiting constraint's plant sensitivities (what the generator chart of a busbar shows) by
 * finite differences: plant p up 1 MW against the sink, with the contingency out.
 */
function checkSensitivities(
  name: string,
  net: Network,
  r: BusbarCapacityResult,
  b: BusbarCapacity,
): number {
  const c = b.limiting;
  if (!c) return 0;
  const model = buildDcModel(net);
  const plants = groupPlants(net, model.active).list;
  const eligible = Uint8Array.from(plants, (p) => (p.generators.length > 0 ? 1 : 0));
  const [row] = constraintSensitivities(model, [c], r.sinkByBus, plants, eligible, 0.01);
  const base = flowsAt(net, r, -1, 0, c.contingency)[c.monitored];
  let worst = 0;
  row.plants.slice(0, 4).forEach((p, i) => {
    const unitParticipation = Float64Array.from(r.unitParticipation);
    unitParticipation[plants[p].generators[0]] += 1;
    const pattern = { unitParticipation, loadSinkByBus: r.loadSinkByBus };
    const moved = runDcPowerFlow(networkAtTransfer(net, pattern, 1, c.contingency)).pfMw;
    const err = Math.abs(moved[c.monitored] - base - row.values[i]);
    worst = Math.max(worst, err);
    expect(err, `sensitivity of ${plants[p].name} on ${c.monitoredName} in ${name}`).toBeLessThan(
      1e-8,
    );
  });
  return worst;
}

/** Every (monitored, outage) state at capacity − 1 MW by full power flows: none over. */
function checkBelowCapacity(
  name: string,
  net: Network,
  r: BusbarCapacityResult,
  b: BusbarCapacity,
  everyOutage: boolean,
): void {
  if (!b.limiting || b.capacityMw < 1) return;
  const ctx = buildScreenContext(net, buildDcModel(net));
  const t = b.capacityMw - 1;
  // On the large case, N-0 and the limiting outage only.
  const outages = everyOutage ? [...ctx.outages] : [b.limiting.contingency];
  for (const k of [-1, ...outages]) {
    const f0 = flowsAt(net, r, b.bus, 0, k);
    const f1 = flowsAt(net, r, b.bus, t, k);
    ctx.monitored.forEach((m, i) => {
      const limit = k < 0 ? ctx.limitN0Mw[i] : ctx.limitPostMw[i];
      if (m === k || Math.abs(f1[m]) <= limit + TOL_MW) return;
      const d = (f1[m] - f0[m]) / t;
      if (Math.abs(d) < r.distributionFactorCutoff || Math.abs(f0[m]) > limit) return;
      expect.fail(
        `${name} busbar ${b.name}: row ${m + 1} under ${k < 0 ? 'N-0' : `row ${k + 1}`} at ` +
          `capacity − 1 = ${t} MW is ${Math.abs(f1[m])} MW > ${limit} MW`,
      );
    });
  }
}

interface Check {
  name: CaseName;
  /** Every how many busbars the plain FCITC is recomputed (1: all). */
  step: number;
  preExisting: 'limit' | 'ignore';
  bruteForceAll: boolean;
  /** How many busbars (spread over the case); all when absent. */
  busbars?: number;
}
const CASES: Check[] = [
  { name: 'case30', step: 1, preExisting: 'limit', bruteForceAll: true },
  { name: 'case30', step: 1, preExisting: 'ignore', bruteForceAll: true },
  { name: 'case118', step: 1, preExisting: 'limit', bruteForceAll: true },
  { name: 'case_ACTIVSg200', step: 5, preExisting: 'limit', bruteForceAll: true },
  { name: 'case_ACTIVSg2000', step: 8, preExisting: 'ignore', bruteForceAll: false, busbars: 48 },
];

describe('busbar connection capacity', () => {
  for (const { name, step, preExisting, bruteForceAll, busbars } of CASES) {
    it(`${name}, pre-existing violations ${preExisting === 'limit' ? 'limiting' : 'ignored'}: capacity and top constraints equal the single-transfer FCITC and brute force`, () => {
      const net = withTestRatings(name, loadBaseCase(name));
      const nb = net.buses.count;
      const count = busbars ?? nb;
      const buses = Array.from({ length: count }, (_, i) => Math.floor((i * nb) / count));
      // Small clusters so that even the small cases have several, with real spreads.
      const r = busbarCapacity(net, { buses, preExisting, clusterSize: 8 });
      expect(r.results.length + r.skippedBuses.length, `buses in ${name}`).toBe(count);
      // The pruned per-bus scan against the plain transfer FCITC of the same new unit.
      const model = buildDcModel(net);
      const ctx = buildScreenContext(net, model);
      for (let i = 0; i < r.results.length; i += step) {
        const b = r.results[i];
        const injection = new Float64Array(net.buses.count);
        net.generators.bus.forEach((bus, g) => (injection[bus] += r.unitParticipation[g]));
        if (r.loadSinkByBus) r.loadSinkByBus.forEach((v, bus) => (injection[bus] -= v));
        injection[b.bus] += 1;
        const fc = computeFcitc(ctx, injection, r.effectiveCapMw, {
          maxConstraints: 5,
          preExisting,
        });
        expect(
          Math.abs(b.capacityMw - fc.fcitcMw),
          `capacity of ${b.name} in ${name}`,
        ).toBeLessThan(1e-9);
        // Equal T(c) (parallel circuits, one outage seen by many) may order differently by
        // round-off: compare the T values, and the identities where T is not tied.
        const ours = b.top.map((c) => c.transferAtLimitMw);
        const plain = fc.constraints.map((c) => c.transferAtLimitMw);
        expect(ours.length, `top constraints of ${b.name} in ${name}`).toBe(plain.length);
        ours.forEach((t, j) => {
          expect(Math.abs(t - plain[j]), `T of top ${j + 1} of ${b.name} in ${name}`).toBeLessThan(
            1e-7,
          );
          const tied = ours.some((u, i) => i !== j && Math.abs(u - t) < 1e-7);
          if (tied || j === ours.length - 1) return;
          const key = (c: { monitored: number; contingency: number }): string =>
            `${c.monitored + 1}/${c.contingency + 1}`;
          expect(key(b.top[j]), `top ${j + 1} of ${b.name} in ${name}`).toBe(
            key(fc.constraints[j]),
          );
        });
      }
      // Brute force on a spread of busbars, the limiting one first.
      const sample = [...r.results]
        .sort((a, b) => a.capacityMw - b.capacityMw)
        .filter((_, i, all) => i % Math.ceil(all.length / 4) === 0);
      let worst = 0;
      let sens = 0;
      for (const b of sample) {
        worst = Math.max(worst, checkTop(name, net, r, b));
        sens = Math.max(sens, checkSensitivities(name, net, r, b));
        checkBelowCapacity(name, net, r, b, bruteForceAll);
      }
      const caps = r.results.map((b) => b.capacityMw).sort((a, b) => a - b);
      console.info(
        `${name}: ${r.results.length} busbars, capacity min ${caps[0].toFixed(2)} median ` +
          `${caps[caps.length >> 1].toFixed(2)} MW, ${r.candidatePairs} candidate pairs, max ` +
          `|flow − limit| ${worst.toExponential(2)} MW over ${sample.length} busbars, max ` +
          `sensitivity error ${sens.toExponential(2)}`,
      );
    });
  }
});
