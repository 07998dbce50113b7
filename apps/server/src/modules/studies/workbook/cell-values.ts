import type { Cell, CellValue } from 'exceljs';
import { studyProblemWords } from '@holgura/contracts';
import type { ColumnKind } from './workbook-format';
import { STUDY_FILE_LIMITS } from './workbook-format';

const words = studyProblemWords.cell;

/** A cell reduced to what a study needs: empty, a number, a text, or why it is neither. */
export type CellReading =
  | { kind: 'empty' }
  | { kind: 'number'; value: number; percentFormat: boolean }
  | { kind: 'text'; value: string }
  | { kind: 'invalid'; detail: string };

/** A cell's value for its column's kind, or the Spanish reason it has none. */
export type CellResult =
  { ok: true; value: string | number | null } | { ok: false; detail: string };

export function readCell(cell: Cell): CellReading {
  const percentFormat = (cell.numFmt ?? '').includes('%');
  return reduceValue(cell.value, percentFormat);
}

function reduceValue(value: CellValue, percentFormat: boolean): CellReading {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'number') return { kind: 'number', value, percentFormat };
  if (typeof value === 'string') return textReading(value);
  if (typeof value === 'boolean') {
    return { kind: 'invalid', detail: words.boolean };
  }
  if (value instanceof Date) {
    return { kind: 'invalid', detail: words.date };
  }
  if ('error' in value) {
    return { kind: 'invalid', detail: words.excelError(value.error) };
  }
  if ('richText' in value) return textReading(value.richText.map((run) => run.text).join(''));
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    return typeof text === 'string' ? textReading(text) : reduceValue(text as CellValue, false);
  }
  // A formula: the value Excel computed and saved with it. Holgura evaluates no formulas.
  const result = (value as { result?: unknown }).result;
  if (result === undefined) {
    return { kind: 'invalid', detail: words.uncomputedFormula };
  }
  return reduceValue(result as CellValue, percentFormat);
}

function textReading(raw: string): CellReading {
  const value = raw.trim();
  if (value === '') return { kind: 'empty' };
  if (value.length > STUDY_FILE_LIMITS.maxCellChars) {
    return {
      kind: 'invalid',
      detail: words.textTooLong(value.length, STUDY_FILE_LIMITS.maxCellChars),
    };
  }
  return { kind: 'text', value };
}

/** The reading as its column expects it: text columns take numbers as text (circuit 2). */
export function convertReading(reading: CellReading, kind: ColumnKind): CellResult {
  switch (reading.kind) {
    case 'empty':
      return { ok: true, value: null };
    case 'invalid':
      return { ok: false, detail: reading.detail };
    case 'number':
      if (kind === 'percent' && reading.percentFormat) {
        // A cell formatted as % holds the fraction (1,5 % is 0.015): the column is in percent.
        return { ok: true, value: roundDecimal(reading.value * 100) };
      }
      return { ok: true, value: kind === 'text' ? String(reading.value) : reading.value };
    case 'text': {
      if (kind === 'text' || kind === 'any') return { ok: true, value: reading.value };
      const text = kind === 'percent' ? reading.value.replace(/\s*%$/, '') : reading.value;
      const value = parseLocaleNumber(text);
      return value === null
        ? { ok: false, detail: words.expectedNumber(clip(reading.value)) }
        : { ok: true, value };
    }
  }
}

/**
 * A number typed as text, as es-CO users type it: "1,04", "-150", "2.295,5", "1 234,5" and
 * "0.01" are all numbers. With both separators the last one is the decimal mark; a lone
 * separator repeated ("1.234.567") groups thousands; anything else is not a number.
 */
export function parseLocaleNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^\u2212/, '-');
  const match = /^([+-]?)([\d.,]+)((?:[eE][+-]?\d+)?)$/.exec(compact);
  if (match === null) return null;
  const [, sign, digits, exponent] = match as unknown as [string, string, string, string];
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  let integer = digits;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const mark = Math.max(lastComma, lastDot);
    integer = digits.slice(0, mark);
    fraction = digits.slice(mark + 1);
    const group = lastComma > lastDot ? '.' : ',';
    if (fraction.includes(group) || !isGrouped(integer, group)) return null;
  } else {
    const separator = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
    if (separator !== null) {
      const count = digits.split(separator).length - 1;
      if (count === 1) [integer, fraction] = digits.split(separator) as [string, string];
      else if (!isGrouped(digits, separator)) return null;
    }
  }
  const plain = integer.replace(/[.,]/g, '');
  if (plain === '' && fraction === '') return null;
  const value = Number(`${sign}${plain || '0'}${fraction ? `.${fraction}` : ''}${exponent}`);
  return Number.isFinite(value) ? value : null;
}

function isGrouped(integer: string, group: string): boolean {
  if (!integer.includes(group)) return /^\d*$/.test(integer);
  const escaped = group === '.' ? '\\.' : ',';
  return new RegExp(`^\\d{1,3}(${escaped}\\d{3})+$`).test(integer);
}

/** Percent ↔ fraction without the binary noise of ×100 (0.07 × 100 = 7.000000000000001). */
export function roundDecimal(value: number): number {
  return Number(value.toPrecision(12));
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
