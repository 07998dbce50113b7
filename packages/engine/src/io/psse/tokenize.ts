/**
 * RAW record tokenizer (PSS/E POM "data input format"): fields separated by commas and/or blanks
 * (tabs count as blanks), a comma between blanks is one separator and two commas enclose an
 * empty field (which means "default"). Single- or double-quoted strings may hold commas, slashes,
 * blanks and the other kind of quote; their own quote is written twice inside them
 * (`'1'' DROP'` is `1' DROP`, as Fortran list-directed input reads it). A `/` outside quotes
 * starts a comment that runs to the end of the line.
 */
export interface Tokens {
  /** Field texts; quoted fields without their quotes and untrimmed, empty string = default. */
  readonly fields: string[];
  /** Whether each field was quoted (a quoted '' is a value, not a default). */
  readonly quoted: boolean[];
  /** The comment after the first `/` outside quotes, leading blanks removed; '' if none. */
  readonly comment: string;
  /**
   * 0-based column of a quote that is never closed, −1 when every quote closes. The unclosed
   * field is then the last one and holds the rest of the line (the line is malformed).
   */
  readonly unclosedQuote: number;
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
  let unclosedQuote = -1;
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
      const q = c === SQUOTE ? "'" : '"';
      let text = '';
      let from = i + 1;
      for (;;) {
        const end = line.indexOf(q, from);
        if (end < 0) {
          unclosedQuote = i;
          text += line.slice(from);
          i = n;
          break;
        }
        if (line.charCodeAt(end + 1) === c) {
          // A doubled quote is one quote character of the text, not its end.
          text += line.slice(from, end + 1);
          from = end + 2;
          continue;
        }
        text += line.slice(from, end);
        i = end + 1;
        break;
      }
      fields.push(text);
      quoted.push(true);
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
  return { fields, quoted, comment, unclosedQuote };
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

/**
 * A record whose first field is the number 0 but which has more data (`0,'1'' DROP', 240, …`).
 * PSS/E ends a category at the record whose bus number is 0, whatever else it holds.
 */
export function isZeroRecord(line: string): boolean {
  return /^[ \t]*0[ \t]*[, \t]/.test(line) && !isSectionEnd(line);
}

/** `Q` (optionally followed by anything after a blank or comment) ends the data. */
export function isDataEnd(line: string): boolean {
  return /^[ \t]*[Qq][ \t]*(?:[/,].*|[ \t].*)?\r?$/.test(line);
}

/** v34/v35 header comment lines (`@!` in column 1) carry field names for humans only. */
export function isHeaderComment(line: string): boolean {
  return line.charCodeAt(0) === 64 && line.charCodeAt(1) === 33;
}
