// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { studyFileSchema, studyProblemWords } from '@holgura/contracts';
import { assembleStudy } from './assemble-study';
import { spanishStudyIssues, studyIssueProblems } from './study-issues';
import { fileProblem, problemAt, type StudyProblem } from './study-problem';
import { failed, tooLarge, type StudyRead } from './study-read';
import { guardXlsx } from './xlsx-guard';

/**
 * Reads a study workbook (the format of workbook-format.ts) and validates it with the study
 * schema. Every problem comes back at once, each naming its sheet, row and cell: the sheet's own
 * (missing sheets, wrong headers, unreadable cells, names that refer to nothing) and the
 * schema's, mapped back from the field to the cell it was read from.
 */
export async function readStudyWorkbook(bytes: Uint8Array): Promise<StudyRead> {
  const oversize = tooLarge(bytes);
  if (oversize !== null) return failed([oversize]);
  const guarded = guardXlsx(bytes);
  if (!guarded.ok) return failed([guarded.problem]);

  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings declare their own `Buffer` (an ArrayBuffer); at run time it takes Node's.
    await workbook.xlsx.load(guarded.bytes as unknown as ArrayBuffer);
  } catch {
    return failed([fileProblem('STUDY_FILE_NOT_XLSX', studyProblemWords.file.unreadableWorkbook)]);
  }

  const problems: StudyProblem[] = [];
  const { draft, locator, brokenSheets } = assembleStudy(workbook, problems);
  const parsed = studyFileSchema.safeParse(draft, { error: spanishStudyIssues });
  if (parsed.success && problems.length === 0) {
    return {
      ok: true,
      study: parsed.data,
      locate: (path) => locator.locate(path),
      describeAt: (path, detail, code) => locator.describeAt(path, detail, code),
    };
  }

  // A cell already reported (text in a number cell, an empty required value) was left out of
  // the draft, and the schema says so again: once per cell is enough.
  const reportedCells = new Set(problems.map((p) => `${p.sheet}!${p.cell}`));
  const seen = new Set<string>();
  for (const { path, detail } of studyIssueProblems(parsed.error, draft)) {
    const ref = locator.locate(path);
    if (ref !== null && brokenSheets.has(ref.sheet)) continue;
    if (ref?.cell != null && reportedCells.has(`${ref.sheet}!${ref.cell}`)) continue;
    const problem = problemAt('STUDY_FIELD_INVALID', ref, detail, path);
    if (seen.has(problem.message)) continue;
    seen.add(problem.message);
    problems.push(problem);
  }
  return failed(problems);
}
