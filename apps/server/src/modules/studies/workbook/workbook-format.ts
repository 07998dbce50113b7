/**
 * The study workbook's format: one sheet per section of the study file, headers in row 1, one
 * item per row. The reader, the writer and the instructions sheet all come from these tables, so
 * the template and the validation cannot drift apart. Every name here is what the user reads.
 */

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

export const studySheet = {
  name: 'Estudio',
  purpose: 'Datos generales y opciones del cálculo, un campo por fila (Campo | Valor).',
  columns: [column('field', 'Campo', 'text', true, 52), column('value', 'Valor', 'any', false, 70)],
} as const satisfies SheetDef;

export const yearsSheet = {
  name: 'Años',
  purpose: 'Los años del estudio, uno por fila, en orden creciente (entre 2000 y 2100).',
  columns: [column('year', 'Año', 'number', true, 10)],
} as const satisfies SheetDef;

export const areasSheet = {
  name: 'Áreas',
  purpose:
    'Las áreas del caso que usa el estudio: número de área en el caso, nombre y crecimiento anual de la demanda en % (1,5 = 1,5 % por año; vacío = sin crecimiento). Las demás hojas se refieren a las áreas por este nombre.',
  columns: [
    column('id', 'Número', 'number', true, 10),
    column('name', 'Nombre', 'text', true, 24),
    column('growth', 'Crecimiento anual (%)', 'percent', false, 22),
  ],
} as const satisfies SheetDef;

export const scenariosSheet = {
  name: 'Escenarios',
  purpose:
    'Los escenarios: nombre sin espacios ni guiones bajos (forma parte del nombre de cada caso, «escenario_año») y la condición que acompaña sus resultados.',
  columns: [
    column('name', 'Escenario', 'text', true, 16),
    column('condition', 'Condición', 'text', true, 60),
  ],
} as const satisfies SheetDef;

export const demandSheet = {
  name: 'Demanda',
  purpose:
    'Multiplicador de la demanda de un área en un escenario (1 = como en el caso base; un área sin fila queda en 1).',
  columns: [
    column('scenario', 'Escenario', 'text', true, 16),
    column('area', 'Área', 'text', true, 24),
    column('multiplier', 'Multiplicador', 'number', true, 14),
  ],
} as const satisfies SheetDef;

export const interchangesSheet = {
  name: 'Intercambios',
  purpose:
    'Intercambios de cada escenario como MW inyectados en una barra del caso: positivo para importaciones, negativo para exportaciones.',
  columns: [
    column('scenario', 'Escenario', 'text', true, 16),
    column('name', 'Nombre', 'text', true, 40),
    column('bus', 'Barra', 'number', true, 10),
    column('mw', 'MW', 'number', true, 10),
  ],
} as const satisfies SheetDef;

export const projectsSheet = {
  name: 'Proyectos',
  purpose:
    'Los proyectos y su año de entrada en operación: desde ese año, sus líneas y unidades están en los casos.',
  columns: [
    column('name', 'Proyecto', 'text', true, 44),
    column('inServiceYear', 'Año de entrada', 'number', true, 16),
  ],
} as const satisfies SheetDef;

export const branchesSheet = {
  name: 'Líneas de proyectos',
  purpose:
    'Las líneas que agrega cada proyecto, entre barras del caso. R, X y B en por unidad en la base del caso; circuito de 1 o 2 caracteres (vacío = 1); capacidades en MVA (Capacidad B vacía = 0).',
  columns: [
    column('project', 'Proyecto', 'text', true, 44),
    column('fromBus', 'Barra desde', 'number', true, 13),
    column('toBus', 'Barra hasta', 'number', true, 13),
    column('circuit', 'Circuito', 'text', false, 10),
    column('rPu', 'R (pu)', 'number', false, 10),
    column('xPu', 'X (pu)', 'number', true, 10),
    column('bPu', 'B (pu)', 'number', false, 10),
    column('rateAMva', 'Capacidad A (MVA)', 'number', true, 19),
    column('rateBMva', 'Capacidad B (MVA)', 'number', false, 19),
  ],
} as const satisfies SheetDef;

export const unitsSheet = {
  name: 'Unidades de proyectos',
  purpose:
    'Las unidades de generación que agrega cada proyecto: barra del caso, potencias máxima, mínima y de despacho en MW (vacías = 0, salvo Pmáx).',
  columns: [
    column('project', 'Proyecto', 'text', true, 44),
    column('bus', 'Barra', 'number', true, 10),
    column('pMaxMw', 'Pmáx (MW)', 'number', true, 12),
    column('pMinMw', 'Pmín (MW)', 'number', false, 12),
    column('pMw', 'P (MW)', 'number', false, 12),
  ],
} as const satisfies SheetDef;

export const busbarsSheet = {
  name: 'Barras',
  purpose: 'Las barras candidatas en las que se calcula la capacidad de conexión, una por fila.',
  columns: [column('bus', 'Barra', 'number', true, 10)],
} as const satisfies SheetDef;

export const INSTRUCTIONS_SHEET = 'Instrucciones';

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
export function listOf(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} o ${items[items.length - 1]}`;
}

/** Excel's column letter for a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
