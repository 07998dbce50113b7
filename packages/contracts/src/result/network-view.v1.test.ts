import { describe, expect, it } from 'vitest';
import { networkViewV1Schema, type NetworkViewV1 } from './network-view.v1';

const view: NetworkViewV1 = {
  schemaVersion: 1,
  layout: 'force',
  buses: {
    number: [1, 2],
    name: ['A', 'B'],
    baseKv: [230, 230],
    x: [0, 1],
    y: [0, 1],
    type: [3, 1],
  },
  branches: {
    from: [1],
    to: [2],
    name: ['A-B'],
    ratingMw: [100],
    flowMw: [40],
    inService: [true],
  },
  generators: { bus: [1], pMw: [40], pMaxMw: [100], inService: [true] },
};

describe('networkViewV1Schema', () => {
  it('accepts equal-length columns', () => {
    expect(networkViewV1Schema.parse(view)).toEqual(view);
  });

  it('rejects columns of different lengths, naming the table', () => {
    const broken = { ...view, buses: { ...view.buses, x: [0] } };
    const result = networkViewV1Schema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['buses']]);
  });

  it('takes the area layout with areas, loads and area names, all of equal length', () => {
    const areas: NetworkViewV1 = {
      ...view,
      layout: 'areas',
      areas: { number: [1, 2], name: ['Norte', 'Sur'] },
      buses: { ...view.buses, area: [1, 2], loadMw: [0, 35.5] },
    };
    expect(networkViewV1Schema.parse(areas)).toEqual(areas);
    const short = { ...areas, buses: { ...areas.buses, area: [1] } };
    expect(networkViewV1Schema.safeParse(short).error?.issues.map((i) => i.path)).toEqual([
      ['buses'],
    ]);
    const unnamed = { ...areas, areas: { number: [1, 2], name: ['Norte'] } };
    expect(networkViewV1Schema.safeParse(unnamed).error?.issues.map((i) => i.path)).toEqual([
      ['areas'],
    ]);
  });

  it('rejects a negative rating and an unknown bus type', () => {
    expect(
      networkViewV1Schema.safeParse({ ...view, branches: { ...view.branches, ratingMw: [-1] } })
        .success,
    ).toBe(false);
    expect(
      networkViewV1Schema.safeParse({ ...view, buses: { ...view.buses, type: [3, 7] } }).success,
    ).toBe(false);
  });
});
