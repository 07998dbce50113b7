import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../../src/io/matpower/read-matpower';
import type { Network } from '../../src/model/network';
import { buildDcModel, runDcPowerFlow } from '../../src/powerflow/dcpf';
import type { AllBusbarResult } from '../../src/busbar/all/capacities';
import { BusbarStatus, allBusbarCapacities } from '../../src/busbar/all/capacities';
import { defaultHelperSpawn } from '../../src/busbar/all/threads';
import { busbarCapacity } from '../../src/busbar/capacity';
import { ROUNDOFF_DISTRIBUTION_FACTOR } from '../../src/transfer/cutoff';
import { networkAtTransfer } from '../../src/transfer/dispatch';
import { computeFcitc } from '../../src/transfer/fcitc';
import { buildScreenContext } from '../../src/transfer/screen';
import { bruteForceBusbars } from '../support/busbar-brute-force';
import { loadBaseCase } from '../support/reference';

const TOL_MW = 1e-6;

/** Branch flows of the dispatch at T for a new unit at `bus`, with `outage` out (−1: none). */
function flowsAt(net: Network, r: AllBusbarResult, bus: number, t: number, outage: number) {
  const pattern = {
    unitParticipation: r.unitParticipation,
    loadSinkByBus: r.loadSinkByBus,
    newUnitBus: bus,
  };
  return runDcPowerFlow(networkAtTransfer(net, pattern, t, outage)).pfMw;
}

/** Every computed bus's slot, spread: `count` of them. */
const spread = (r: AllBusbarResult, count: number): number[] => {
  const computed = [...r.buses.keys()].filter((j) => r.status[j] === BusbarStatus.computed);
  return Array.from(
    { length: count },
    (_, i) => computed[Math.floor((i * computed.length) / count)],
  );
};

describe('the N-1 capacity of every busbar, reference cases', () => {
  it('ACTIVSg500: every bus equals the brute force, strict and attributable, with the worst violation', () => {
    const text = readReferenceText('unscored/cases/case_ACTIVSg500.m');
    const net = readMatpower(text).network;
    const r = allBusbarCapacities(net);
    const brute = bruteForceBusbars(net);
    expect(brute.length, 'buses in the transfer island').toBeGreaterThan(400);
    let worst = 0;
    for (const b of brute) {
      for (const key of ['strict', 'attributable'] as const) {
        const what = `ACTIVSg500 bus ${net.buses.number[b.bus]}, ${key}`;
        const err = Math.abs(r[key].capacityMw[b.bus] - b[key].transferMw);
        worst = Math.max(worst, err);
        expect(err, `${what} capacity`).toBeLessThan(1e-9);
        const limit = `${r[key].monitored[b.bus]}/${r[key].contingency[b.bus]}`;
        if (b[key].tied.length > 1) expect(b[key].tied, `${what} limit (tied)`).toContain(limit);
        else expect(limit, `${what} limit`).toBe(`${b[key].monitored}/${b[key].contingency}`);
      }
      const w = `${r.worsened.monitored[b.bus]}/${r.worsened.contingency[b.bus]}`;
      const where = `ACTIVSg500 bus ${net.buses.number[b.bus]}, worst violation`;
      if (b.worsened.tied.length > 1) expect(b.worsened.tied, where).toContain(w);
      else expect(w, where).toBe(`${b.worsened.monitored}/${b.worsened.contingency}`);
    }
    const zeros = r.strict.capacityMw.filter((v) => v === 0).length;
    console.info(
      `ACTIVSg500: ${brute.length} buses, ${zeros} strict at 0 MW, max |Δ| ${worst.toExponential(2)} MW`,
    );
  });

  // The options form lets a user choose 0 ("keep every factor"). A factor computed as 0 or
  // 1e-17 must then not become the element that limits a bus: before transfer/cutoff.ts, 12
  // of case30's buses and 1,143 of ACTIVSg2000's had no figure (null) at cutoff 0.
  it('a cutoff of 0 is read as round-off: every bus has its figure, equal to the brute force at 1e-9', () => {
    for (const name of ['case30', 'case_ACTIVSg2000'] as const) {
      const net = loadBaseCase(name);
      const one = busbarCapacity(net, { distributionFactorCutoff: 0, preExisting: 'ignore' });
      const missing = one.results.filter((b) => !Number.isFinite(b.capacityMw));
      expect(
        missing.map((b) => b.busNumber),
        `${name}: buses with no figure`,
      ).toEqual([]);
      const all = allBusbarCapacities(net, { distributionFactorCutoff: 0 });
      for (const b of one.results) {
        const err = Math.abs(all.attributable.capacityMw[b.bus] - (b.capacityMw ?? NaN));
        expect(err, `${name} bus ${b.busNumber}: one bus and every bus`).toBeLessThan(1e-9);
      }
      if (name !== 'case30') continue;
      for (const b of bruteForceBusbars(net, { cutoff: ROUNDOFF_DISTRIBUTION_FACTOR })) {
        const err = Math.abs(all.attributable.capacityMw[b.bus] - b.attributable.transferMw);
        expect(err, `case30 bus ${net.buses.number[b.bus]}: brute force`).toBeLessThan(1e-9);
      }
    }
  });

  describe('ACTIVSg2000', () => {
    const net = loadBaseCase('case_ACTIVSg2000');
    const model = buildDcModel(net);
    const r = allBusbarCapacities(net, {}, model);

    it('every bus is the same bounded alone (clusters of one bus)', () => {
      const alone = allBusbarCapacities(net, { clusterSize: 1, clustersPerGroup: 64 }, model);
      for (const key of ['strict', 'attributable'] as const) {
        r.buses.forEach((bus, j) => {
          if (r.status[j] !== BusbarStatus.computed) return;
          const what = `ACTIVSg2000 bus ${net.buses.number[bus]}, ${key}`;
          expect(Math.abs(alone[key].capacityMw[j] - r[key].capacityMw[j]), what).toBeLessThan(
            1e-9,
          );
          expect(alone[key].monitored[j], `${what}: monitored`).toBe(r[key].monitored[j]);
          expect(alone[key].contingency[j], `${what}: contingency`).toBe(r[key].contingency[j]);
        });
      }
    });

    it('every bus equals busbarCapacity, both ways', () => {
      for (const preExisting of ['limit', 'ignore'] as const) {
        const one = busbarCapacity(net, { preExisting }, model);
        const fig = preExisting === 'limit' ? r.strict : r.attributable;
        expect(one.results.length, 'buses').toBe(r.status.filter((s) => s === 0).length);
        for (const b of one.results) {
          const what = `ACTIVSg2000 bus ${b.busNumber} (${b.name}), preExisting ${preExisting}`;
          expect(b.capacityMw, what).toBe(fig.capacityMw[b.bus]);
          expect(b.limiting?.monitored ?? -1, `${what}: monitored`).toBe(fig.monitored[b.bus]);
          expect(b.limiting?.contingency ?? -1, `${what}: contingency`).toBe(
            fig.contingency[b.bus],
          );
        }
      }
    });

    it('a spread of buses equals the plain FCITC of its new unit, both ways', () => {
      const ctx = buildScreenContext(net, model);
      for (const j of spread(r, 8)) {
        const injection = new Float64Array(net.buses.count);
        net.generators.bus.forEach((bus, g) => (injection[bus] += r.unitParticipation[g]));
        r.loadSinkByBus?.forEach((v, bus) => (injection[bus] -= v));
        injection[r.buses[j]] += 1;
        for (const preExisting of ['limit', 'ignore'] as const) {
          const fig = preExisting === 'limit' ? r.strict : r.attributable;
          const fc = computeFcitc(ctx, injection, r.capMw, { maxConstraints: 1, preExisting });
          const what = `ACTIVSg2000 bus ${net.buses.number[r.buses[j]]}, ${preExisting}`;
          expect(Math.abs(fc.fcitcMw - fig.capacityMw[j]), what).toBeLessThan(1e-9);
          expect(fc.limiting?.monitored ?? -1, `${what}: monitored`).toBe(fig.monitored[j]);
          expect(fc.limiting?.contingency ?? -1, `${what}: contingency`).toBe(fig.contingency[j]);
        }
      }
    });

    it('the limits bind in full DC power flows, and the worst violations are over their limit', () => {
      const ctx = buildScreenContext(net, model);
      const limitOf = (m: number, k: number): number => {
        const i = ctx.monitored.indexOf(m);
        return k < 0 ? ctx.limitN0Mw[i] : ctx.limitPostMw[i];
      };
      let worst = 0;
      for (const j of spread(r, 12)) {
        const bus = r.buses[j];
        const m = r.attributable.monitored[j];
        const k = r.attributable.contingency[j];
        const what = `ACTIVSg2000 bus ${net.buses.number[bus]}: row ${m + 1} under row ${k + 1}`;
        if (m >= 0) {
          const atT = flowsAt(net, r, bus, r.attributable.capacityMw[j], k)[m];
          const err = Math.abs(Math.abs(atT) - limitOf(m, k));
          worst = Math.max(worst, err);
          expect(err, `|flow| − limit at the attributable capacity, ${what}`).toBeLessThan(TOL_MW);
        }
        const wm = r.worsened.monitored[j];
        if (wm < 0) continue;
        const wk = r.worsened.contingency[j];
        const at0 = flowsAt(net, r, bus, 0, wk)[wm];
        const at1 = flowsAt(net, r, bus, 1, wk)[wm];
        const where = `worst violation at bus ${net.buses.number[bus]}: row ${wm + 1}`;
        expect(Math.abs(at0), `${where}, over its limit at T = 0`).toBeGreaterThan(limitOf(wm, wk));
        expect(at1 - at0, `${where}: d by finite difference`).toBeCloseTo(
          r.worsened.distributionFactor[j],
          9,
        );
        expect(Math.abs(at1), `${where}, worse at T = 1 MW`).toBeGreaterThan(Math.abs(at0));
      }
      console.info(`ACTIVSg2000: max |flow − limit| ${worst.toExponential(2)} MW`);
    });

    it('gives the same figures with a helper thread', () => {
      const helper = { ...defaultHelperSpawn(), awaitStartMs: 60_000 };
      const two = allBusbarCapacities(net, { threads: 2, helper }, model);
      expect(two.stats.threads, 'threads that took part').toBe(2);
      for (const key of ['strict', 'attributable'] as const) {
        expect(Array.from(two[key].capacityMw), key).toEqual(Array.from(r[key].capacityMw));
        expect(Array.from(two[key].monitored), key).toEqual(Array.from(r[key].monitored));
        expect(Array.from(two[key].contingency), key).toEqual(Array.from(r[key].contingency));
      }
      expect(Array.from(two.worsened.monitored)).toEqual(Array.from(r.worsened.monitored));
    });
  });
});
