import { describe, expect, it } from 'vitest';
import {
  busLabel,
  formatDateTime,
  formatFixed,
  formatInteger,
  formatKb,
  formatMw,
  formatNumber,
} from './format';

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

describe('analysis formats', () => {
  it('shows fixed decimals with a decimal comma', () => {
    expect(formatFixed(-148, 1)).toBe('-148,0');
    expect(formatFixed(98.6789, 1)).toBe('98,7');
  });

  it('shows sizes in KB with two decimals', () => {
    expect(formatKb(2235)).toBe('2,18');
    expect(formatKb(10 * 1024 * 1024)).toBe('10.240,00');
  });

  it('shows dates as day/month/year hour:minute (24 h)', () => {
    const iso = new Date(2026, 10, 5, 7, 9).toISOString();
    expect(formatDateTime(iso)).toBe('05/11/2026 07:09');
    expect(formatDateTime('no es fecha')).toBe('no es fecha');
  });
});

describe('busLabel', () => {
  it('names a bus «NOMBRE (número, kV)» as PSS/E and PowerWorld users find it', () => {
    expect(busLabel('PFLUGERVILLE 2', 7001, 138)).toBe('PFLUGERVILLE 2 (7001, 138 kV)');
    expect(busLabel(' SAN CARLOS ', 12, 13.8)).toBe('SAN CARLOS (12, 13,8 kV)');
    expect(busLabel('', 12, 230)).toBe('12 (230 kV)');
    expect(busLabel('BUS 3', 3, 0)).toBe('BUS 3 (3)');
  });
});
