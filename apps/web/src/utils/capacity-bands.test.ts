import { busbarHistogramEdges } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { bandCounts, bandIndex, capacityBands } from './capacity-bands';

describe('capacity bands (the map and histogram colours)', () => {
  it('has 0 MW and the cap apart, and fixed ranges between', () => {
    const bands = capacityBands(2000);
    expect(bands.map((band) => [band.kind, band.fromMw, band.toMw])).toEqual([
      ['zero', 0, 0],
      ['range', 0, 50],
      ['range', 50, 150],
      ['range', 150, 300],
      ['range', 300, 500],
      ['range', 500, 2000],
      ['cap', 2000, 2000],
    ]);
    expect(new Set(bands.map((band) => band.color)).size).toBe(bands.length);
  });

  it('puts each capacity in its band; none outside the island', () => {
    const bands = capacityBands(2000);
    expect(
      [0, 0.1, 49.9, 50, 299.9, 300, 1999.9, 2000, null].map((mw) => bandIndex(bands, mw)),
    ).toEqual([0, 1, 1, 2, 3, 4, 5, 6, -1]);
    expect(bandCounts(bands, [0, 0, 10, 2000, null])).toEqual({
      counts: [2, 1, 0, 0, 0, 0, 1],
      outside: 1,
    });
  });

  it('never splits a histogram bin between two colours (their edges are histogram edges)', () => {
    const edges = busbarHistogramEdges(2000);
    for (const band of capacityBands(2000)) expect(edges).toContain(band.toMw);
  });

  it('keeps the ranges below a small cap', () => {
    const bands = capacityBands(100);
    expect(bands.map((band) => [band.kind, band.fromMw, band.toMw])).toEqual([
      ['zero', 0, 0],
      ['range', 0, 50],
      ['range', 50, 100],
      ['cap', 100, 100],
    ]);
  });
});
