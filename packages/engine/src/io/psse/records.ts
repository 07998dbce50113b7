import { PsseParseError } from './errors';
import type { FieldTable } from './fields';
import type { Tokens } from './tokenize';
import { parseFortranNumber, tokenize } from './tokenize';

/** One record read through a field table: numbers (NaN = absent, no default) and trimmed strings. */
export type RawValues = Record<string, number | string>;

export interface RawRecord {
  /** 1-based line of the record's first line. */
  readonly line: number;
  readonly v: RawValues;
}

/** Reads one line of a record into `into` with `table`'s names and defaults. */
export function readFields(
  text: string,
  line: number,
  table: FieldTable,
  what: string,
  into: RawValues = {},
): RawValues {
  const tokens = tokenize(text);
  if (tokens.unclosedQuote >= 0) throw unclosedQuoteError(tokens, line, table, what);
  const { fields, quoted } = tokens;
  for (let k = 0; k < table.length; k++) {
    const spec = table[k];
    const raw = k < fields.length ? fields[k] : '';
    const absent = raw === '' || (!quoted[k] && raw.trim() === '');
    if (spec.kind === 's') {
      into[spec.name] = absent && !quoted[k] ? ((spec.def as string | null) ?? '') : raw.trim();
      continue;
    }
    if (absent || (quoted[k] && raw.trim() === '')) {
      if (spec.required) {
        throw new PsseParseError(
          'PARSE_RAW_FIELD_INVALID',
          `line ${line}: ${what} record has no ${spec.name}`,
          line,
          spec.name,
        );
      }
      into[spec.name] = spec.def === null ? NaN : (spec.def as number);
      continue;
    }
    const value = parseFortranNumber(raw);
    if (value === Infinity || value === -Infinity) {
      throw new PsseParseError(
        'PARSE_RAW_NUMBER_OVERFLOW',
        `line ${line}: ${what} field ${spec.name} is too large for a number: '${raw.trim()}'`,
        line,
        spec.name,
      );
    }
    if (Number.isNaN(value) || (spec.kind === 'i' && !Number.isInteger(value))) {
      throw new PsseParseError(
        'PARSE_RAW_FIELD_INVALID',
        `line ${line}: ${what} field ${spec.name} must be ${spec.kind === 'i' ? 'an integer' : 'a number'}, found '${raw.trim()}'`,
        line,
        spec.name,
      );
    }
    into[spec.name] = value;
  }
  return into;
}

/**
 * A quote that never closes. The stray quote usually belongs to the quoted text just before it
 * (a name with an inner quote not written twice), so that field is named; else the field the
 * quote opens.
 */
export function unclosedQuoteError(
  tokens: Tokens,
  line: number,
  table: FieldTable | null,
  what: string,
): PsseParseError {
  const open = tokens.fields.length - 1;
  let k = open - 1;
  while (k >= 0 && !tokens.quoted[k]) k--;
  const blamed = k >= 0 ? k : open;
  const name = table?.[blamed]?.name;
  const where = name === undefined ? `${what} record` : `${what} field ${name}`;
  return new PsseParseError(
    'PARSE_RAW_FIELD_INVALID',
    `line ${line}: ${where}: the quote at column ${tokens.unclosedQuote + 1} is never closed ` +
      `(a quote inside a quoted text is written twice: '')`,
    line,
    name,
  );
}

export function num(r: RawValues, name: string): number {
  return r[name] as number;
}

export function str(r: RawValues, name: string): string {
  return r[name] as string;
}
