import { describe, expect, it } from 'vitest';
import { formatPower, powerAxisLabels } from './power-format';

const text = (mw: number) => {
  const { value, unit } = formatPower(mw);
  return `${value} ${unit}`;
};

describe('power by magnitude (Efectividad, issue #21)', () => {
  it('writes MW from 1 MW up with one decimal, as the spec’s MW figures', () => {
    expect(text(30)).toBe('30,0 MW');
    expect(text(-2)).toBe('-2,0 MW');
    expect(text(1234.56)).toBe('1.234,6 MW');
  });

  it('writes kW and W below 1 MW with three significant digits, so small rows say something', () => {
    expect(text(0.456)).toBe('456 kW');
    expect(text(-0.04567)).toBe('-45,7 kW');
    expect(text(0.00321)).toBe('3,21 kW');
    expect(text(0.0004567)).toBe('457 W');
    expect(text(-0.0000123)).toBe('-12,3 W');
  });

  it('writes zero (and its negative, and noise) as 0 MW, never "-0,0 MW"', () => {
    expect(text(0)).toBe('0 MW');
    expect(text(-0)).toBe('0 MW');
    expect(text(-1e-12)).toBe('0 MW');
    expect(text(Number.NaN)).toBe('0 MW');
  });

  it('labels the axis with distinct ticks in the maximum’s unit', () => {
    expect(powerAxisLabels(2)).toEqual(['0', '0,5', '1', '1,5', '2 MW']);
    expect(powerAxisLabels(30)).toEqual(['0', '7,5', '15', '22,5', '30 MW']);
    expect(powerAxisLabels(1200)).toEqual(['0', '300', '600', '900', '1.200 MW']);
    expect(powerAxisLabels(0.004)).toEqual(['0', '1', '2', '3', '4 kW']);
    expect(powerAxisLabels(0.0003)).toEqual(['0', '75', '150', '225', '300 W']);
    expect(new Set(powerAxisLabels(1.3)).size).toBe(5);
  });
});
