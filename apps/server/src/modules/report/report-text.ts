/**
 * Numbers and dates as every report writes them (issue #29): es-CO, dates in Bogotá time
 * whatever the server's zone (as the spreadsheet exports). The study's report and a case's
 * share them, so the two files read alike.
 */

const formats = new Map<string, Intl.NumberFormat>();

/** es-CO: «1.234,5». `fixed` decimals exactly, else at most `decimals`. */
export function esNumber(value: number, decimals: number, fixed = false): string {
  const key = `${decimals}:${fixed}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('es-CO', {
      maximumFractionDigits: decimals,
      ...(fixed ? { minimumFractionDigits: decimals } : {}),
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/** A capacity as the result cards and tables show it: one decimal. */
export const mwText = (value: number) => esNumber(value, 1, true);

const dateTimeFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});

/** «5 de marzo de 2026, 3:04 p. m.», in Bogotá time. */
export const bogotaDateTime = (date: Date) => dateTimeFormat.format(date);
