import { describe, expect, it } from 'vitest';
import { formatDecimal, fromPercent, parseDecimal, toPercent } from './decimal';

describe('numbers typed in the study form', () => {
  it('reads a decimal comma or point, and nothing as undefined', () => {
    expect(parseDecimal('1,04')).toBe(1.04);
    expect(parseDecimal('1.04')).toBe(1.04);
    expect(parseDecimal(' -150 ')).toBe(-150);
    expect(parseDecimal('0,5e-2')).toBe(0.005);
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('   ')).toBeUndefined();
  });

  it('answers NaN for what is not a number, so the schema refuses it', () => {
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('1,2,3')).toBeNaN();
    expect(parseDecimal('12 MW')).toBeNaN();
  });

  it('shows numbers with a decimal comma and no grouping', () => {
    expect(formatDecimal(2000)).toBe('2000');
    expect(formatDecimal(0.01)).toBe('0,01');
    expect(formatDecimal(-150.5)).toBe('-150,5');
    expect(formatDecimal(undefined)).toBe('');
    expect(formatDecimal(Number.NaN)).toBe('');
  });

  it('turns growth fractions into percent and back without binary noise', () => {
    expect(toPercent(0.015)).toBe(1.5);
    expect(toPercent(0.07)).toBe(7);
    expect(fromPercent(1.5)).toBe(0.015);
    expect(fromPercent(0.1)).toBe(0.001);
  });
});
