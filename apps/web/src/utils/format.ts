const LOCALE = 'es-CO';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** A whole number with es-CO grouping: 3800 → "3.800". */
export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** A number with es-CO grouping and decimal comma, at most `maxDecimals` decimals. */
export function formatNumber(value: number, maxDecimals = 2): string {
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxDecimals }).format(value);
}

/** Megawatts with one decimal at most, without the unit: 3800.45 → "3.800,5". */
export function formatMw(value: number): string {
  return formatNumber(value, 1);
}
