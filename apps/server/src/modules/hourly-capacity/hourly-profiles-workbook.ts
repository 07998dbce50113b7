// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';

/** An .xlsx file is a zip: its first bytes. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const isWorkbook = (bytes: Uint8Array) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** The sheet the profiles are read from when the workbook has it; else its first sheet. */
const PROFILES_SHEET = 'Perfiles';

/**
 * The hourly profiles of an Excel workbook as the CSV the engine reads (issue #32): the sheet
 * «Perfiles» (or the first), its first row the header, one row per hour. A cell's number, a
 * formula's result, or its text; blank rows are dropped. null when the file is not a workbook
 * exceljs can open.
 */
export async function profilesCsvFromWorkbook(bytes: Uint8Array): Promise<string | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.getWorksheet(PROFILES_SHEET) ?? workbook.worksheets[0];
  if (sheet === undefined) return null;
  const width = sheet.columnCount;
  const lines: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    if (cells.some((cell) => cell !== '')) lines.push(cells.join(','));
  });
  return lines.join('\n');
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim().replaceAll(',', ' ');
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return '';
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    return typeof result === 'number' ? String(result) : '';
  }
  if (typeof value === 'object' && 'richText' in value) {
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim()
      .replaceAll(',', ' ');
  }
  return '';
}

/**
 * The template as a workbook: the CSV template's rows in the sheet «Perfiles» (header frozen,
 * numbers as numbers) and a sheet «Instrucciones» with what each column may be.
 */
export async function profilesTemplateWorkbook(csv: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Holgura';
  const sheet = workbook.addWorksheet(PROFILES_SHEET, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const rows = csv.trim().split(/\r?\n/);
  const header = rows[0]!.split(',');
  sheet.addRow(header).font = { bold: true };
  for (const line of rows.slice(1)) sheet.addRow(line.split(',').map(Number));
  sheet.columns.forEach((column) => {
    column.width = 14;
  });
  const help = workbook.addWorksheet('Instrucciones');
  help.getColumn(1).width = 28;
  help.getColumn(2).width = 100;
  const explain: [string, string][] = [
    ['Columna', 'Qué dice, una fila por hora (8.760 filas, u 8.784 en un año bisiesto)'],
    ['hora', 'El número de la hora, desde 1 (opcional).'],
    ['area N', 'La demanda del área N en esa hora, MW (la plantilla trae la del caso).'],
    ['area N factor', 'La demanda del área N como múltiplo de la del caso (1 = la del caso).'],
    ['unidad BARRA[/n]', 'La producción de la unidad n de esa barra, MW (n = 1 si se omite).'],
    ['unidad BARRA[/n] fc', 'La producción de esa unidad como fracción de su Pmax (0 a 1).'],
    ['estado BARRA[/n]', '1 en servicio, 0 fuera de servicio.'],
    [
      'tecnologia COMBUSTIBLE fc',
      'La producción de todas las unidades de ese combustible (genfuel del caso: solar, wind…) como fracción de su Pmax.',
    ],
    [
      'Lo demás',
      'Lo que el archivo no nombra queda como en el caso. Las unidades sin perfil compensan la diferencia según su margen; las horas que no alcanzan se informan y no entran en las cifras.',
    ],
  ];
  for (const [column, text] of explain) help.addRow([column, text]);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
