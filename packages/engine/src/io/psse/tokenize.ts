/**
 * RAW record tokenizer (PSS/E POM "data input format"): fields separated by commas and/or blanks
 * (tabs count as blanks), a comma between blanks is one separator and two commas enclose an
 * empty field (which means "default"), single- or double-quoted strings may hold commas, slashes
 * and blanks, and a `/` outside quotes starts a comment that runs to the end of the line.
 */
export interface Tokens {
  /** Field texts; quoted fields without their quotes and untrimmed, empty string = default. */
  readonly fields: string[];
  /** Whether each field was quoted (a quoted '' is a value, not a default). */
  readonly quoted: boolean[];
  /** The comment after the first `/` outside quotes, leading blanks removed; '' if none. */
  readonly comment: string;
}

const SPACE = 32;
const TAB = 9;
const COMMA = 44;
const SLASH = 47;
const SQUOTE = 39;
const DQUOTE = 34;
const CR = 13;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === CR;
}

export function tokenize(line: string): Tokens {
  const fields: string[] = [];
  const quoted: boolean[] = [];
  let comment = '';
  const n = line.length;
  let i = 0;
  while (i < n) {
    while (i < n && isBlank(line.charCodeAt(i))) i++;
    if (i >= n) break;
    const c = line.charCodeAt(i);
    if (c === COMMA) {
      // A comma where a field should start: the field between two separators is empty.
      fields.push('');
      quoted.push(false);
      i++;
      continue;
    }
    if (c === SLASH) {
      comment = line.slice(i + 1).replace(/^[ \t]+/, '');
      break;
    }
    if (c === SQUOTE || c === DQUOTE) {
      const end = line.indexOf(c === SQUOTE ? "'" : '"', i + 1);
      const stop = end < 0 ? n : end;
      fields.push(line.slice(i + 1, stop));
      quoted.push(true);
      i = stop + 1;
    } else {
      const start = i;
      while (i < n) {
        const d = line.charCodeAt(i);
        if (isBlank(d) || d === COMMA || d === SLASH) break;
        i++;
      }
      fields.push(line.slice(start, i));
      quoted.push(false);
    }
    // One separator after a field: blanks, optionally one comma, more blanks.
    while (i < n && isBlank(line.charCodeAt(i))) i++;
    if (i < n && line.charCodeAt(i) === COMMA) i++;
  }
  return { fields, quoted, comment };
}

// Fortran-style reals: `-.1`, `1.`, `33E-3`, `1.1D-2`; no hex, no Infinity, no blanks.
const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][+-]?\d+)?$/;

/** The number a field holds, or NaN when it is not one (empty fields are handled by callers). */
export function parseFortranNumber(text: string): number {
  const t = text.trim();
  if (!NUMBER_RE.test(t)) return NaN;
  const c = t.search(/[dD]/);
  return Number(c < 0 ? t : `${t.slice(0, c)}e${t.slice(c + 1)}`);
}

/** `0` alone (optionally followed by a comment) ends a section. */
export function isSectionEnd(line: string): boolean {
  return /^[ \t]*0[ \t]*(?:[,/].*)?\r?$/.test(line) && !/^[ \t]*0[ \t]*,[ \t]*[^ \t/\r]/.test(line);
}

/** `Q` (optionally followed by anything after a blank or comment) ends the data. */
export function isDataEnd(line: string): boolean {
  return /^[ \t]*[Qq][ \t]*(?:[/,].*|[ \t].*)?\r?$/.test(line);
}

/** v34/v35 header comment lines (`@!` in column 1) carry field names for humans only. */
export function isHeaderComment(line: string): boolean {
  return line.charCodeAt(0) === 64 && line.charCodeAt(1) === 33;
}
