import { describe, expect, it } from 'vitest';
import { orList, studyWorkbookWords } from './study-workbook-words';

/**
 * The reader matches sheet names, headers and field labels ignoring case, accents, spacing and
 * a trailing parenthesis (the server's workbook-format.ts labelsMatch): two words of the
 * catalogue that only differ in those would be read as one.
 */
const loose = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\([^)]*\)\s*$/, '');

const distinct = (words: readonly string[]) => new Set(words.map(loose)).size === words.length;

describe('the study workbook words (issue #27)', () => {
  it('lists values as a sentence does', () => {
    expect(orList([])).toBe('');
    expect(orList(['A'])).toBe('A');
    expect(orList(['limitar', 'ignorar'])).toBe('limitar o ignorar');
    expect(orList(['A', 'B', 'C', 'emergencia'])).toBe('A, B, C o emergencia');
  });

  it('names sheets, headers, fields and option values the reader can tell apart', () => {
    const sheets = Object.values(studyWorkbookWords.sheets);
    expect(distinct(sheets.map((sheet) => sheet.name))).toBe(true);
    for (const sheet of sheets) {
      if ('columns' in sheet) expect(distinct(Object.values(sheet.columns))).toBe(true);
    }
    const fields = Object.values(studyWorkbookWords.fields);
    expect(distinct(fields.map((field) => field.label))).toBe(true);
    for (const choices of Object.values(studyWorkbookWords.choices)) {
      expect(distinct(Object.values(choices))).toBe(true);
    }
  });
});
