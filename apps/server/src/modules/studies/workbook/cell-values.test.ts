import { describe, expect, it } from 'vitest';
import { parseLocaleNumber, roundDecimal } from './cell-values';

describe('parseLocaleNumber', () => {
  it.each([
    ['1,04', 1.04],
    ['1.04', 1.04],
    ['-150', -150],
    ['−150', -150],
    ['+50', 50],
    ['2.295,5', 2295.5],
    ['2,295.5', 2295.5],
    ['1.234.567', 1234567],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    [',5', 0.5],
    ['1e-3', 0.001],
    ['0,01', 0.01],
  ])('reads %s as %d', (text, value) => {
    expect(parseLocaleNumber(text)).toBe(value);
  });

  it.each(['', 'abc', '1,2,3,4', '1.2.3', '1,234.5,6', '12-3', ',', '1,5 MW', 'Infinity'])(
    'refuses %j',
    (text) => {
      expect(parseLocaleNumber(text)).toBeNull();
    },
  );
});

describe('roundDecimal', () => {
  it('turns percent into fractions and back without binary noise', () => {
    expect(0.07 * 100).not.toBe(7);
    expect(roundDecimal(0.07 * 100)).toBe(7);
    expect(roundDecimal(3.5 / 100)).toBe(0.035);
    expect(roundDecimal(0.035 * 100)).toBe(3.5);
  });
});
