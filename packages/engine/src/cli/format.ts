import type { OutputFormat } from './options';

export type Cell = string | number | boolean | null;

export interface Column {
  readonly header: string;
  /** Decimals in the `table` format; CSV always writes the full number. */
  readonly decimals?: number;
}

/** A command's result as rows, for `--format csv|table`. */
export interface Table {
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly Cell[])[];
  /** Lines printed above the table in the `table` format only (CSV is the rows alone). */
  readonly summary?: readonly string[];
}

/** What a command prints: its JSON object always; a table when its output is tabular. */
export interface CommandOutput {
  readonly json: unknown;
  readonly table?: Table;
}

/**
 * CSV for scripts (pandas, awk, a spreadsheet set to comma): RFC 4180 quoting only where needed,
 * `.` decimals with every digit JavaScript prints, empty for null, LF line ends, no BOM. This is
 * not the web app's export (`;`, decimal comma, BOM for a Spanish-locale Excel).
 */
export function toCsv(table: Table): string {
  const field = (cell: Cell): string => {
    if (cell === null) return '';
    const text = String(cell);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [table.columns.map((c) => field(c.header)), ...table.rows.map((r) => r.map(field))];
  return lines.map((cells) => `${cells.join(',')}\n`).join('');
}

/** Aligned columns for reading in a terminal: numbers right-aligned and rounded, `-` for null. */
export function toText(table: Table): string {
  const cellText = (cell: Cell, column: Column): string => {
    if (cell === null) return '-';
    if (typeof cell === 'number' && column.decimals !== undefined) {
      return cell.toFixed(column.decimals);
    }
    return String(cell);
  };
  const texts = table.rows.map((row) => row.map((cell, i) => cellText(cell, table.columns[i])));
  const numeric = table.columns.map((_, i) => table.rows.some((row) => typeof row[i] === 'number'));
  const widths = table.columns.map((c, i) =>
    Math.max(c.header.length, ...texts.map((row) => row[i].length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((text, i) => (numeric[i] ? text.padStart(widths[i]) : text.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [
    ...(table.summary ?? []),
    ...(table.summary?.length ? [''] : []),
    line(table.columns.map((c) => c.header)),
    line(widths.map((w) => '-'.repeat(w))),
    ...texts.map(line),
  ];
  return `${out.join('\n')}\n`;
}

export function render(output: CommandOutput, format: OutputFormat): string {
  if (format === 'json' || output.table === undefined) return `${JSON.stringify(output.json)}\n`;
  return format === 'csv' ? toCsv(output.table) : toText(output.table);
}
