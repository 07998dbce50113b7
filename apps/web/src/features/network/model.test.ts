import type { NetworkViewV1 } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import {
  bandColor,
  branchColor,
  branchState,
  capacityScale,
  CAPACITY_COLORS,
  generationByBus,
  OUT_OF_SERVICE_COLOR,
  searchBuses,
  UNRATED_COLOR,
} from './model';

const view: NetworkViewV1 = {
  schemaVersion: 1,
  layout: 'force',
  buses: {
    number: [1, 2, 30, 301],
    name: ['Bogotá Norte', 'Medellín', 'B30', 'Cali 230'],
    baseKv: [230, 230, 115, 230],
    x: [0, 1, 2, 3],
    y: [0, 1, 0, 1],
    type: [3, 2, 1, 1],
  },
  branches: {
    from: [1, 2, 30],
    to: [2, 30, 301],
    name: ['Bogotá Norte-Medellín', 'Medellín-B30', 'B30-Cali 230'],
    ratingMw: [100, 0, 200],
    flowMw: [-95, 10, 40],
    inService: [true, true, true],
  },
  generators: {
    bus: [1, 1, 2],
    pMw: [50, 30, 20],
    pMaxMw: [100, 60, 40],
    inService: [true, true, false],
  },
};

describe('branchState', () => {
  it('colours the base case by the docs/product.md §4 bands of |flow| / rating', () => {
    const critical = branchState(view, 1, null);
    expect(critical).toMatchObject({ loadingPercent: 95, band: 'critical', inService: true });
    expect(branchColor(critical)).toBe(bandColor.critical);
    const unrated = branchState(view, 2, null);
    expect(unrated.loadingPercent).toBeNull();
    expect(branchColor(unrated)).toBe(UNRATED_COLOR);
    expect(branchState(view, 3, null).band).toBe('normal');
  });

  it('shows the focused constraint: monitored flow against its limit, contingency out', () => {
    const focus = {
      monitored: { branch: 3, name: 'B30-Cali 230', flowMw: 270, limitMw: 200 },
      contingency: { branch: 1, name: 'Bogotá Norte-Medellín', outOfService: true },
      generators: [],
    };
    expect(branchState(view, 3, focus)).toMatchObject({ loadingPercent: 135, band: 'extreme' });
    const out = branchState(view, 1, focus);
    expect(out.inService).toBe(false);
    expect(branchColor(out)).toBe(OUT_OF_SERVICE_COLOR);
    // In the original condition the contingency element is still in service.
    const original = { ...focus, contingency: { ...focus.contingency, outOfService: false } };
    expect(branchState(view, 1, original).band).toBe('critical');
  });
});

describe('searchBuses', () => {
  it('finds an exact number first, then names without regard to accents or case', () => {
    expect(searchBuses(view, '30')).toEqual([2, 3]);
    expect(searchBuses(view, 'bogota')).toEqual([0]);
    expect(searchBuses(view, 'MEDELLÍN')).toEqual([1]);
    expect(searchBuses(view, '  ')).toEqual([]);
    expect(searchBuses(view, 'Quito')).toEqual([]);
  });
});

describe('generationByBus', () => {
  it('adds the in-service units of each bus', () => {
    const byBus = generationByBus(view);
    expect(byBus.get(1)).toEqual({ pMw: 80, pMaxMw: 160 });
    expect(byBus.has(2)).toBe(false);
  });
});

describe('capacityScale', () => {
  it('splits the evaluated range into equal MW bands', () => {
    const scale = capacityScale([100, 600, 350]);
    expect(scale.bounds).toEqual([100, 200, 300, 400, 500, 600]);
    expect(scale.single).toBe(false);
    expect(scale.colorOf(100)).toBe(CAPACITY_COLORS[0]);
    expect(scale.colorOf(350)).toBe(CAPACITY_COLORS[2]);
    expect(scale.colorOf(600)).toBe(CAPACITY_COLORS[4]);
  });

  it('gives one colour when every busbar has the same capacity', () => {
    const scale = capacityScale([250, 250]);
    expect(scale.single).toBe(true);
    expect(scale.colorOf(250)).toBe(CAPACITY_COLORS[4]);
  });
});
