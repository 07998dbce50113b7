/** Study files in, problems out: the workbook and JSON readers, the writer and the template. */
export { readStudyWorkbook } from './read-study-workbook';
export { readStudyJson } from './read-study-json';
export { writeStudyWorkbook } from './write-study-workbook';
export { STUDY_TEMPLATE_EXAMPLE } from './study-template-example';
export { STUDY_FILE_LIMITS } from './workbook-format';
export type { StudyRead } from './study-read';
export type { CellRef, StudyPath, StudyProblem, StudyProblemCode } from './study-problem';
// The generic pieces a connection window's requests file is read with (modules/windows).
export { guardXlsx } from './xlsx-guard';
export { readSheetTable } from './sheet-table';
export { cellRef, fileProblem, problemAt, problemAtField } from './study-problem';
export { tooLarge } from './study-read';
export type { SheetDef } from './workbook-format';
