import { formatNumber } from '../../../utils/format';

/**
 * Power written by its size (issue #21, Efectividad): a unit's effect on a flow can be 30 MW or
 * 40 W, and "-0,0 MW" says nothing. MW from 1 MW up (one decimal, as the spec's MW figures), kW
 * and W below, each with three significant digits; zero is "0 MW" (never "-0").
 */
export type PowerUnit = { unit: 'MW' | 'kW' | 'W'; perMw: number };

export function powerUnit(magnitudeMw: number): PowerUnit {
  const size = Math.abs(magnitudeMw);
  if (size >= 1 || size === 0 || !Number.isFinite(size)) return { unit: 'MW', perMw: 1 };
  if (size >= 1e-3) return { unit: 'kW', perMw: 1e3 };
  return { unit: 'W', perMw: 1e6 };
}

/** Decimals that keep three significant digits of a value (at least 0, at most 3). */
function significantDecimals(value: number): number {
  const size = Math.abs(value);
  if (size === 0 || !Number.isFinite(size)) return 0;
  return Math.min(3, Math.max(0, 2 - Math.floor(Math.log10(size))));
}

/** Below this (MW) a value is rounding noise: 0,01 W. */
const ZERO_MW = 1e-8;

/** "30,0 MW", "-2,0 MW", "456 kW", "-3,21 kW", "45,6 W", "0 MW". */
export function formatPower(mw: number): { value: string; unit: PowerUnit['unit'] } {
  if (!(Math.abs(mw) >= ZERO_MW)) return { value: '0', unit: 'MW' };
  const { unit, perMw } = powerUnit(mw);
  const value = mw * perMw;
  const decimals = unit === 'MW' ? 1 : significantDecimals(value);
  const text = new Intl.NumberFormat('es-CO', {
    minimumFractionDigits: unit === 'MW' ? 1 : 0,
    maximumFractionDigits: decimals,
  }).format(value);
  return { value: text, unit };
}

/**
 * The Efectividad axis: ticks at 0, ¼, ½, ¾ and all of `maximumMw`, in the unit of the maximum
 * and with the decimals the step needs, so no two ticks read the same ("0 0,5 1 1,5 2", not
 * "0 0 1 1 2"). The last tick carries the unit.
 */
export function powerAxisLabels(maximumMw: number): string[] {
  const { unit, perMw } = powerUnit(maximumMw);
  const top = maximumMw * perMw;
  const decimals = significantDecimals(top / 4);
  return [0, 0.25, 0.5, 0.75, 1].map((share, index) => {
    const text = formatNumber(share * top, decimals);
    return index === 4 ? `${text} ${unit}` : text;
  });
}
