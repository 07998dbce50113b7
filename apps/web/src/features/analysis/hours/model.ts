import type { HourlyCapacityResponse } from '@holgura/contracts';

/**
 * The pure side of «Un año de horas» (issue #32): figures of a bus's hourly capacity, the
 * duration curve's points, the heatmaps' colour scales, a plant profile file read in the browser
 * and the hourly series as an es-CO CSV.
 */

/** The capacities of the feasible hours (an infeasible hour is null), largest first. */
export function sortedDescending(capacityMw: readonly (number | null)[]): number[] {
  const values = capacityMw.filter((value): value is number => value !== null);
  return values.sort((a, b) => b - a);
}

export type CapacityStats = {
  feasible: number;
  min: number;
  median: number;
  max: number;
  /** Hours a constraint of the grid gives the figure (the rest of the feasible are at the cap). */
  limited: number;
};

/** Min, median and max over the feasible hours, and the hours the grid limits; null: none. */
export function capacityStats(
  result: Pick<HourlyCapacityResponse, 'capacityMw' | 'limiting'>,
): CapacityStats | null {
  const sorted = sortedDescending(result.capacityMw);
  const n = sorted.length;
  if (n === 0) return null;
  const middle = Math.floor(n / 2);
  const median = n % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  let limited = 0;
  result.limiting.forEach((index, hour) => {
    if (index >= 0 && result.capacityMw[hour] !== null) limited += 1;
  });
  return { feasible: n, min: sorted[n - 1]!, median, max: sorted[0]!, limited };
}

/**
 * The capacity the bus has at least in `share` (0–1] of the feasible hours: the value of the
 * duration curve there.
 */
export function exceededIn(sortedDesc: readonly number[], share: number): number {
  const n = sortedDesc.length;
  const index = Math.min(n - 1, Math.max(0, Math.ceil(share * n) - 1));
  return sortedDesc[index]!;
}

/**
 * The duration curve's points: (share of the feasible hours, MW), the first hour at share 0 and
 * hour i at (i + 1) / n, at most `maxPoints` of them (the curve is monotone, so sampling it keeps
 * its shape; the first and the last hour are always kept).
 */
export function durationPoints(
  sortedDesc: readonly number[],
  maxPoints = 480,
): { share: number; mw: number }[] {
  const n = sortedDesc.length;
  if (n === 0) return [];
  const points = [{ share: 0, mw: sortedDesc[0]! }];
  const steps = Math.min(n, Math.max(2, maxPoints));
  for (let step = 0; step < steps; step++) {
    const index = steps === 1 ? 0 : Math.round((step * (n - 1)) / (steps - 1));
    points.push({ share: (index + 1) / n, mw: sortedDesc[index]! });
  }
  return points;
}

/** A value range of a heatmap and its colour; `zero` is the own band of exactly 0. */
export type ColorBin = { from: number; to: number; color: string; zero?: boolean };

/** Pale yellow (least capacity) through dark teal (most). */
export const CAPACITY_COLORS = [
  '#fef9c3',
  '#fde68a',
  '#bef264',
  '#4ade80',
  '#14b8a6',
  '#0f766e',
] as const;
/** Light to dark red: more MWh lost. */
export const CURTAIL_COLORS = ['#fee2e2', '#fca5a5', '#f87171', '#dc2626', '#991b1b'] as const;
/** Nothing lost (curtailment), shown apart from the least loss. */
export const ZERO_COLOR = '#ffffff';
/** A cell without a value (every hour of it infeasible). */
export const NONE_COLOR = '#cbd5e1';

/** A grid's values that are numbers. */
const valuesOf = (grid: readonly (readonly (number | null)[])[]) =>
  grid.flat().filter((value): value is number => value !== null && Number.isFinite(value));

/**
 * Equal-width ranges from the grid's least to its largest value, one per colour (one range when
 * every value is the same). With `zeroApart`, exact zeros get a band of their own and the ranges
 * start at the least value above 0.
 */
export function colorBins(
  grid: readonly (readonly (number | null)[])[],
  colors: readonly string[],
  zeroApart = false,
): ColorBin[] {
  const all = valuesOf(grid);
  const values = zeroApart ? all.filter((value) => value > 0) : all;
  const zero: ColorBin[] =
    zeroApart && all.some((value) => value <= 0)
      ? [{ from: 0, to: 0, color: ZERO_COLOR, zero: true }]
      : [];
  if (values.length === 0) return zero;
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (max - min < 1e-9) return [...zero, { from: min, to: max, color: colors[colors.length - 1]! }];
  const width = (max - min) / colors.length;
  return [
    ...zero,
    ...colors.map((color, i) => ({
      from: min + i * width,
      to: i === colors.length - 1 ? max : min + (i + 1) * width,
      color,
    })),
  ];
}

/** The colour of a value on the bins: grey for none. */
export function colorOf(bins: readonly ColorBin[], value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NONE_COLOR;
  const zero = bins.find((bin) => bin.zero === true);
  if (zero !== undefined && value <= 0) return zero.color;
  const ranges = bins.filter((bin) => bin.zero !== true);
  const bin = ranges.find((candidate) => value < candidate.to) ?? ranges[ranges.length - 1];
  return bin?.color ?? NONE_COLOR;
}

/** A typed number with a decimal comma or a dot («200», «12,5», «12.5»); NaN when it is not one. */
export function parseDecimal(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/** The API's largest plant (contracts: hourlyCapacityRequestSchema). */
export const PLANT_MAX_MW = 100_000;

/** A typed plant size: its MW, `'nan'` when it is not a number, `'zero'` ≤ 0, `'big'` past the API's most. */
export function parsePlantMw(text: string): number | 'nan' | 'zero' | 'big' {
  const value = parseDecimal(text);
  if (!Number.isFinite(value)) return 'nan';
  if (value <= 0) return 'zero';
  if (value > PLANT_MAX_MW) return 'big';
  return value;
}

/** A typed bus number: the number, `'empty'`, or `'nan'` when it is not a whole number. */
export function parseBus(text: string): number | 'empty' | 'nan' {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (!/^-?\d+$/.test(trimmed)) return 'nan';
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : 'nan';
}

export type PlantValuesRead =
  | { ok: true; values: number[] }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'not-number' | 'negative'; line: number };

/** A cell with a decimal comma: «0,53», «1.234,5» (a dot before the comma groups thousands). */
const commaNumber = (cell: string) =>
  Number(cell.includes(',') ? cell.replaceAll('.', '').replace(',', '.') : cell);

/**
 * How a plant profile file separates its cells: `;` or a tab; `,` when a header names columns
 * with it or a line holds several commas, or a comma and a dot («1,0.53»); null for one column
 * (its comma, if any, is decimal).
 */
function separatorOf(filled: readonly string[]): ';' | '\t' | ',' | null {
  if (filled.some((line) => line.includes(';'))) return ';';
  if (filled.some((line) => line.includes('\t'))) return '\t';
  const first = filled[0] ?? '';
  if (/[a-zñáéíóú]/i.test(first) && first.includes(',')) return ',';
  const severalCells = (line: string) =>
    (line.match(/,/g) ?? []).length > 1 || (line.includes(',') && line.includes('.'));
  return filled.some(severalCells) ? ',' : null;
}

/**
 * A plant profile file, one value per line (the last cell of each, so «hora;valor» files work), a
 * header line allowed. Files separated by `;` or tabs, and files of one column, take a decimal
 * comma (what a Spanish-locale spreadsheet saves); comma-separated files, a decimal dot. Line
 * numbers count every line of the file.
 */
export function readPlantValues(text: string): PlantValuesRead {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const separator = separatorOf(lines.map((line) => line.trim()).filter((line) => line !== ''));
  const values: number[] = [];
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const cell = (separator === null ? line : (line.split(separator).at(-1) ?? '')).trim();
    const value = separator === ',' ? Number(cell) : commaNumber(cell);
    const isFirst = first;
    first = false;
    if (cell === '' || !Number.isFinite(value)) {
      // The first line may name the column.
      if (isFirst) continue;
      return { ok: false, reason: 'not-number', line: i + 1 };
    }
    if (value < 0) return { ok: false, reason: 'negative', line: i + 1 };
    values.push(value);
  }
  return values.length === 0 ? { ok: false, reason: 'empty' } : { ok: true, values };
}

const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';
const CRLF = '\r\n';
const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
/** A name from an uploaded file that starts like a formula gets an apostrophe (CSV injection). */
const textCell = (text: string) => quote(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const numberCell = (value: number, decimals: number) => value.toFixed(decimals).replace('.', ',');

export type HourlyCsvWords = {
  title: string;
  /** [label, value] lines under the title. */
  metadata: [string, string][];
  columns: { hour: string; capacity: string; limit: string };
  cap: string;
  infeasible: string;
  limit: (monitored: string, contingency: string | null) => string;
};

/**
 * The hourly series as the app's CSV exports write it (apps/server export-csv.ts): `;` between
 * fields, decimal comma without thousands separator, UTF-8 with a byte-order mark, CRLF, text in
 * double quotes; title and metadata first, a blank line, then hour (1-based), capacity (MW, two
 * decimals; empty in an infeasible hour) and what limits it.
 */
export function hourlyCsv(
  result: Pick<HourlyCapacityResponse, 'capacityMw' | 'limiting' | 'constraints'>,
  words: HourlyCsvWords,
): string {
  const lines: string[] = [textCell(words.title)];
  for (const [label, value] of words.metadata) {
    lines.push([quote(label), textCell(value)].join(CSV_SEPARATOR));
  }
  lines.push('');
  lines.push(
    [words.columns.hour, words.columns.capacity, words.columns.limit]
      .map(quote)
      .join(CSV_SEPARATOR),
  );
  result.capacityMw.forEach((mw, index) => {
    const constraint = result.constraints[result.limiting[index] ?? -1];
    const limit =
      mw === null
        ? words.infeasible
        : constraint === undefined
          ? words.cap
          : words.limit(constraint.monitoredName, constraint.contingencyName);
    lines.push(
      [String(index + 1), mw === null ? '' : numberCell(mw, 2), textCell(limit)].join(
        CSV_SEPARATOR,
      ),
    );
  });
  return BOM + lines.join(CRLF) + CRLF;
}

/** A round top for a MW axis: the next half of a power of ten above `value` (1 when ≤ 0). */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = magnitude / 2;
  return Math.ceil(value / step - 1e-9) * step;
}
