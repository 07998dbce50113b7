import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { inServiceMask } from '../model/indexing';
import type { Network } from '../model/network';
import { analyseFlexibility } from '../flexibility/analyse';
import { headroomIsMeaningful, resolveStudyGroup, type StudyGroupChoice } from './resolve';

// Four buses in a ring. Bus 3 holds a wind unit and a coal unit side by side (one plant, two
// fuels); bus 4 a solar unit with 0.5 MW of headroom; bus 2 a wind unit out of service.
// Areas: buses 1–2 area 1, 3–4 area 2. Zones: 1, 2, 2, 1. kV: 230, 115, 230, 13.8. Load and
// generation balance (160 MW), so the base dispatch leaves every P0 as written.
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 130 0 0 0 1 1 0 115 2 1.1 0.9;
3 2 0 0 0 0 2 1 0 230 2 1.1 0.9;
4 1 30 0 0 0 2 1 0 13.8 1 1.1 0.9;
];
mpc.gen = [
1 100 0 0 0 1 100 1 200 0;
3 20 0 0 0 1 100 1 50 0;
3 30 0 0 0 1 100 1 60 10;
4 10 0 0 0 1 100 1 10.5 0;
2 0 0 0 0 1 100 0 40 0;
];
mpc.branch = [
1 2 0 0.1 0 200 250 0 0 0 1;
2 3 0 0.1 0 200 250 0 0 0 1;
1 3 0 0.1 0 200 250 0 0 0 1;
3 4 0 0.1 0 200 250 0 0 0 1;
4 1 0 0.1 0 200 250 0 0 0 1;
];
mpc.genfuel = {
'ng';
'wind';
'coal';
'solar';
'wind';
};`;

const net = readMatpower(CASE).network;
const active = inServiceMask(net);

/** The 1-based rows that rise in a flexibility run with that group. */
function risingRows(network: Network, group: StudyGroupChoice): number[] {
  return analyseFlexibility(network, { group }).studyGroup.units.map((k) => k + 1);
}

describe('study groups pick the units they say (docs/analysis.md §5)', () => {
  it('renewables: the in-service wind and solar units with headroom, not their neighbours', () => {
    const r = analyseFlexibility(net, { group: { kind: 'renewables' } });
    expect(r.studyGroup.units.map((k) => k + 1)).toEqual([2, 4]);
    // The coal unit at bus 3 shares the wind unit's plant but does not rise.
    expect(r.extra.unitParticipation[2]).toBe(0);
    expect(r.studyGroup.matchedUnits).toBe(2);
    expect(r.studyGroup.tmaxMw).toBeCloseTo(30 + 0.5, 12);
    expect(r.options.sink).toBe('headroom-down');
  });

  it('all: every in-service unit with headroom, the loads as the sink', () => {
    const r = analyseFlexibility(net, { group: { kind: 'all' } });
    expect(r.studyGroup.units.map((k) => k + 1)).toEqual([1, 2, 3, 4]);
    expect(r.options.sink).toBe('loads');
    expect(r.tmaxMw).toBeCloseTo(100 + 30 + 30 + 0.5, 12);
  });

  it('fuel: the units of that genfuel only', () => {
    expect(risingRows(net, { kind: 'fuel', fuel: 'coal' })).toEqual([3]);
    expect(risingRows(net, { kind: 'fuel', fuel: 'wind' })).toEqual([2]);
  });

  it('area and zone: the units at buses of that area or zone', () => {
    expect(risingRows(net, { kind: 'area', area: 2 })).toEqual([2, 3, 4]);
    expect(risingRows(net, { kind: 'area', area: 1 })).toEqual([1]);
    expect(risingRows(net, { kind: 'zone', zone: 2 })).toEqual([2, 3]);
  });

  it('kv: the units at buses of that base kV or more', () => {
    expect(risingRows(net, { kind: 'kv', minKv: 230 })).toEqual([1, 2, 3]);
    expect(risingRows(net, { kind: 'kv', minKv: 10 })).toEqual([1, 2, 3, 4]);
  });

  it('gens: the hand-picked rows, each alone, out-of-service ones left out', () => {
    const r = analyseFlexibility(net, { group: { kind: 'gens', rows: [3, 5] } });
    expect(r.studyGroup.units.map((k) => k + 1)).toEqual([3]);
    expect(r.studyGroup.matchedUnits).toBe(1);
    expect(r.studyGroup.choice).toEqual({ kind: 'gens', rows: [3, 5] });
  });

  it('refuses a rule that picks no in-service unit, and a row the case lacks', () => {
    for (const group of [
      { kind: 'fuel', fuel: 'nuclear' },
      { kind: 'area', area: 9 },
      { kind: 'gens', rows: [5] },
    ] as const) {
      expect(() => analyseFlexibility(net, { group }), JSON.stringify(group)).toThrow(
        expect.objectContaining({ code: 'TRANSFER_GROUP_NO_UNITS' }),
      );
    }
    expect(() => analyseFlexibility(net, { group: { kind: 'gens', rows: [6] } })).toThrow(
      expect.objectContaining({ code: 'TRANSFER_GENERATOR_UNKNOWN' }),
    );
  });

  it('refuses a group whose units are all at their maximum', () => {
    const pgMw = Float64Array.from(net.generators.pgMw);
    pgMw[2] = 60;
    const full = { ...net, generators: { ...net.generators, pgMw } };
    // The file's P0 as written (single slack): the base dispatch would lower the coal unit.
    const options = { group: { kind: 'fuel', fuel: 'coal' }, slack: 'single' } as const;
    expect(() => analyseFlexibility(full, options)).toThrow(
      expect.objectContaining({ code: 'TRANSFER_GROUP_EMPTY' }),
    );
  });
});

describe('the default study group (docs/analysis.md §5)', () => {
  it('is the renewables when their headroom is at least 1 MW and 1 % of their capacity', () => {
    const g = resolveStudyGroup(net, active, { kind: 'default' });
    expect(g.choice).toEqual({ kind: 'renewables' });
    expect(g.chosenBy).toBe('default');
    expect(g.reason).toBe('DEFAULT_RENEWABLES');
    expect(g.renewables).toEqual({ units: 2, headroomMw: 30.5, capacityMw: 60.5 });
  });

  it('is every unit with headroom when the renewables have less than 1 MW of it', () => {
    const pgMw = Float64Array.from(net.generators.pgMw);
    pgMw[1] = 49.7; // 0.3 MW of wind headroom + 0.5 MW of solar: 0.8 MW
    const tight = { ...net, generators: { ...net.generators, pgMw } };
    // The file's P0 as written (single slack): the base dispatch would lower the wind unit.
    const r = analyseFlexibility(tight, { slack: 'single' });
    expect(r.studyGroup.choice).toEqual({ kind: 'all' });
    expect(r.studyGroup.reason).toBe('DEFAULT_RENEWABLES_NO_HEADROOM');
    expect(r.studyGroup.renewables?.headroomMw).toBeCloseTo(0.8, 12);
    expect(r.studyGroup.chosenBy).toBe('default');
  });

  it('weighs headroom against 1 % of the renewables capacity as well', () => {
    expect(headroomIsMeaningful({ units: 3, headroomMw: 5, capacityMw: 400 })).toBe(true);
    expect(headroomIsMeaningful({ units: 3, headroomMw: 5, capacityMw: 600 })).toBe(false);
    expect(headroomIsMeaningful({ units: 3, headroomMw: 0.9, capacityMw: 10 })).toBe(false);
  });

  it('is every unit with headroom when the case names no wind or solar unit', () => {
    const { fuel: _fuel, ...generators } = net.generators;
    const r = analyseFlexibility({ ...net, generators });
    expect(r.studyGroup.reason).toBe('DEFAULT_NO_RENEWABLES');
    expect(r.studyGroup.renewables).toEqual({ units: 0, headroomMw: 0, capacityMw: 0 });
    expect(r.studyGroup.choice).toEqual({ kind: 'all' });
  });

  it('records a named group of plants by the rows that rise', () => {
    const r = analyseFlexibility(net, { studyGroup: { rule: 'named', plants: [1] } });
    // Plants are numbered by first appearance: 0-based plant 1 is bus 3, and both its units
    // rise when it is named the older way.
    expect(r.studyGroup.choice).toEqual({ kind: 'gens', rows: [2, 3] });
    expect(r.studyGroup.reason).toBe('GROUP_REQUESTED');
    expect(r.options.studyGroup.rule).toBe('named');
  });
});
