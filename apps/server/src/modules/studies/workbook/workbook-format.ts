/**
 * The study workbook's format: one sheet per section of the study file, headers in row 1, one
 * item per row. The reader, the writer and the instructions sheet all come from these tables, so
 * the template and the validation cannot drift apart. Every name the user reads comes from
 * contracts' studyWorkbookWords.
 */
import { orList, studyWorkbookWords } from '@holgura/contracts';

/** Limits that keep a hostile or mistaken upload from exhausting the server. */
export const STUDY_FILE_LIMITS = {
  /** Checked before any parsing; the HTTP layer should refuse larger bodies on its own too. */
  maxBytes: 5 * 1024 * 1024,
  /**
   * The workbook's parts once decompressed. The template decompresses to about 40 kB and
   * 20,000 busbars to about 1 MB; this leaves room for heavy styles.
   */
  maxUncompressedBytes: 10 * 1024 * 1024,
  /**
   * Cells and rows in all the sheets, counted in the XML before exceljs sees it: exceljs keeps
   * each as an object of about half a kilobyte and takes about a second per 100,000 (measured),
   * so this bounds a read to about 100 MB and 2 s. Cells that only carry a format count too.
   */
  maxCellsAndRows: 200_000,
  /** Parts in the zip: a workbook has a few dozen. */
  maxEntries: 1000,
  /** Data rows per sheet: far above any study (a system has a few thousand busbars). */
  maxRowsPerSheet: 20_000,
  /** Characters per cell: the study's longest text, the description, allows 2,000. */
  maxCellChars: 2000,
  /** Problems listed; past this a last one says how many more there are. */
  maxProblems: 200,
} as const;

export type ColumnKind = 'text' | 'number' | 'percent' | 'any';

export interface ColumnDef<K extends string = string> {
  key: K;
  header: string;
  kind: ColumnKind;
  /** An empty cell is a problem (in a row that is not empty). */
  required: boolean;
  width: number;
}

export interface SheetDef<K extends string = string> {
  name: string;
  /** What the sheet holds, for the instructions sheet. */
  purpose: string;
  columns: readonly ColumnDef<K>[];
}

function column<K extends string>(
  key: K,
  header: string,
  kind: ColumnKind,
  required: boolean,
  width = 14,
): ColumnDef<K> {
  return { key, header, kind, required, width };
}

// The words (sheet names, purposes, headers) are contracts' studyWorkbookWords; the kinds,
// requirements and widths are the format's own.
const sheets = studyWorkbookWords.sheets;

export const studySheet = {
  name: sheets.study.name,
  purpose: sheets.study.purpose,
  columns: [
    column('field', sheets.study.columns.field, 'text', true, 52),
    column('value', sheets.study.columns.value, 'any', false, 70),
  ],
} as const satisfies SheetDef;

export const yearsSheet = {
  name: sheets.years.name,
  purpose: sheets.years.purpose,
  columns: [column('year', sheets.years.columns.year, 'number', true, 10)],
} as const satisfies SheetDef;

export const areasSheet = {
  name: sheets.areas.name,
  purpose: sheets.areas.purpose,
  columns: [
    column('id', sheets.areas.columns.id, 'number', true, 10),
    column('name', sheets.areas.columns.name, 'text', true, 24),
    column('growth', sheets.areas.columns.growth, 'percent', false, 22),
  ],
} as const satisfies SheetDef;

export const scenariosSheet = {
  name: sheets.scenarios.name,
  purpose: sheets.scenarios.purpose,
  columns: [
    column('name', sheets.scenarios.columns.name, 'text', true, 16),
    column('condition', sheets.scenarios.columns.condition, 'text', true, 60),
  ],
} as const satisfies SheetDef;

export const demandSheet = {
  name: sheets.demand.name,
  purpose: sheets.demand.purpose,
  columns: [
    column('scenario', sheets.demand.columns.scenario, 'text', true, 16),
    column('area', sheets.demand.columns.area, 'text', true, 24),
    column('multiplier', sheets.demand.columns.multiplier, 'number', true, 14),
  ],
} as const satisfies SheetDef;

export const interchangesSheet = {
  name: sheets.interchanges.name,
  purpose: sheets.interchanges.purpose,
  columns: [
    column('scenario', sheets.interchanges.columns.scenario, 'text', true, 16),
    column('name', sheets.interchanges.columns.name, 'text', true, 40),
    column('bus', sheets.interchanges.columns.bus, 'number', true, 10),
    column('mw', sheets.interchanges.columns.mw, 'number', true, 10),
  ],
} as const satisfies SheetDef;

export const projectsSheet = {
  name: sheets.projects.name,
  purpose: sheets.projects.purpose,
  columns: [
    column('name', sheets.projects.columns.name, 'text', true, 44),
    column('inServiceYear', sheets.projects.columns.inServiceYear, 'number', true, 16),
  ],
} as const satisfies SheetDef;

const branchColumns = sheets.branches.columns;
export const branchesSheet = {
  name: sheets.branches.name,
  purpose: sheets.branches.purpose,
  columns: [
    column('project', branchColumns.project, 'text', true, 44),
    column('fromBus', branchColumns.fromBus, 'number', true, 13),
    column('toBus', branchColumns.toBus, 'number', true, 13),
    column('circuit', branchColumns.circuit, 'text', false, 10),
    column('rPu', branchColumns.rPu, 'number', false, 10),
    column('xPu', branchColumns.xPu, 'number', true, 10),
    column('bPu', branchColumns.bPu, 'number', false, 10),
    column('rateAMva', branchColumns.rateAMva, 'number', true, 19),
    column('rateBMva', branchColumns.rateBMva, 'number', false, 19),
  ],
} as const satisfies SheetDef;

const unitColumns = sheets.units.columns;
export const unitsSheet = {
  name: sheets.units.name,
  purpose: sheets.units.purpose,
  columns: [
    column('project', unitColumns.project, 'text', true, 44),
    column('bus', unitColumns.bus, 'number', true, 10),
    column('pMaxMw', unitColumns.pMaxMw, 'number', true, 12),
    column('pMinMw', unitColumns.pMinMw, 'number', false, 12),
    column('pMw', unitColumns.pMw, 'number', false, 12),
  ],
} as const satisfies SheetDef;

export const busbarsSheet = {
  name: sheets.busbars.name,
  purpose: sheets.busbars.purpose,
  columns: [column('bus', sheets.busbars.columns.bus, 'number', true, 10)],
} as const satisfies SheetDef;

export const INSTRUCTIONS_SHEET = sheets.instructions.name;

/** The data sheets, in workbook order. All are required: a misspelt one must not vanish. */
export const DATA_SHEETS: readonly SheetDef[] = [
  studySheet,
  yearsSheet,
  areasSheet,
  scenariosSheet,
  demandSheet,
  interchangesSheet,
  projectsSheet,
  branchesSheet,
  unitsSheet,
  busbarsSheet,
];

/**
 * Header and label matching ignores case, accents, repeated or surrounding spaces and a trailing
 * parenthesis, so "crecimiento anual" matches "Crecimiento anual (%)" and "Areas" matches "Áreas".
 */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function labelsMatch(actual: string, expected: string): boolean {
  const a = normalizeLabel(actual);
  const e = normalizeLabel(expected);
  const bare = (text: string) => text.replace(/\s*\([^)]*\)\s*$/, '');
  return a === e || bare(a) === bare(e);
}

/** "A, B, C o emergencia". */
export const listOf = orList;

/** Excel's column letter for a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
