import { describe, expect, it } from 'vitest';
import {
  acCapacitySchema,
  busbarAcCheckResponseSchema,
  busbarCapacityPageQuerySchema,
  busbarCapacityPaths,
  busbarHistogramEdges,
} from './busbar-capacities';

describe('busbar capacities contract (issue #17)', () => {
  it('gives fixed histogram edges up to the cap', () => {
    expect(busbarHistogramEdges(2000)).toEqual([
      0, 25, 50, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000,
    ]);
    expect(busbarHistogramEdges(120)).toEqual([0, 25, 50, 100, 120]);
    expect(busbarHistogramEdges(25_000).slice(-5)).toEqual([5000, 7500, 10_000, 20_000, 25_000]);
  });

  it('reads the page query with its defaults, blank filters as none, and Spanish refusals', () => {
    expect(busbarCapacityPageQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'capacity',
      order: 'asc',
      figure: 'attributable',
    });
    expect(
      busbarCapacityPageQuerySchema.parse({ minKv: '', area: '', q: '  ', page: '3' }),
    ).toMatchObject({ page: 3, minKv: undefined, area: undefined, q: '' });
    expect(busbarCapacityPageQuerySchema.parse({ minKv: '13.8', area: '-2' })).toMatchObject({
      minKv: 13.8,
      area: -2,
    });
    const refused = busbarCapacityPageQuerySchema.safeParse({ pageSize: '7' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'El tamaño de página debe ser 10, 25, 50, 100 o 200',
    );
  });

  it('names its paths with the case id encoded', () => {
    expect(busbarCapacityPaths.page('a b')).toBe('/api/cases/a%20b/busbar-capacities');
    expect(busbarCapacityPaths.export('c1', 'csv')).toBe('/api/cases/c1/busbar-capacities.csv');
  });

  it('carries a figure verified in AC (issue #31): the variable, its unit, 20 pre-existing at most', () => {
    const violation = {
      variable: 'voltage',
      elementName: 'Concord   V2',
      contingencyName: 'Olive     V2 (5, 138 kV) – Sorenson  V2 (6, 138 kV) ckt 1',
      value: 0.93999,
      limit: 0.94,
      unit: 'pu',
    } as const;
    const capacity = {
      dcMw: 2000,
      acMw: 346.8,
      limitingVariable: 'voltage',
      acLimiting: violation,
      checkedContingencies: 10,
      preExisting: { count: 1, items: [{ ...violation, contingencyName: null }] },
      powerFlows: 52,
    } as const;
    expect(acCapacitySchema.parse(capacity)).toEqual(capacity);
    // Without convergence: no element, no value, no unit.
    expect(
      acCapacitySchema.parse({
        ...capacity,
        limitingVariable: 'non-convergence',
        acLimiting: {
          variable: 'non-convergence',
          elementName: null,
          contingencyName: null,
          value: null,
          limit: null,
          unit: null,
        },
      }).acLimiting?.value,
    ).toBeNull();
    expect(acCapacitySchema.safeParse({ ...capacity, limitingVariable: 'angle' }).success).toBe(
      false,
    );
    const many = { count: 21, items: Array.from({ length: 21 }, () => violation) };
    expect(acCapacitySchema.safeParse({ ...capacity, preExisting: many }).success).toBe(false);
    // The route's answer: acCheck null where nothing binds before the cap, acCapacity still there.
    const answer = busbarAcCheckResponseSchema.parse({
      caseId: 'c1',
      bus: 13,
      figure: 'attributable',
      capacityMw: 2000,
      limiting: null,
      acCheck: null,
      acCapacity: capacity,
    });
    expect(answer.acCapacity?.acMw).toBe(346.8);
  });
});
