const LOCALE = 'es-CO';

/**
 * One Intl.NumberFormat per set of options, made on first use: making one costs the first
 * time the locale's data loads (~25 ms on a mid-range phone), which no page should pay before it
 * paints nor once per number in a table.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(minDecimals: number | undefined, maxDecimals: number): Intl.NumberFormat {
  const key = `${minDecimals}:${maxDecimals}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(
      LOCALE,
      minDecimals === undefined
        ? { maximumFractionDigits: maxDecimals }
        : { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals },
    );
    numberFormats.set(key, format);
  }
  return format;
}

/** A whole number with es-CO grouping: 3800 → "3.800". */
export function formatInteger(value: number): string {
  return numberFormat(undefined, 0).format(value);
}

/** A number with es-CO grouping and decimal comma, at most `maxDecimals` decimals. */
export function formatNumber(value: number, maxDecimals = 2): string {
  return numberFormat(undefined, maxDecimals).format(value);
}

/** Megawatts with one decimal at most, without the unit: 3800.45 → "3.800,5". */
export function formatMw(value: number): string {
  return formatNumber(value, 1);
}

/** A number with exactly `decimals` decimals, es-CO: (12.345, 1) → "12,3". */
export function formatFixed(value: number, decimals: number): string {
  return numberFormat(decimals, decimals).format(value);
}

/** A file size in kilobytes with two decimals: 1536 bytes → "1,50". */
export function formatKb(bytes: number): string {
  return formatFixed(bytes / 1024, 2);
}

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** Spec §3: day/month/year hour:minute in the Spanish (Colombia) locale. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTimeFormat ??= new Intl.DateTimeFormat(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const parts = Object.fromEntries(
    dateTimeFormat.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * A bus as engineers find it in PSS/E and PowerWorld (issue #29): «NOMBRE (número, kV)», e.g.
 * «PFLUGERVILLE 2 (7001, 138 kV)»; the number alone when the file names none.
 */
export function busLabel(name: string, bus: number, baseKv: number): string {
  const kv = baseKv > 0 ? `, ${formatNumber(baseKv, 2)} kV` : '';
  const trimmed = name.trim();
  return trimmed === ''
    ? `${bus}${kv === '' ? '' : ` (${kv.slice(2)})`}`
    : `${trimmed} (${bus}${kv})`;
}
