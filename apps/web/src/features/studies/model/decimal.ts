/**
 * Numbers typed in the study form: es-CO writes a decimal comma, files and other habits a point;
 * both are read. No thousands grouping while editing (2000, not 2.000): a typed "1.000" would be
 * ambiguous. Empty is `undefined` (the schema's default, or its "debe ser un número"); anything
 * else that is not a number is NaN, which the schema refuses in Spanish.
 */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed === '') return undefined;
  const normalized = trimmed.replace(',', '.').replace(/^−/, '-');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalized)) return Number.NaN;
  return Number(normalized);
}

const inputFormat = new Intl.NumberFormat('es-CO', {
  useGrouping: false,
  maximumFractionDigits: 10,
});

/** A number as the form shows it for editing: decimal comma, no grouping. */
export function formatDecimal(value: number | undefined | null): string {
  if (value === undefined || value === null || Number.isNaN(value)) return '';
  return inputFormat.format(value);
}

/** Fractions shown as percent (growth): 0.015 → 1.5, without binary noise. */
export function toPercent(fraction: number): number {
  return Number((fraction * 100).toPrecision(12));
}

export function fromPercent(percent: number): number {
  return Number((percent / 100).toPrecision(12));
}
