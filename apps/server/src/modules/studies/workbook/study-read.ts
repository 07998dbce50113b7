import { studyProblemWords, type StudyFile } from '@holgura/contracts';
import { formatMegabytes } from './xlsx-guard';
import {
  fileProblem,
  type CellRef,
  type StudyPath,
  type StudyProblem,
  type StudyProblemCode,
} from './study-problem';
import { DATA_SHEETS, STUDY_FILE_LIMITS } from './workbook-format';

/** What reading a study file gives: the valid study and how to name its places, or every problem. */
export type StudyRead =
  | {
      ok: true;
      study: StudyFile;
      /** The cell a field came from; always null for a JSON study. */
      locate: (path: StudyPath) => CellRef | null;
      /** A problem about a field found later (an unknown bus), named as the reader names them. */
      describeAt: (path: StudyPath, detail: string, code?: StudyProblemCode) => StudyProblem;
    }
  | { ok: false; problems: StudyProblem[] };

export function failed(problems: StudyProblem[]): StudyRead {
  return { ok: false, problems: ordered(problems) };
}

/** Refused before parsing: the limit is about memory and time, whatever the format. */
export function tooLarge(bytes: Uint8Array): StudyProblem | null {
  if (bytes.byteLength <= STUDY_FILE_LIMITS.maxBytes) return null;
  return fileProblem(
    'STUDY_FILE_TOO_LARGE',
    studyProblemWords.file.tooLarge(
      formatMegabytes(bytes.byteLength),
      formatMegabytes(STUDY_FILE_LIMITS.maxBytes),
    ),
  );
}

/** File-wide problems first, then sheet by sheet in workbook order, row by row, left to right. */
function ordered(problems: StudyProblem[]): StudyProblem[] {
  const sheetOrder = (name: string | null) =>
    name === null ? -1 : DATA_SHEETS.findIndex((sheet) => sheet.name === name);
  const sorted = problems
    .map((problem, index) => ({ problem, index }))
    .sort(
      (a, b) =>
        sheetOrder(a.problem.sheet) - sheetOrder(b.problem.sheet) ||
        (a.problem.row ?? 0) - (b.problem.row ?? 0) ||
        columnOrder(a.problem.column) - columnOrder(b.problem.column) ||
        a.index - b.index,
    )
    .map(({ problem }) => problem);
  const max = STUDY_FILE_LIMITS.maxProblems;
  if (sorted.length <= max) return sorted;
  return [
    ...sorted.slice(0, max),
    fileProblem('STUDY_FIELD_INVALID', studyProblemWords.file.moreProblems(sorted.length - max)),
  ];
}

function columnOrder(letters: string | null): number {
  if (letters === null) return 0;
  return letters.length * 100 + letters.charCodeAt(letters.length - 1);
}
