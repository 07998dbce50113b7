import { EngineError } from '../../util/engine-error';

/** One `mpc.<name> = …` assignment as read from the file, before any interpretation. */
export type MatpowerValue =
  | { kind: 'scalar'; text: string; line: number }
  | { kind: 'matrix'; rows: string[][]; rowLines: number[]; line: number }
  | { kind: 'cell'; rows: string[][]; rowLines: number[]; line: number };

/** Strips a `%` comment, leaving `%` inside single-quoted strings alone. */
function stripComment(line: string): string {
  let inQuote = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") inQuote = !inQuote;
    else if (c === '%' && !inQuote) return line.slice(0, i);
  }
  return line;
}

/** Where `token` first appears in `body` outside single-quoted strings, or −1. */
function indexOutsideQuotes(body: string, token: string): number {
  let inQuote = false;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "'") inQuote = !inQuote;
    else if (!inQuote && body.startsWith(token, i)) return i;
  }
  return -1;
}

/** `body` split at every `;` outside single-quoted strings (a name may hold one). */
function splitRowsOutsideQuotes(body: string): string[] {
  const pieces: string[] = [];
  let inQuote = false;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "'") inQuote = !inQuote;
    else if (!inQuote && body[i] === ';') {
      pieces.push(body.slice(from, i));
      from = i + 1;
    }
  }
  pieces.push(body.slice(from));
  return pieces;
}

/** Whether a line leaves a single-quoted string open ('' escapes count twice, so cancel out). */
function endsInsideQuotes(body: string): boolean {
  let quotes = 0;
  for (let i = 0; i < body.length; i++) if (body[i] === "'") quotes++;
  return quotes % 2 === 1;
}

/** A quoted string may not run past this many lines: further on, the file is just broken. */
const MAX_STRING_LINES = 4;

/** Splits a row body on whitespace and commas, keeping quoted strings (with '' escapes) whole. */
function splitFields(body: string, out: string[]): void {
  let i = 0;
  const n = body.length;
  while (i < n) {
    const c = body[i];
    if (c === ' ' || c === '\t' || c === ',' || c === '\r') {
      i++;
      continue;
    }
    if (c === "'") {
      let s = '';
      i++;
      while (i < n) {
        if (body[i] === "'") {
          if (body[i + 1] === "'") {
            s += "'";
            i += 2;
            continue;
          }
          break;
        }
        s += body[i++];
      }
      i++;
      out.push(`'${s}`);
      continue;
    }
    let j = i;
    while (j < n && body[j] !== ' ' && body[j] !== '\t' && body[j] !== ',' && body[j] !== '\r') {
      j++;
    }
    out.push(body.slice(i, j));
    i = j;
  }
}

const ASSIGN = /^\s*mpc\.(\w+)\s*=\s*(.*)$/;

/**
 * Reads every `mpc.<field> = …` of a MATPOWER version 2 case: scalars, `[ … ]` matrices and
 * `{ … }` cell arrays. Rows end at `;` or at a line end without `...`. Quoted cell entries come
 * back with a leading `'` so callers can tell them from numbers.
 */
export function scanMatpower(text: string): Map<string, MatpowerValue> {
  const fields = new Map<string, MatpowerValue>();
  // Any line ending (a regex `.` does not match a stray \r), and no byte-order mark.
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let open: {
    name: string;
    value: Exclude<MatpowerValue, { kind: 'scalar' }>;
    close: string;
  } | null = null;
  let row: string[] = [];
  let rowLine = 0;
  for (let ln = 0; ln < lines.length; ln++) {
    const lineNo = ln + 1;
    let body = stripComment(lines[ln]);
    // Inside a cell array, a string left open at the line's end goes on on the next line (a
    // name with a line break in it): the rows stay one per bus, and the name is cleaned later.
    if (open?.value.kind === 'cell') {
      for (let more = 0; endsInsideQuotes(body) && more < MAX_STRING_LINES; more++) {
        if (ln + 1 >= lines.length) break;
        ln++;
        body = `${body}\n${stripComment(lines[ln])}`;
      }
    }
    if (!open) {
      const m = ASSIGN.exec(body);
      if (!m) continue;
      const name = m[1];
      const rhs = m[2].trim();
      if (rhs.startsWith('[') || rhs.startsWith('{')) {
        const close = rhs[0] === '[' ? ']' : '}';
        const kind = rhs[0] === '[' ? 'matrix' : 'cell';
        open = { name, value: { kind, rows: [], rowLines: [], line: lineNo }, close };
        body = rhs.slice(1);
        row = [];
      } else {
        fields.set(name, { kind: 'scalar', text: rhs.replace(/;\s*$/, '').trim(), line: lineNo });
        continue;
      }
    }
    const continuation = indexOutsideQuotes(body, '...');
    const continued = continuation >= 0;
    if (continued) body = body.slice(0, continuation);
    const closeAt = indexOutsideQuotes(body, open.close);
    const closes = closeAt >= 0;
    if (closes) body = body.slice(0, closeAt);
    const pieces = splitRowsOutsideQuotes(body);
    for (let p = 0; p < pieces.length; p++) {
      if (row.length === 0) rowLine = lineNo;
      splitFields(pieces[p], row);
      const rowEnds = p < pieces.length - 1 || !continued || closes;
      if (rowEnds && row.length > 0) {
        open.value.rows.push(row);
        open.value.rowLines.push(rowLine);
        row = [];
      }
    }
    if (closes) {
      fields.set(open.name, open.value);
      open = null;
    }
  }
  if (open) {
    throw new EngineError(
      'PARSE_MATPOWER_SYNTAX',
      `mpc.${open.name} opened on line ${open.value.line} is never closed with '${open.close}'`,
      { line: open.value.line, field: `mpc.${open.name}` },
    );
  }
  return fields;
}
