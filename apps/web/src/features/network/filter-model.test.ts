import type { NetworkViewV1 } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import {
  areaList,
  filterNetwork,
  isFiltering,
  kvLevels,
  NO_FILTER,
  outsideFilter,
  widenFilter,
} from './filter-model';

// Two 500 kV substations (1 in area 1, 2 in area 2) joined by a tie; under bus 1 a 230 kV bus
// (3) and a 115 kV bus (4) with a unit and a load; a 115 kV path 4–6–5 to bus 2; a third 500 kV
// bus (8) reached from bus 1 only through bus 4; a 13.8 kV bus (7) on its own.
const view: NetworkViewV1 = {
  schemaVersion: 1,
  layout: 'areas',
  areas: { number: [2], name: ['Sur'] },
  buses: {
    number: [1, 2, 3, 4, 5, 6, 7, 8],
    name: ['A500', 'B500', 'A230', 'A115', 'B115', 'M115', 'G13', 'C500'],
    baseKv: [500, 500, 230, 115, 115, 115, 13.8, 500],
    x: [0, 10, 1, 2, 9, 5, 20, 3],
    y: [0, 0, 1, 2, 1, 2, 20, 5],
    type: [3, 2, 1, 1, 1, 1, 1, 1],
    area: [1, 2, 1, 1, 2, 1, 2, 1],
    loadMw: [0, 0, 0, 20, 10, 5, 0, 0],
  },
  branches: {
    from: [1, 1, 3, 4, 6, 5, 4],
    to: [2, 3, 4, 6, 5, 2, 8],
    name: ['1-2', '1-3', '3-4', '4-6', '6-5', '5-2', '4-8'],
    ratingMw: [100, 100, 100, 100, 100, 100, 100],
    flowMw: [0, 0, 0, 0, 0, 0, 0],
    inService: [true, true, true, true, true, true, true],
  },
  generators: {
    bus: [4, 4, 2],
    pMw: [30, 20, 100],
    pMaxMw: [50, 30, 200],
    inService: [true, true, true],
  },
};

const numbers = (shown: Uint8Array) => view.buses.number.filter((_, i) => shown[i] === 1);

describe('kvLevels and areaList', () => {
  it('lists the voltage levels from the highest, with the buses at or above each', () => {
    expect(kvLevels(view)).toEqual([
      { kv: 500, buses: 3, atOrAbove: 3 },
      { kv: 230, buses: 1, atOrAbove: 4 },
      { kv: 115, buses: 3, atOrAbove: 7 },
      { kv: 13.8, buses: 1, atOrAbove: 8 },
    ]);
  });

  it('lists the areas with the names the file gives, none for a view without areas', () => {
    expect(areaList(view)).toEqual([
      { area: 1, name: null, buses: 5 },
      { area: 2, name: 'Sur', buses: 3 },
    ]);
    const { area: _area, ...buses } = view.buses;
    expect(areaList({ ...view, buses })).toEqual([]);
  });
});

describe('filterNetwork', () => {
  it('draws everything without a filter', () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    const all = filterNetwork(view, NO_FILTER);
    expect(all.drawnBuses).toBe(8);
    expect(all.drawnBranches).toBe(7);
    expect(all.groups).toBeNull();
  });

  it('keeps the buses at or above the voltage and the branches between them', () => {
    const filter = { minKv: 500, areas: null, collapse: false };
    expect(isFiltering(filter)).toBe(true);
    const shown = filterNetwork(view, filter);
    expect(numbers(shown.busShown)).toEqual([1, 2, 8]);
    expect([...shown.branchShown]).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(shown.drawnBuses).toBe(3);
    expect(shown.drawnBranches).toBe(1);
    expect(shown.links).toEqual([]);
  });

  it('keeps the buses of the chosen areas', () => {
    const shown = filterNetwork(view, { minKv: null, areas: [2], collapse: false });
    expect(numbers(shown.busShown)).toEqual([2, 5, 7]);
    expect(shown.drawnBranches).toBe(1);
  });

  it('never loses a highlighted bus: it is drawn, with its branches to drawn buses, and named', () => {
    const shown = filterNetwork(view, { minKv: 500, areas: null, collapse: false }, [4, 4, 99]);
    expect(numbers(shown.busShown)).toEqual([1, 2, 4, 8]);
    expect(shown.kept).toEqual([4]);
    // 4–8 joins two drawn buses; 3–4 and 4–6 lead to hidden ones.
    expect([...shown.branchShown]).toEqual([1, 0, 0, 0, 0, 0, 1]);
  });

  it('groups the lower voltages into the nearest bus at or above, with their units and load', () => {
    const shown = filterNetwork(view, { minKv: 500, areas: null, collapse: true });
    expect(numbers(shown.busShown)).toEqual([1, 2, 8]);
    // 3 is one branch from bus 1, 4 one from bus 8, 5 one from bus 2 and 6 two from bus 2
    // (and two from bus 8: the tie goes to the lower index); 7 reaches nothing.
    expect(shown.groups).toEqual(
      new Map([
        [1, { buses: 1, generationMw: 0, pMaxMw: 0, loadMw: 0 }],
        [2, { buses: 2, generationMw: 0, pMaxMw: 0, loadMw: 15 }],
        [8, { buses: 1, generationMw: 50, pMaxMw: 80, loadMw: 20 }],
      ]),
    );
    expect(shown.unreached).toBe(1);
    // 1 and 8 meet only through buses 3 and 4 (a pale line), 8 and 2 through 4–6–5; 1–2
    // already has its drawn branch.
    expect(shown.links).toEqual([
      [1, 8],
      [2, 8],
    ]);
  });

  it('groups into the drawn buses of the chosen areas only', () => {
    const shown = filterNetwork(view, { minKv: 500, areas: [2], collapse: true });
    expect(numbers(shown.busShown)).toEqual([2]);
    expect([...shown.groups!.keys()]).toEqual([2]);
    expect(shown.links).toEqual([]);
  });

  it('does not group without a voltage to group below', () => {
    expect(filterNetwork(view, { minKv: null, areas: [1], collapse: true }).groups).toBeNull();
  });

  it('groups only through branches in service', () => {
    const open = {
      ...view,
      branches: { ...view.branches, inService: [true, false, true, true, true, true, true] },
    };
    const shown = filterNetwork(open, { minKv: 500, areas: null, collapse: true });
    // Bus 3 lost its branch to 1: it reaches bus 8 through 4 now, like 4 itself.
    expect(shown.groups?.get(8)?.buses).toBe(2);
    expect(shown.groups?.get(1)).toBeUndefined();
  });
});

describe('outsideFilter and widenFilter', () => {
  const filter = { minKv: 500, areas: [2], collapse: true };

  it('says why a bus is outside the filter', () => {
    expect(outsideFilter(view, filter, 4)).toEqual({ kv: 115, area: 1 });
    expect(outsideFilter(view, filter, 2)).toBeNull();
    expect(outsideFilter(view, NO_FILTER, 4)).toBeNull();
    expect(outsideFilter(view, filter, 99)).toBeNull();
  });

  it('lowers the voltage and adds the areas just enough to show the buses', () => {
    expect(widenFilter(view, filter, [4, 6])).toEqual({
      minKv: 115,
      areas: [1, 2],
      collapse: true,
    });
    expect(widenFilter(view, { minKv: null, areas: null, collapse: false }, [4])).toEqual({
      minKv: null,
      areas: null,
      collapse: false,
    });
    const widened = widenFilter(view, filter, [4]);
    expect(filterNetwork(view, widened).busShown[3]).toBe(1);
  });
});
