import type { BusbarCapacity } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { generatorChartData, whatIf } from './generators';
import { capacityFixture, generatorFixture } from './generators.test-support';

const gen = generatorFixture;
const generators = [gen(2, 0.3, 80), gen(13, -0.12, 40), gen(22, 0.05, 120), gen(27, -0.4, 55)];
const capacity = (extra: Parameters<typeof capacityFixture>[1] = {}) =>
  capacityFixture(generators, extra);

const ready = (c: BusbarCapacity) => {
  const data = generatorChartData(c);
  if (data.kind !== 'ready') throw new Error(data.kind);
  return data;
};

describe('generator chart data', () => {
  it('says why there is nothing to show: the cap binds, or the result predates generators', () => {
    expect(generatorChartData({ ...capacity(), limiting: null }).kind).toBe('capBinds');
    expect(generatorChartData(capacity({ generators: undefined })).kind).toBe('noData');
    expect(generatorChartData(capacity({ flowAtZeroMw: undefined })).kind).toBe('noData');
  });

  it('never draws a generator at or below the 0.01 threshold', () => {
    const data = ready(
      capacity({ generators: [...generators, gen(9, 0.01, 10), gen(8, -0.0099, 10)] }),
    );
    expect(data.generators.map((g) => g.busNumber)).toEqual([2, 13, 22, 27]);
  });
});

describe('what-if on the limiting constraint', () => {
  it('without adjustments gives back the case: flow at capacity = limit, capacity unchanged', () => {
    const result = whatIf(ready(capacity()), {});
    expect(result.shiftMw).toBe(0);
    expect(result.flowAtCapacityMw).toBeCloseTo(100, 12);
    expect(result.recalculatedMw).toBeCloseTo(80, 12);
  });

  it('moves the flow by Σ s·ΔP and the capacity by −Σ s·ΔP / d', () => {
    // B2 from 40 to 20 MW (s = 0.3): −6 MW; B27 from 27.5 to 55 MW (s = −0.4): −11 MW.
    const result = whatIf(ready(capacity()), { 2: 20, 27: 55 });
    expect(result.shiftMw).toBeCloseTo(-17, 12);
    expect(result.flowAtCapacityMw).toBeCloseTo(83, 12);
    expect(result.recalculatedMw).toBeCloseTo((100 - 60 + 17) / 0.5, 12);
  });

  it('with a negative distribution factor the limit is −L', () => {
    // d = −0.25, f0 = −70: T = (100 − 70)/0.25 = 120 MW; B2 +10 MW moves f0 by +3.
    const data = ready(capacity({ distributionFactor: -0.25, flowAtZeroMw: -70 }));
    expect(whatIf(data, {}).recalculatedMw).toBeCloseTo(120, 12);
    expect(whatIf(data, { 2: 50 }).recalculatedMw).toBeCloseTo((100 - 67) / 0.25, 12);
  });

  it('never goes below 0 nor above the study cap', () => {
    const data = ready(capacity());
    // B2 to 80 MW: +12 MW of flow, then B27 to 0: +11 → f0 = 83, T = 34; far more: 0.
    expect(whatIf(data, { 2: 80, 27: 0 }).recalculatedMw).toBeCloseTo(34, 12);
    const tight = ready(capacity({ flowAtZeroMw: 98 }));
    expect(whatIf(tight, { 2: 80 }).recalculatedMw).toBe(0);
    const loose = ready(capacity({ flowAtZeroMw: -500 }));
    expect(whatIf(loose, {}).recalculatedMw).toBe(500);
  });

  it('ignores adjustments of plants that are not in the chart', () => {
    expect(whatIf(ready(capacity()), { 999: 10 }).shiftMw).toBe(0);
  });
});
