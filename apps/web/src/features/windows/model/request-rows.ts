import type { WindowRequestInput } from '@holgura/contracts';

/**
 * The requests as the form edits them: every cell is the text typed, so a half-typed "12," or a
 * wrong value stays on screen until the server names it. Numbers are read es-CO (decimal comma)
 * or with a point; no thousands grouping while editing.
 */
export const requestFields = [
  'id',
  'name',
  'company',
  'technology',
  'bus',
  'mw',
  'minMw',
  'priority',
  'year',
] as const;
export type RequestField = (typeof requestFields)[number];

export type DraftRow = { key: string } & Record<RequestField, string>;

const numberFields = new Set<RequestField>(['bus', 'mw', 'minMw', 'priority', 'year']);

let lastKey = 0;
const nextKey = () => `fila-${++lastKey}`;

export function emptyRow(): DraftRow {
  return {
    key: nextKey(),
    id: '',
    name: '',
    company: '',
    technology: '',
    bus: '',
    mw: '',
    minMw: '',
    priority: '',
    year: '',
  };
}

/** A row with nothing typed in it: not sent. */
export const isBlank = (row: DraftRow) => requestFields.every((field) => row[field].trim() === '');

/** A typed number: undefined when empty, NaN when it is not one. */
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

/** A number as the table shows it for editing: decimal comma, no grouping. */
export function formatDecimal(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '' : inputFormat.format(value);
}

/** A request read from a file (or sent before), as rows of the table. */
export function rowFromRequest(request: WindowRequestInput): DraftRow {
  return {
    key: nextKey(),
    id: request.id,
    name: request.name ?? '',
    company: request.company ?? '',
    technology: request.technology ?? '',
    bus: String(request.bus),
    mw: formatDecimal(request.mw),
    minMw: formatDecimal(request.minMw),
    priority: formatDecimal(request.priority),
    year: request.year === undefined ? '' : String(request.year),
  };
}

/**
 * What the API is sent for a row: texts trimmed, numbers read, empty cells left out. A cell that
 * is not a number goes as typed, so the server's answer names it ("debe ser un número").
 */
export function requestFromRow(row: DraftRow): Record<string, string | number> {
  const request: Record<string, string | number> = {};
  for (const field of requestFields) {
    const text = row[field].trim();
    if (text === '') continue;
    if (!numberFields.has(field)) {
      request[field] = text;
      continue;
    }
    const value = parseDecimal(text);
    request[field] = value === undefined || Number.isNaN(value) ? text : value;
  }
  return request;
}

/** The rows to send: those with something typed, in the table's order. */
export const filledRows = (rows: readonly DraftRow[]) => rows.filter((row) => !isBlank(row));

/** What the form shows before creating: requests, their MW, and rows whose MW is unreadable. */
export function draftTotals(rows: readonly DraftRow[]): {
  count: number;
  totalMw: number;
  unreadable: number;
} {
  let totalMw = 0;
  let unreadable = 0;
  const filled = filledRows(rows);
  for (const row of filled) {
    const mw = parseDecimal(row.mw);
    if (mw === undefined || Number.isNaN(mw)) unreadable += 1;
    else totalMw += mw;
  }
  return { count: filled.length, totalMw, unreadable };
}

/** `requests.3.mw` (a problem's field) → the row and column of the table, or null. */
export function cellOfField(field: string | null): { index: number; field: RequestField } | null {
  const match = field === null ? null : /^requests\.(\d+)(?:\.(\w+))?$/.exec(field);
  if (match === null) return null;
  const column = (match[2] ?? 'id') as RequestField;
  if (!requestFields.includes(column)) return null;
  return { index: Number(match[1]), field: column };
}

/** The DOM id of a cell's input, so a problem can take the focus to it. */
export const cellId = (index: number, field: RequestField) => `ventana-solicitud-${index}-${field}`;
