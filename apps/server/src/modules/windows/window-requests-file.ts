// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import {
  studyProblemWords,
  windowProblemWords,
  windowRequestsSchema,
  windowWorkbookWords,
  WINDOW_LIMITS,
  type WindowRequestInput,
} from '@holgura/contracts';
import {
  cellRef,
  fileProblem,
  guardXlsx,
  problemAt,
  problemAtField,
  readSheetTable,
  tooLarge,
  type CellRef,
  type SheetDef,
  type StudyProblem,
} from '../studies/workbook';

/** The requests a file holds, or every problem in it (each naming its row and field). */
export type WindowRequestsRead =
  | {
      ok: true;
      requests: WindowRequestInput[];
      /** A workbook's: where request i's bus was read (its sheet, row and cell). */
      busCell?: (index: number) => CellRef;
    }
  | { ok: false; problems: StudyProblem[] };

type RequestKey = keyof typeof windowWorkbookWords.columns;

const words = windowWorkbookWords;

/** The template's sheet, in the study workbook's format (its reader checks headers and cells). */
export const requestsSheet: SheetDef<RequestKey> = {
  name: words.requestsSheet,
  purpose: words.instructions[1]!,
  columns: [
    { key: 'id', header: words.columns.id, kind: 'text', required: true, width: 16 },
    { key: 'name', header: words.columns.name, kind: 'text', required: false, width: 28 },
    { key: 'company', header: words.columns.company, kind: 'text', required: false, width: 22 },
    {
      key: 'technology',
      header: words.columns.technology,
      kind: 'text',
      required: false,
      width: 16,
    },
    { key: 'bus', header: words.columns.bus, kind: 'number', required: true, width: 10 },
    { key: 'mw', header: words.columns.mw, kind: 'number', required: true, width: 16 },
    { key: 'minMw', header: words.columns.minMw, kind: 'number', required: false, width: 14 },
    { key: 'priority', header: words.columns.priority, kind: 'number', required: false, width: 12 },
    { key: 'year', header: words.columns.year, kind: 'number', required: false, width: 14 },
  ],
};

const MAX_PROBLEMS = 200;

function capped(problems: StudyProblem[]): StudyProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const more = problems.length - MAX_PROBLEMS;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    fileProblem('STUDY_FIELD_INVALID', studyProblemWords.file.moreProblems(more)),
  ];
}

/**
 * The schema's issues as problems: `[i, field]` paths become the request's row and field (a
 * workbook's cell when `refOf` knows it).
 */
export function requestIssues(
  error: z.ZodError,
  refOf: (index: number, field: string) => CellRef | null,
): StudyProblem[] {
  return error.issues.map((issue) => {
    const [index, field] = issue.path as [number | undefined, string | undefined];
    if (typeof index !== 'number') return fileProblem('STUDY_FIELD_INVALID', issue.message);
    const key = field ?? 'id';
    const ref = refOf(index, key);
    if (ref !== null)
      return problemAt('STUDY_FIELD_INVALID', ref, issue.message, ['requests', index, key]);
    const label = windowProblemWords.field[key] ?? key;
    return {
      ...problemAtField('STUDY_FIELD_INVALID', ['requests', index, key], issue.message),
      message: `${windowProblemWords.request(index + 1)}, ${label}: ${issue.message}`,
    };
  });
}

/** A JSON file `{"requests": [...]}` (the CLI's WINDOW.json). */
export function readWindowRequestsJson(bytes: Uint8Array): WindowRequestsRead {
  const oversize = tooLarge(bytes);
  if (oversize !== null) return { ok: false, problems: [oversize] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (error) {
    return {
      ok: false,
      problems: [
        fileProblem('STUDY_JSON_SYNTAX', windowProblemWords.jsonSyntax((error as Error).message)),
      ],
    };
  }
  const list = (parsed as { requests?: unknown } | null)?.requests;
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(list)) {
    return {
      ok: false,
      problems: [fileProblem('STUDY_FIELD_INVALID', windowProblemWords.jsonShape)],
    };
  }
  const checked = windowRequestsSchema.safeParse(list);
  if (checked.success) return { ok: true, requests: checked.data };
  return { ok: false, problems: capped(requestIssues(checked.error, () => null)) };
}

/** The Excel template's «Solicitudes» sheet, guarded against workbook bombs first. */
export async function readWindowRequestsWorkbook(bytes: Uint8Array): Promise<WindowRequestsRead> {
  const oversize = tooLarge(bytes);
  if (oversize !== null) return { ok: false, problems: [oversize] };
  const guarded = guardXlsx(bytes);
  if (!guarded.ok) return { ok: false, problems: [guarded.problem] };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(guarded.bytes as unknown as ArrayBuffer);
  } catch {
    return {
      ok: false,
      problems: [fileProblem('STUDY_FILE_NOT_XLSX', studyProblemWords.file.unreadableWorkbook)],
    };
  }
  const problems: StudyProblem[] = [];
  const table = readSheetTable(workbook, requestsSheet, problems);
  if (table.broken) return { ok: false, problems: capped(problems) };
  if (table.rows.length === 0) {
    return {
      ok: false,
      problems: [
        problemAt(
          'STUDY_FIELD_INVALID',
          cellRef(words.requestsSheet, null, null),
          windowProblemWords.noRequests,
        ),
      ],
    };
  }
  if (table.rows.length > WINDOW_LIMITS.maxRequests) {
    const checked = windowRequestsSchema.safeParse(table.rows.map(() => ({})));
    if (!checked.success) {
      const tooMany = checked.error.issues.find((issue) => issue.path.length === 0);
      if (tooMany)
        return { ok: false, problems: [fileProblem('STUDY_SHEET_TOO_LONG', tooMany.message)] };
    }
  }
  const draft = table.rows.map((row) => {
    const v = row.values;
    return {
      ...(v.id === undefined ? {} : { id: String(v.id) }),
      ...(v.bus === undefined ? {} : { bus: v.bus }),
      ...(v.mw === undefined ? {} : { mw: v.mw }),
      ...(v.minMw === undefined ? {} : { minMw: v.minMw }),
      ...(v.priority === undefined ? {} : { priority: v.priority }),
      ...(v.year === undefined ? {} : { year: v.year }),
      ...(v.name === undefined ? {} : { name: String(v.name) }),
      ...(v.technology === undefined ? {} : { technology: String(v.technology) }),
      ...(v.company === undefined ? {} : { company: String(v.company) }),
    };
  });
  const checked = windowRequestsSchema.safeParse(draft);
  if (checked.success && problems.length === 0) {
    return { ok: true, requests: checked.data, busCell: (i) => table.rows[i]!.ref('bus') };
  }
  // A cell already reported (text in a number cell, an empty required one) is not reported again.
  const reported = new Set(problems.map((p) => p.cell));
  const more = checked.success
    ? []
    : requestIssues(checked.error, (index, field) => {
        const row = table.rows[index];
        return row === undefined || !(field in words.columns) ? null : row.ref(field as RequestKey);
      }).filter((p) => p.cell === null || !reported.has(p.cell));
  return { ok: false, problems: capped([...problems, ...more]) };
}

/** Example rows of the template (ACTIVSg2000 buses: the demo case). */
const EXAMPLE: readonly (readonly (string | number | null)[])[] = [
  ['S-001', 'Parque solar Ejemplo 1', 'Empresa A', 'Solar', 1001, 150, 0, 1, null],
  ['S-002', 'Parque eólico Ejemplo 2', 'Empresa B', 'Eólica', 1002, 200, 100, 2, null],
  ['S-003', 'Almacenamiento Ejemplo 3', 'Empresa C', 'Baterías', 1003, 80, 80, 3, null],
];

/** The Excel template: instructions, then the «Solicitudes» sheet with example rows. */
export async function writeWindowTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Holgura';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(words.requestsSheet);
  sheet.columns = requestsSheet.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of EXAMPLE) sheet.addRow([...row]);
  const help = workbook.addWorksheet(words.instructionsSheet);
  help.getColumn(1).width = 120;
  for (const line of [...words.instructions, words.exampleNote]) help.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
