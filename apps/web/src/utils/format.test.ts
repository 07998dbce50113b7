import { describe, expect, it } from 'vitest';
import { formatInteger, formatMw, formatNumber } from './format';

describe('es-CO number formatting', () => {
  it('groups thousands with a period', () => {
    expect(formatInteger(3800)).toBe('3.800');
    expect(formatInteger(1234567)).toBe('1.234.567');
  });

  it('uses a decimal comma', () => {
    expect(formatNumber(12345.678)).toBe('12.345,68');
    expect(formatMw(3800.45)).toBe('3.800,5');
    expect(formatMw(150)).toBe('150');
  });
});
