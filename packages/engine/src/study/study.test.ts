import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { buildStudyCase } from './build-study-case';
import { projectEffects } from './project-effects';
import { allBusbarCapacitiesOnSet } from '../contingency/sets/busbars-on-set';
import { SET_CONTINGENCY, type Contingency } from '../contingency/sets/contingency-set';
import type { Network } from '../model/network';
import { runStudy, type StudyContingencySet } from './run-study';
import { acVerifiedCapacity } from '../busbar/ac-capacity';
import { shortCircuitStrength } from '../shortcircuit/scc';
import type { StudyScenario, StudySpec } from './types';

const base = readMatpower(readReferenceText('cases/case30.m')).network;
const sum = (values: Float64Array) => values.reduce((total, v) => total + v, 0);

const high: StudyScenario = {
  name: 'alta',
  condition: 'Demanda alta en el área 1 y baja en el área 2',
  demandMultiplierByArea: new Map([
    [1, 1.2],
    [2, 0.9],
  ]),
  interchanges: [{ name: 'Exportación', busNumber: 30, mw: -15 }],
};
const spec: StudySpec = {
  years: [2026, 2027, 2028],
  growthByArea: new Map([[1, 0.05]]),
  scenarios: [high, { ...high, name: 'base', demandMultiplierByArea: new Map(), interchanges: [] }],
  projects: [
    {
      name: 'Segundo circuito 27-30',
      inServiceYear: 2028,
      branches: [
        {
          fromBus: 27,
          toBus: 30,
          circuit: '2',
          rPu: 0.03,
          xPu: 0.2,
          bPu: 0.02,
          rateAMva: 65,
          rateBMva: 65,
        },
      ],
      units: [{ busNumber: 30, pMaxMw: 40, pMinMw: 0, pMw: 10 }],
    },
  ],
};

describe('buildStudyCase', () => {
  it('applies growth and the scenario multiplier per area, and interchanges at their bus', () => {
    const built = buildStudyCase(base, spec, high, 2027);
    for (let i = 0; i < base.buses.count; i++) {
      const area = base.buses.area[i];
      const factor = (area === 1 ? 1.05 : 1) * (area === 1 ? 1.2 : area === 2 ? 0.9 : 1);
      const exported = base.buses.number[i] === 30 ? 15 : 0;
      expect(built.network.buses.pdMw[i], `case30 bus ${base.buses.number[i]} Pd`).toBeCloseTo(
        base.buses.pdMw[i] * factor + exported,
        9,
      );
    }
    expect(built.name).toBe('alta_2027');
  });

  it('adds a project only from its in-service year', () => {
    const before = buildStudyCase(base, spec, high, 2027);
    const after = buildStudyCase(base, spec, high, 2028);
    expect(before.network.branches.count).toBe(base.branches.count);
    expect(before.projectsInService).toEqual([]);
    expect(after.network.branches.count).toBe(base.branches.count + 1);
    expect(after.network.generators.count).toBe(base.generators.count + 1);
    expect(after.network.branches.circuit[base.branches.count]).toBe('2');
    expect(after.projectsInService).toEqual(['Segundo circuito 27-30']);
    // The base network is never modified.
    expect(base.branches.count).toBe(41);
  });

  it('re-dispatches generation so the case stays as balanced as the base case', () => {
    const built = buildStudyCase(base, spec, high, 2028);
    const baseMismatch = sum(base.generators.pgMw) - sum(base.buses.pdMw);
    const mismatch = sum(built.network.generators.pgMw) - sum(built.network.buses.pdMw);
    expect(mismatch, 'case30 alta_2028 generation − demand, MW').toBeCloseTo(baseMismatch, 6);
    for (let k = 0; k < built.network.generators.count; k++) {
      expect(built.network.generators.pgMw[k]).toBeLessThanOrEqual(
        built.network.generators.pmaxMw[k] + 1e-9,
      );
    }
  });

  it('refuses a bus that is not in the case', () => {
    const bad = { ...high, interchanges: [{ name: 'X', busNumber: 999, mw: 1 }] };
    expect(() => buildStudyCase(base, spec, bad, 2026)).toThrow(
      expect.objectContaining({ code: 'MODEL_BUS_UNKNOWN' }),
    );
  });
});

describe('runStudy', () => {
  it('computes every busbar in every scenario × year case, named <escenario>_<año>', () => {
    const progress: number[] = [];
    const results = runStudy(base, spec, { busbars: [5, 30], capMw: 500 }, (done) =>
      progress.push(done),
    );
    expect(results.map((r) => r.name)).toEqual([
      'alta_2026',
      'alta_2027',
      'alta_2028',
      'base_2026',
      'base_2027',
      'base_2028',
    ]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    for (const result of results) {
      expect(result.capacities.map((c) => c.busNumber)).toEqual([5, 30]);
      for (const capacity of result.capacities) {
        expect(capacity.capacityMw).toBeGreaterThanOrEqual(0);
        expect(capacity.capacityMw).toBeLessThanOrEqual(500);
        // The generator chart's data: only for a limiting constraint, above the threshold.
        expect(capacity.limitingGenerators === null).toBe(capacity.limiting === null);
        for (const g of capacity.limitingGenerators ?? []) {
          expect(Math.abs(g.sensitivity)).toBeGreaterThan(0.01);
        }
      }
      expect(result.nContingencies).toBeGreaterThan(0);
    }
  });

  it('checks each busbar of each case in AC and against the weak grid when asked (issue #31)', () => {
    const options = {
      busbars: [5, 30],
      capMw: 500,
      preExisting: 'ignore' as const,
      verification: { ac: true, shortCircuit: { xdPu: 0.25, scrMin: 20 } },
    };
    const results = runStudy(base, { ...spec, years: [2026, 2028] }, options);
    let weak = 0;
    for (const result of results) {
      expect(result.shortCircuit?.status).toBe('ok');
      // The case itself, built again: the same figures case by case.
      const built = buildStudyCase(
        base,
        spec,
        spec.scenarios.find((x) => x.name === result.scenario)!,
        result.year,
      ).network;
      const scc = shortCircuitStrength(built, { xdPu: 0.25 });
      for (const c of result.capacities) {
        const v = c.verification!;
        const ac = acVerifiedCapacity(built, c.bus, { capMw: 500, preExisting: 'ignore' });
        expect(v.ac!.dcMw).toBeCloseTo(c.capacityMw, 9);
        expect(v.ac!.acMw).toBeCloseTo(ac.acMw, 9);
        expect(v.strength!.weakGridMw).toBeCloseTo(scc.sccMinMva[c.bus]! / 20, 9);
        expect(v.capacityMw).toBe(Math.min(v.ac!.acMw, v.strength!.weakGridMw));
        if (v.strength!.weakGridMw < v.ac!.acMw) {
          weak++;
          expect(v.limitingVariable).toBe('weak-grid');
        } else {
          expect(v.limitingVariable).toBe(v.ac!.limitingVariable);
        }
      }
    }
    expect(weak).toBeGreaterThan(0);
    // Not asked: DC only, as before.
    const plain = runStudy(base, { ...spec, years: [2026] }, { busbars: [5], capMw: 500 });
    expect(plain[0]!.capacities[0]!.verification).toBeUndefined();
    expect(plain[0]!.shortCircuit).toBeUndefined();
  });
});

describe('projectEffects', () => {
  it('is the capacity with the project minus without it, in its first year in service', () => {
    const options = { busbars: [27, 30], capMw: 500, preExisting: 'ignore' as const };
    const effects = projectEffects(base, spec, options);
    expect(effects.map((e) => [e.project, e.scenario, e.year])).toEqual([
      ['Segundo circuito 27-30', 'alta', 2028],
      ['Segundo circuito 27-30', 'base', 2028],
    ]);
    const withIt = runStudy(base, spec, options).find((r) => r.name === 'alta_2028')!;
    const noProject = runStudy(base, { ...spec, projects: [] }, options).find(
      (r) => r.name === 'alta_2028',
    )!;
    effects[0]!.busbars.forEach((b, i) => {
      expect(b.withMw, `bus ${b.busNumber} with`).toBeCloseTo(withIt.capacities[i]!.capacityMw, 9);
      expect(b.withoutMw, `bus ${b.busNumber} without`).toBeCloseTo(
        noProject.capacities[i]!.capacityMw,
        9,
      );
      expect(b.effectMw).toBeCloseTo(b.withMw - b.withoutMw, 12);
    });
  });
});

describe('runStudy on a planner’s contingency set (issue #30)', () => {
  /** Every branch alone, every third pair of rows together (N-2), and every unit (G-1). */
  const setOf = (net: Network): StudyContingencySet => {
    const contingencies: Contingency[] = [];
    for (let k = 0; k < net.branches.count; k++) {
      contingencies.push({ label: `R${k + 1}`, branches: [k], generators: [] });
    }
    for (let k = 0; k + 1 < net.branches.count; k += 3) {
      contingencies.push({ label: `D${k + 1}`, branches: [k, k + 1], generators: [] });
    }
    for (let u = 0; u < net.generators.count; u++) {
      contingencies.push({ label: `G${u + 1}`, branches: [], generators: [u] });
    }
    return { contingencies };
  };
  const busbars = Array.from(base.buses.number);
  const results = runStudy(base, spec, {
    busbars,
    capMw: 500,
    preExisting: 'ignore',
    contingencySet: setOf,
  });

  it('gives every busbar of every case the all-bus figure on the same set', () => {
    let bySet = 0;
    for (const result of results) {
      const scenario = spec.scenarios.find((s) => s.name === result.scenario)!;
      const built = buildStudyCase(base, spec, scenario, result.year).network;
      const all = allBusbarCapacitiesOnSet(built, setOf(built).contingencies, {
        capMw: 500,
        pickup: 'headroom',
      });
      expect(result.n1).toBeNull();
      expect(result.onSet!.counts.total).toBe(setOf(built).contingencies.length);
      expect(result.capacities.length).toBeGreaterThan(25);
      for (const capacity of result.capacities) {
        const slot = all.buses.indexOf(capacity.bus);
        expect(capacity.capacityMw, `${result.name} bus ${capacity.busNumber}`).toBeCloseTo(
          all.attributable.capacityMw[slot]!,
          6,
        );
        expect(capacity.limitingGenerators === null).toBe(capacity.limiting === null);
        if (capacity.limiting?.contingency === SET_CONTINGENCY) {
          bySet += 1;
          expect(capacity.limiting.contingencyName).not.toBeNull();
        }
      }
    }
    // Some figures are set by a double or a unit outage, not by one branch.
    expect(bySet).toBeGreaterThan(0);
  });

  it('screens the N-1 of each case on the set, the lost units picked up', () => {
    for (const result of results) {
      const screen = result.onSet!.screen;
      expect(screen.counts.total).toBe(result.nContingencies);
      expect(screen.evaluated + screen.islanding.length + screen.skipped.length).toBe(
        result.nContingencies,
      );
    }
  });
});
