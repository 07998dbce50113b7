import { constraintGenerators, flexibilitySchema, type Flexibility } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { clampDispatch, filterBars, sortBars } from '../../../components/charts/generator-bars';
import {
  doubleContingency,
  flexibilityFixture as flex,
  setFixture,
} from './flexibility.test-support';
import {
  bindingLevel,
  constraintLoadingAtZero,
  constraintState,
  contingencyName,
  dispatchAt,
  flexibilityBand,
  generatorBars,
  generatorViews,
  loadingPercent,
  sortEffectiveness,
  stillInLevel,
  whatIfDeltaMw,
} from './model';

const constraint = (id: number) => {
  const found = flex.constraints.find((item) => item.id === id);
  if (found === undefined) throw new Error(`no constraint ${id}`);
  return found;
};
const level = (n: number) => {
  const found = flex.levels.find((item) => item.level === n)!;
  return { ...found, constraintCount: found.constraintIds.length };
};
/** The generators part of a constraint, as the server cuts it (issue #16). */
const part = (id: number, result: Flexibility = flex) =>
  constraintGenerators(
    result,
    result.constraints.find((item) => item.id === id)!,
    new Map(result.plants.map((plant) => [plant.id, plant])),
  );
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('flexibility model', () => {
  it('has a fixture that matches the contract', () => {
    expect(flexibilitySchema.parse(flex)).toEqual(flex);
    expect(flexibilitySchema.parse(setFixture)).toEqual(setFixture);
  });

  it('colours flexibility by the spec bands', () => {
    expect([100, 80, 79.99, 60, 59.9, 40, 39, 20, 19.99, 0].map(flexibilityBand)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'redOrange',
      'redOrange',
      'red',
      'red',
    ]);
  });

  it('dispatches a plant at P0 + T · participation', () => {
    const [norte, , centro] = flex.plants;
    expect(dispatchAt(norte!, 0)).toBe(50);
    expect(dispatchAt(norte!, 160)).toBe(130);
    expect(dispatchAt(centro!, 45)).toBeCloseTo(73);
  });

  it('derives the generator view of a constraint, leaving out |sensitivity| < 0,01', () => {
    const rows = generatorViews(part(2), 80);
    expect(names(rows)).toEqual(['G Norte', 'G Sur', 'G Centro', 'G Oeste']);
    const [norte, , centro, oeste] = rows;
    expect(norte).toMatchObject({
      sensibilidad: 0.3,
      potenciaInicial: 50,
      capacidadMaximaMW: 150,
      unidadesEnParalelo: 2,
      despachoSobrecarga: 90,
      despachoInicioSobrecarga: 72.5,
      despachoMaximaSobrecarga: 130,
      servicioSobrecarga: true,
      efectividad: 30,
    });
    expect(centro!.despachoMaximaSobrecarga).toBeCloseTo(4);
    expect(centro!.efectividad).toBeCloseTo(-20);
    expect(oeste!.efectividad).toBeCloseTo(-2);
    // Off when the output is not above 0.
    const off = generatorViews(part(2, { ...flex, tmaxMw: 250 }), 250);
    expect(off[2]).toMatchObject({ servicioSobrecarga: false, servicioMaximaSobrecarga: false });
  });

  it('sorts by capacity or sensitivity both ways and filters by sign', () => {
    const rows = generatorViews(part(2), 80);
    const bars = generatorBars(rows, 'original');
    expect(names(sortBars(bars, 'capacity', 'desc'))).toEqual([
      'G Centro',
      'G Norte',
      'G Sur',
      'G Oeste',
    ]);
    expect(names(sortBars(bars, 'sensitivity', 'asc'))).toEqual([
      'G Centro',
      'G Oeste',
      'G Sur',
      'G Norte',
    ]);
    expect(names(filterBars(bars, 'positive'))).toEqual(['G Norte', 'G Sur']);
    expect(names(filterBars(bars, 'negative'))).toEqual(['G Centro', 'G Oeste']);
    expect(filterBars(bars, 'all')).toHaveLength(4);
    expect(names(sortEffectiveness(rows, 'desc'))).toEqual([
      'G Norte',
      'G Centro',
      'G Sur',
      'G Oeste',
    ]);
    expect(names(sortEffectiveness(rows, 'asc'))).toEqual([
      'G Oeste',
      'G Sur',
      'G Centro',
      'G Norte',
    ]);
  });

  it('draws P0 in the original view and the dispatch at the limit in the limite view', () => {
    const rows = generatorViews(part(2), 80);
    const norte = (mode: 'original' | 'limite') =>
      generatorBars(rows, mode).find((bar) => bar.name === 'G Norte');
    expect(norte('original')).toMatchObject({
      id: 1,
      sensitivity: 0.3,
      maxMw: 150,
      dispatchMw: 50,
    });
    expect(norte('limite')?.dispatchMw).toBeCloseTo(72.5);
  });

  it('keeps the selected constraint on a level change only when the level holds it', () => {
    // Every constraint of every level of the fixture: T(c) ≤ T(ℓ) is membership.
    for (const item of flex.levels) {
      for (const c of flex.constraints) {
        expect(stillInLevel(c, level(item.level))).toBe(item.constraintIds.includes(c.id));
      }
    }
    expect(stillInLevel(null, level(3))).toBe(false);
    expect(stillInLevel(constraint(2), undefined)).toBe(false);
  });

  it('opens on the first level that holds the binding constraint (issue #25)', () => {
    const levels = [1, 2, 3, 4].map(level);
    // L 3-4 after L 1-2 binds at T(c) = 45 MW: level 2 (80 MW) is the first that holds it.
    expect(bindingLevel(levels, constraint(2))).toBe(2);
    // T(c) exactly at a level's transfer is in it (T(c) ≤ T(ℓ)).
    expect(bindingLevel(levels, { transferAtLimitMw: 80 })).toBe(2);
    expect(bindingLevel(levels, { transferAtLimitMw: 0 })).toBe(2);
    // No binding constraint (Tmax reached first), or beyond every level.
    expect(bindingLevel(levels, null)).toBeNull();
    expect(bindingLevel(levels, { transferAtLimitMw: 170 })).toBeNull();
  });

  it('moves the monitored flow by Σ sensibilidad · ΔP from the limit dispatch', () => {
    const rows = generatorViews(part(2), 80);
    expect(whatIfDeltaMw(rows, {})).toBe(0);
    // G Norte 72,5 → 75 (+2,5 MW, s 0,3) and G Centro 73 → 63 (−10 MW, s −0,2).
    expect(whatIfDeltaMw(rows, { 1: 75, 3: 63 })).toBeCloseTo(0.75 + 2);
    // A plant not in the list does not count.
    expect(whatIfDeltaMw(rows, { 5: 20 })).toBe(0);
    expect(clampDispatch(-3, 150)).toBe(0);
    expect(clampDispatch(151.5, 150)).toBe(150);
  });

  it('shows both elements in the original condition and at the limit dispatch', () => {
    // Original: the N-0 flow against RATE_A, and after the contingency (T = 0) against the
    // limit that applies then (issue #21).
    expect(constraintState(constraint(2), 'original')).toEqual({
      monitored: { name: 'L 3-4', flowMw: 60, limitMw: 100, outOfService: false },
      monitoredAfterContingency: { name: 'L 3-4', flowMw: 92, limitMw: 110, outOfService: false },
      contingency: { name: 'L 1-2', flowMw: 70, limitMw: 120, outOfService: false },
      contingencyName: 'L 1-2',
    });
    expect(constraintState(constraint(3), 'original').monitoredAfterContingency).toBeNull();
    expect(constraintState(constraint(2), 'limite').monitoredAfterContingency).toBeNull();
    expect(constraintLoadingAtZero(constraint(2))).toBeCloseTo((92 / 110) * 100);
    const limit = constraintState(constraint(2), 'limite', 0.9);
    expect(limit.monitored.flowMw).toBeCloseTo(110.9);
    expect(limit.monitored.limitMw).toBe(110);
    expect(limit.contingency).toMatchObject({ flowMw: 0, outOfService: true });
    // At T(c) the post-contingency flow equals ±limit.
    for (const item of flex.constraints) {
      const { monitored } = constraintState(item, 'limite');
      expect(Math.abs(monitored.flowMw)).toBeCloseTo(item.limitMw);
    }
    expect(constraintState(constraint(3), 'limite').contingency).toBeNull();
    expect(loadingPercent(-45, 90)).toBe(50);
    expect(loadingPercent(10, 0)).toBeNull();
  });

  it('names a contingency of the planner’s set by its name, never as the base case (issue #30)', () => {
    const onSet = (id: number) => setFixture.constraints.find((item) => item.id === id)!;
    // One branch of the set: its flows, named as the planner names the contingency.
    expect(contingencyName(onSet(1))).toBe('Contingencia 7: L 4-6');
    expect(constraintState(onSet(1), 'original').contingency).toEqual({
      name: 'Contingencia 7: L 4-6',
      flowMw: 30,
      limitMw: 60,
      outOfService: false,
    });
    // Several elements: no branch to show, but the name, and the flow after it against the
    // post-contingency limit.
    const double = constraintState(onSet(2), 'original');
    expect(double.contingency).toBeNull();
    expect(double.contingencyName).toBe(doubleContingency.name);
    expect(double.monitoredAfterContingency).toEqual({
      name: 'L 3-4',
      flowMw: 92,
      limitMw: 110,
      outOfService: false,
    });
    expect(constraintState(onSet(2), 'limite').contingencyName).toBe(doubleContingency.name);
    // N-0 stays N-0.
    expect(contingencyName(onSet(3))).toBeNull();
    expect(constraintState(onSet(3), 'original').contingencyName).toBeNull();
  });
});
