/**
 * One exported table, independent of the file format: the xlsx and CSV writers both read it, so
 * the two files always carry the same columns and numbers.
 */
export type ColumnKind =
  /** MW, MVA: two decimals. */
  | 'mw'
  /** Percentages (loadings, flexibility): two decimals. */
  | 'percent'
  /** Distribution factors and sensitivities (MW/MW): six decimals, as /analisis shows Impacto. */
  | 'factor'
  | 'integer'
  | 'text';

export interface ExportColumn {
  /** Spanish, with the unit in parentheses where the column has one. */
  header: string;
  kind: ColumnKind;
  /** Excel column width in characters. */
  width: number;
}

export type ExportCell = string | number | null;

export interface ExportTable {
  /** Worksheet name (Excel allows 31 characters, no []:*?/\). */
  sheetName: string;
  /** First row of the sheet. */
  title: string;
  /** Label and value rows above the header: case, level, generation date… */
  metadata: [string, string][];
  columns: ExportColumn[];
  rows: ExportCell[][];
  /** File name without extension, ASCII. */
  fileStem: string;
}

/** Decimals per kind; the xlsx number format and the CSV text use the same. */
export const decimalsOf: Record<ColumnKind, number> = {
  mw: 2,
  percent: 2,
  factor: 6,
  integer: 0,
  text: 0,
};

/**
 * An ASCII, lower-case piece of a file name: accents dropped, anything else a hyphen. The
 * UTF-8 name travels in Content-Disposition's filename* as well.
 */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug === '' ? 'caso' : slug;
}
