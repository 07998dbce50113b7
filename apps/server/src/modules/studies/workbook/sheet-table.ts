import type { Workbook, Worksheet } from 'exceljs';
import { studyProblemWords } from '@holgura/contracts';
import { convertReading, readCell } from './cell-values';
import { cellRef, problemAt, type CellRef, type StudyProblem } from './study-problem';
import {
  STUDY_FILE_LIMITS,
  columnLetter,
  labelsMatch,
  type ColumnDef,
  type SheetDef,
} from './workbook-format';

const words = studyProblemWords.sheet;

export interface SheetRow<K extends string> {
  /** The row number Excel shows. */
  row: number;
  /** Only readable, non-empty cells; a cell with a problem is absent (and reported). */
  values: Partial<Record<K, string | number>>;
  ref(key: K): CellRef;
}

export interface SheetTable<K extends string> {
  name: string;
  rows: SheetRow<K>[];
  /**
   * Missing, with a wrong header, or too long: its rows were not read, so whatever depends on
   * them (an empty list, a name another sheet refers to) is not reported a second time.
   */
  broken: boolean;
  /** The column's reference, for problems about a whole column (repeated years). */
  columnRef(key: K): CellRef;
}

/** Sheet names match as headers do: "Areas" is 'Áreas'. */
export function findWorksheet(workbook: Workbook, name: string): Worksheet | undefined {
  return workbook.worksheets.find((sheet) => labelsMatch(sheet.name, name));
}

/**
 * Reads one sheet of the format: checks the header row, then reads every non-empty row's cells
 * as their columns' kinds. Columns to the right of the format's are the user's notes: ignored.
 */
export function readSheetTable<K extends string>(
  workbook: Workbook,
  def: SheetDef<K>,
  problems: StudyProblem[],
): SheetTable<K> {
  const letterOf = (key: K) => columnLetter(def.columns.findIndex((c) => c.key === key) + 1);
  const table: SheetTable<K> = {
    name: def.name,
    rows: [],
    broken: true,
    columnRef: (key) => cellRef(def.name, null, letterOf(key)),
  };
  const sheet = findWorksheet(workbook, def.name);
  if (sheet === undefined) {
    problems.push({
      ...problemAt('STUDY_SHEET_MISSING', null, words.missing(def.name)),
      sheet: def.name,
    });
    return table;
  }
  if (!headerIsValid(sheet, def, problems)) return table;

  let count = 0;
  const cellProblems: StudyProblem[] = [];
  sheet.eachRow((excelRow, rowNumber) => {
    if (rowNumber === 1 || count > STUDY_FILE_LIMITS.maxRowsPerSheet) return;
    const readings = def.columns.map((column, i) => ({
      column,
      letter: columnLetter(i + 1),
      result: convertReading(readCell(excelRow.getCell(i + 1)), column.kind),
    }));
    if (readings.every(({ result }) => result.ok && result.value === null)) return;
    count += 1;
    if (count > STUDY_FILE_LIMITS.maxRowsPerSheet) return;
    const values: Partial<Record<K, string | number>> = {};
    for (const { column, letter, result } of readings) {
      const at = cellRef(def.name, rowNumber, letter);
      if (!result.ok) cellProblems.push(problemAt('STUDY_CELL_INVALID', at, result.detail));
      else if (result.value !== null) values[column.key] = result.value;
      else if (column.required) {
        cellProblems.push(problemAt('STUDY_CELL_INVALID', at, missing(column)));
      }
    }
    table.rows.push({
      row: rowNumber,
      values,
      ref: (key) => cellRef(def.name, rowNumber, letterOf(key)),
    });
  });
  if (count > STUDY_FILE_LIMITS.maxRowsPerSheet) {
    problems.push(
      problemAt(
        'STUDY_SHEET_TOO_LONG',
        cellRef(def.name, null, null),
        words.tooLong(STUDY_FILE_LIMITS.maxRowsPerSheet.toLocaleString('es-CO')),
      ),
    );
    table.rows = [];
    return table;
  }
  problems.push(...cellProblems);
  table.broken = false;
  return table;
}

function missing(column: ColumnDef): string {
  return words.missingValue(column.header);
}

function headerIsValid<K extends string>(
  sheet: Worksheet,
  def: SheetDef<K>,
  problems: StudyProblem[],
): boolean {
  let valid = true;
  def.columns.forEach((column, i) => {
    const at = cellRef(def.name, 1, columnLetter(i + 1));
    const reading = readCell(sheet.getCell(1, i + 1));
    const text =
      reading.kind === 'text'
        ? reading.value
        : reading.kind === 'number'
          ? String(reading.value)
          : '';
    if (text !== '' && labelsMatch(text, column.header)) return;
    valid = false;
    problems.push(
      problemAt(
        'STUDY_HEADER_INVALID',
        at,
        text === '' ? words.missingHeader(column.header) : words.wrongHeader(column.header, text),
      ),
    );
  });
  return valid;
}
