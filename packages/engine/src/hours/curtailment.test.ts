import { describe, expect, it } from 'vitest';
import {
  durationCurve,
  firmMw,
  monthHourMean,
  monthOfHour,
  mwAtCurtailment,
  plantCurtailment,
} from './curtailment';

/** A deterministic pseudo-random series (no test depends on Math.random). */
function series(n: number, seed: number, scale: number): Float64Array {
  let s = seed;
  return Float64Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648) * scale;
  });
}

/** Curtailed share of a plant of x MW, straight from the definition. */
function curtailedShare(c: ArrayLike<number>, g: ArrayLike<number>, x: number): number {
  let lost = 0;
  let energy = 0;
  for (let t = 0; t < c.length; t++) {
    if (Number.isNaN(c[t]!)) continue;
    energy += x * g[t]!;
    lost += Math.max(0, x * g[t]! - c[t]!);
  }
  return lost / energy;
}

describe('firmMw', () => {
  it('is the largest size that never exceeds the capacity', () => {
    const c = series(500, 7, 300);
    const g = series(500, 11, 1);
    const firm = firmMw(c, g);
    for (let t = 0; t < c.length; t++) expect(firm * g[t]!).toBeLessThanOrEqual(c[t]! + 1e-9);
    expect(curtailedShare(c, g, firm * 1.001)).toBeGreaterThan(0);
  });

  it('ignores hours without output and infeasible hours, and is Infinity for a plant that never produces', () => {
    expect(firmMw([100, 0, Number.NaN], [0.5, 0, 1])).toBe(200);
    expect(firmMw([100, 50], [0, 0])).toBe(Infinity);
  });
});

describe('mwAtCurtailment', () => {
  for (const share of [0.01, 0.03, 0.05, 0.2]) {
    it(`gives the largest size within ${share * 100} % of the energy curtailed`, () => {
      const c = series(2000, 3, 500);
      const g = series(2000, 5, 1);
      c[17] = Number.NaN;
      const x = mwAtCurtailment(c, g, share);
      expect(curtailedShare(c, g, x)).toBeCloseTo(share, 9);
      expect(curtailedShare(c, g, x * 0.999)).toBeLessThan(share);
      expect(curtailedShare(c, g, x * 1.001)).toBeGreaterThan(share);
      expect(x).toBeGreaterThanOrEqual(firmMw(c, g));
    });
  }

  it('is the firm size at a share of 0 and grows with the share', () => {
    const c = series(300, 13, 100);
    const g = series(300, 17, 1);
    expect(mwAtCurtailment(c, g, 0)).toBeCloseTo(firmMw(c, g), 9);
    expect(mwAtCurtailment(c, g, 0.05)).toBeGreaterThan(mwAtCurtailment(c, g, 0.01));
  });

  it('follows a constant profile through hours of zero capacity', () => {
    // 10 hours: 1 at 0 MW, 9 at 100 MW. Flat output: X ≤ 100 loses X in one hour of ten.
    const c = [0, ...Array<number>(9).fill(100)];
    const g = Array<number>(10).fill(1);
    expect(mwAtCurtailment(c, g, 0.1)).toBeCloseTo(100, 9);
    expect(mwAtCurtailment(c, g, 0.05)).toBe(0);
  });
});

describe('plantCurtailment', () => {
  it('adds the energy lost hour by hour, by month and hour of day', () => {
    const hours = 8760;
    const c = Float64Array.from({ length: hours }, (_, t) => (t % 24 === 12 ? 50 : 500));
    const g = Float64Array.from({ length: hours }, (_, t) => (t % 24 >= 6 && t % 24 < 18 ? 1 : 0));
    const r = plantCurtailment(c, g, 200);
    expect(r.energyMwh).toBe(200 * 12 * 365);
    expect(r.curtailedMwh).toBe(150 * 365);
    expect(r.hoursCurtailed).toBe(365);
    expect(r.percent).toBeCloseTo((100 * 150) / (200 * 12), 12);
    expect(r.byMonthHour[0 * 24 + 12]).toBe(150 * 31);
    expect(r.byMonthHour[1 * 24 + 12]).toBe(150 * 28);
    expect(r.byMonthHour[0 * 24 + 11]).toBe(0);
  });
});

describe('monthOfHour and durationCurve', () => {
  it('knows a leap year by its 8,784 hours', () => {
    const leap = monthOfHour(8784);
    expect(leap[31 * 24 + 29 * 24 - 1]).toBe(1);
    expect(leap[31 * 24 + 29 * 24]).toBe(2);
    expect(monthOfHour(8760)[31 * 24 + 28 * 24]).toBe(2);
  });

  it('averages each month × hour of day over its feasible hours', () => {
    const c = Float64Array.from({ length: 8760 }, (_, t) => (t % 24) + (t < 24 ? 100 : 0));
    c[48] = Number.NaN;
    const mean = monthHourMean(c);
    expect(mean).toHaveLength(12);
    expect(mean[0]![0]).toBeCloseTo((100 + 0 * 30) / 30, 12);
    expect(mean[0]![5]).toBeCloseTo((105 + 5 * 30) / 31, 12);
    expect(mean[6]![23]).toBe(23);
  });

  it('sorts the feasible hours from largest to smallest', () => {
    expect(Array.from(durationCurve([3, Number.NaN, 7, 1]))).toEqual([7, 3, 1]);
  });
});

describe('readPlantProfileValues', () => {
  it('reads one value per line with a decimal comma, an hour column, or semicolons', async () => {
    const { readPlantProfileValues } = await import('./plant-profile');
    expect(readPlantProfileValues('perfil\n0,53\n1\n0,5\n')).toEqual([0.53, 1, 0.5]);
    expect(readPlantProfileValues('hora,valor\n1,0.2\n2,0.75\n3,1\n')).toEqual([0.2, 0.75, 1]);
    expect(readPlantProfileValues('hora;valor\n1;0,2\n2;0,75\n')).toEqual([0.2, 0.75]);
    expect(() => readPlantProfileValues('0.5\nx\n')).toThrow(/line 2/);
  });
});
