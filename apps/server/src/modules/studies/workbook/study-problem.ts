/**
 * A problem found in a study file, in Spanish, with its place: the sheet, row and cell of a
 * workbook, or the field of a JSON study. Every reader returns all of them at once, so the user
 * fixes the file in one pass instead of one upload per mistake.
 */

import { studyProblemWords } from '@holgura/contracts';

/** A field of the study file: `['busbars', 2]`, `['scenarios', 1, 'demandMultipliers', 'Área 5']`. */
export type StudyPath = readonly (string | number)[];

/** Stable codes, in the spirit of the API's `AREA_WHAT` error codes. */
export type StudyProblemCode =
  /** Bigger than the upload limit: refused before any parsing. */
  | 'STUDY_FILE_TOO_LARGE'
  /** Not an .xlsx workbook (another format, a damaged zip, an old .xls). */
  | 'STUDY_FILE_NOT_XLSX'
  /** A zip built to exhaust memory, or one whose declared sizes lie. */
  | 'STUDY_FILE_UNSAFE'
  | 'STUDY_JSON_SYNTAX'
  | 'STUDY_SHEET_MISSING'
  | 'STUDY_SHEET_TOO_LONG'
  | 'STUDY_HEADER_INVALID'
  /** A cell that cannot be read as its column's kind (text in a number cell, an empty value). */
  | 'STUDY_CELL_INVALID'
  /** A name that refers to a row of another sheet that does not exist, or repeats one. */
  | 'STUDY_REFERENCE_INVALID'
  /** A rule of the study file schema (range, duplicates, required fields). */
  | 'STUDY_FIELD_INVALID';

/** Where in a workbook: a whole sheet, a column, a row, or one cell. */
export interface CellRef {
  sheet: string;
  /** 1-based, as Excel shows it; null for the whole sheet or column. */
  row: number | null;
  /** Excel's column letter; null for the whole sheet or row. */
  column: string | null;
  /** `A4`, when both row and column are known. */
  cell: string | null;
}

export interface StudyProblem {
  code: StudyProblemCode;
  /** The sentence shown to the user, place included: `Hoja «Barras», fila 4, celda A4: …`. */
  message: string;
  /** The problem alone, without its place. */
  detail: string;
  /** The study field, dotted as `describeStudyErrors` writes it (`scenarios.1.name`). */
  field: string | null;
  sheet: string | null;
  row: number | null;
  column: string | null;
  cell: string | null;
}

export function cellRef(sheet: string, row: number | null, column: string | null): CellRef {
  return {
    sheet,
    row,
    column,
    cell: row !== null && column !== null ? `${column}${row}` : null,
  };
}

/** `Hoja «Barras», fila 4, celda A4`, or as much of it as is known. */
export function describePlace(ref: CellRef): string {
  const place = studyProblemWords.place;
  const parts = [place.sheet(ref.sheet)];
  if (ref.row !== null) parts.push(place.row(ref.row));
  if (ref.cell !== null) parts.push(place.cell(ref.cell));
  else if (ref.column !== null) parts.push(place.column(ref.column));
  return parts.join(', ');
}

export function fieldOf(path: StudyPath): string | null {
  return path.length === 0 ? null : path.join('.');
}

/** A problem at a place in a workbook (or with no place, for the file as a whole). */
export function problemAt(
  code: StudyProblemCode,
  ref: CellRef | null,
  detail: string,
  path: StudyPath | null = null,
): StudyProblem {
  return {
    code,
    message: ref === null ? detail : `${describePlace(ref)}: ${detail}`,
    detail,
    field: path === null ? null : fieldOf(path),
    sheet: ref?.sheet ?? null,
    row: ref?.row ?? null,
    column: ref?.column ?? null,
    cell: ref?.cell ?? null,
  };
}

/** A problem in a JSON study: `scenarios.1.name: …`, as `describeStudyErrors` says it. */
export function problemAtField(
  code: StudyProblemCode,
  path: StudyPath,
  detail: string,
): StudyProblem {
  const field = fieldOf(path);
  return {
    code,
    message: field === null ? detail : `${field}: ${detail}`,
    detail,
    field,
    sheet: null,
    row: null,
    column: null,
    cell: null,
  };
}

/** A problem about the whole file (too large, not a workbook). */
export function fileProblem(code: StudyProblemCode, detail: string): StudyProblem {
  return problemAt(code, null, detail);
}
