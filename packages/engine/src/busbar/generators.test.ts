import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { prepareBaseCase } from '../base/base-case';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { buildDcModel, runDcPowerFlow } from '../powerflow/dcpf';
import type { BusbarCapacityResult } from './capacity';
import { busbarCapacity } from './capacity';
import { busbarLimitingGenerators, GENERATOR_SENSITIVITY_THRESHOLD } from './generators';
import { networkAtTransfer } from '../transfer/dispatch';
import { groupPlants } from '../transfer/plants';

// The base case the analysis works on (its dispatch as P0): what the re-solves below move.
const net = prepareBaseCase(readMatpower(readReferenceText('cases/case30.m')).network).net;
const model = buildDcModel(net);
const plants = groupPlants(net, model.active).list;
const capacity = busbarCapacity(net, { capMw: 2000 }, model);
const generators = busbarLimitingGenerators(net, model, capacity, capacity.results);
const limited = capacity.results
  .map((b, i) => ({ b, gens: generators[i]! }))
  .filter(({ b }) => b.limiting !== null);

/**
 * The monitored flow with the contingency out, by a full DC power flow: the new unit at `bus`
 * injecting T, and each plant in `moves` changed by its MW, all balanced by the busbar sink.
 */
function flowWith(
  r: BusbarCapacityResult,
  bus: number,
  transferMw: number,
  moves: ReadonlyMap<number, number>,
  monitored: number,
  contingency: number,
): number {
  const moved: Network = {
    ...net,
    buses: { ...net.buses, pdMw: Float64Array.from(net.buses.pdMw) },
    generators: { ...net.generators, pgMw: Float64Array.from(net.generators.pgMw) },
  };
  let total = 0;
  for (const [plant, mw] of moves) {
    moved.generators.pgMw[plants[plant]!.generators[0]!] += mw;
    total += mw;
  }
  // The sink gives what the plants took: its unit participations (or its loads), scaled by
  // the total.
  for (let k = 0; k < net.generators.count; k++) {
    moved.generators.pgMw[k] += total * r.unitParticipation[k]!;
  }
  r.loadSinkByBus?.forEach((share, i) => (moved.buses.pdMw[i] += total * share));
  const pattern = {
    unitParticipation: r.unitParticipation,
    loadSinkByBus: r.loadSinkByBus,
    newUnitBus: bus,
  };
  return runDcPowerFlow(networkAtTransfer(moved, pattern, transferMw, contingency)).pfMw[
    monitored
  ]!;
}

describe('generators of a busbar’s limiting constraint', () => {
  it('has busbars with a limiting constraint and a cap-bound busbar reports null', () => {
    expect(limited.length).toBeGreaterThan(3);
    capacity.results.forEach((b, i) => {
      expect(generators[i] === null).toBe(b.limiting === null);
    });
    const capped = busbarLimitingGenerators(net, model, capacity, [
      { ...capacity.results[0]!, limiting: null },
    ]);
    expect(capped).toEqual([null]);
  });

  it('keeps exactly the plants whose finite-difference sensitivity is above 0.01, each equal to it', () => {
    let checked = 0;
    for (const { b, gens } of limited.slice(0, 8)) {
      const c = b.limiting!;
      const base = flowWith(capacity, b.bus, 0, new Map(), c.monitored, c.contingency);
      expect(base, `flow at T = 0, bus ${b.busNumber}`).toBeCloseTo(c.flowAtZeroMw, 9);
      const expected = new Map<number, number>();
      for (const plant of plants) {
        if (plant.generators.length === 0) continue;
        const up = flowWith(
          capacity,
          b.bus,
          0,
          new Map([[plant.index, 1]]),
          c.monitored,
          c.contingency,
        );
        const s = up - base;
        if (Math.abs(s) > GENERATOR_SENSITIVITY_THRESHOLD) expected.set(plant.index, s);
      }
      expect(new Set(gens.map((g) => g.plant)), `plants of bus ${b.busNumber}`).toEqual(
        new Set(expected.keys()),
      );
      for (const g of gens) {
        expect(Math.abs(g.sensitivity - expected.get(g.plant)!)).toBeLessThan(1e-9);
        expect(Math.abs(g.sensitivity)).toBeGreaterThan(GENERATOR_SENSITIVITY_THRESHOLD);
        expect(g.initialMw).toBeCloseTo(plants[g.plant]!.pInitialMw, 12);
        expect(g.maxMw).toBeCloseTo(plants[g.plant]!.pMaxMw, 12);
        checked++;
      }
      const order = gens.map((g) => Math.abs(g.sensitivity));
      expect(order).toEqual([...order].sort((x, y) => y - x));
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('what-if: moving plants by ΔP moves the limiting flow by Σ s·ΔP, and the recomputed capacity binds exactly', () => {
    let checked = 0;
    for (const { b, gens } of limited.slice(0, 8)) {
      if (gens.length < 2) continue;
      const c = b.limiting!;
      const moves = new Map([
        [gens[0]!.plant, -0.3 * gens[0]!.initialMw - 5],
        [gens[1]!.plant, 7.5],
      ]);
      const shift = gens[0]!.sensitivity * moves.get(gens[0]!.plant)! + gens[1]!.sensitivity * 7.5;
      const f0 = c.flowAtZeroMw + shift;
      const at0 = flowWith(capacity, b.bus, 0, moves, c.monitored, c.contingency);
      expect(at0, `flow after the moves, bus ${b.busNumber}`).toBeCloseTo(f0, 9);
      // At the original capacity the flow is the limit plus the shift.
      const atCap = flowWith(capacity, b.bus, b.capacityMw, moves, c.monitored, c.contingency);
      const sign = c.distributionFactor > 0 ? 1 : -1;
      if (!c.preExistingViolation) expect(atCap).toBeCloseTo(sign * c.limitMw + shift, 9);
      // The recalculated capacity on this constraint: T' = (sign·L − f0')/d.
      const t = (sign * c.limitMw - f0) / c.distributionFactor;
      if (t <= 0) continue;
      const atT = flowWith(capacity, b.bus, t, moves, c.monitored, c.contingency);
      expect(Math.abs(atT), `|flow| at T' = ${t} MW, bus ${b.busNumber}`).toBeCloseTo(c.limitMw, 8);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  });

  it('despachoSobrecarga: that plant alone at it brings the constraint to its limit', () => {
    let checked = 0;
    for (const { b, gens } of limited) {
      const c = b.limiting!;
      for (const g of gens) {
        if (g.dispatchAtLimitMw === null) {
          const target = (c.distributionFactor > 0 ? 1 : -1) * c.limitMw;
          const atLimit = g.initialMw + (target - c.flowAtZeroMw) / g.sensitivity;
          expect(atLimit < 0 || atLimit > g.maxMw).toBe(true);
          continue;
        }
        expect(g.dispatchAtLimitMw).toBeGreaterThanOrEqual(0);
        expect(g.dispatchAtLimitMw).toBeLessThanOrEqual(g.maxMw);
        const moves = new Map([[g.plant, g.dispatchAtLimitMw - g.initialMw]]);
        const flow = flowWith(capacity, b.bus, 0, moves, c.monitored, c.contingency);
        expect(Math.abs(flow)).toBeCloseTo(c.limitMw, 8);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('follows the transfer’s sink: with the loads as sink, the sensitivities are load-balanced', () => {
    const byLoads = busbarCapacity(net, { capMw: 2000, sink: 'loads' }, model);
    expect(byLoads.loadSinkByBus).not.toBeNull();
    const lists = busbarLimitingGenerators(net, model, byLoads, byLoads.results);
    let checked = 0;
    byLoads.results.slice(0, 10).forEach((b, i) => {
      const c = b.limiting;
      if (!c) return;
      const base = flowWith(byLoads, b.bus, 0, new Map(), c.monitored, c.contingency);
      for (const g of lists[i]!) {
        const up = flowWith(byLoads, b.bus, 0, new Map([[g.plant, 1]]), c.monitored, c.contingency);
        expect(Math.abs(up - base - g.sensitivity), `${g.name}, bus ${b.busNumber}`).toBeLessThan(
          1e-9,
        );
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(5);
  });
});
