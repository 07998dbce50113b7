// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { reportWords } from '@holgura/contracts';

/**
 * The building blocks of every report's workbook (issue #29): a titled sheet, a shaded header
 * row, section rows, column widths and Excel's invariant number formats, so an es-CO Excel shows
 * «1.234,5». The study's report (studies/report/report-xlsx.ts) and an uploaded case's
 * (case-report/case-report-xlsx.ts) are written with them.
 */

export { ExcelJS };

/** MW with one decimal, as the reports' PDFs write them. */
export const MW_FORMAT = '#,##0.0';
/** Percentages (loadings, flexibility) with one decimal. */
export const PERCENT_FORMAT = '#,##0.0';
/** Distribution factors: six decimals. */
export const FACTOR_FORMAT = '0.000000';

const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFE2E8F0' },
};

/** A workbook with the report's metadata. */
export function reportWorkbook(info: { title: string; subject: string; createdAt: Date }) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = reportWords.product;
  workbook.created = info.createdAt;
  workbook.title = info.title;
  workbook.subject = info.subject;
  return workbook;
}

export function title(sheet: ExcelJS.Worksheet, text: string) {
  sheet.addRow([text]).font = { bold: true, size: 14 };
}

export function header(sheet: ExcelJS.Worksheet, headers: readonly string[]): ExcelJS.Row {
  const row = sheet.addRow([...headers]);
  row.font = { bold: true };
  row.alignment = { vertical: 'middle', wrapText: true };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF94A3B8' } } };
  });
  return row;
}

export function section(sheet: ExcelJS.Worksheet, text: string) {
  sheet.addRow([]);
  sheet.addRow([text]).font = { bold: true, size: 12 };
}

export function widths(sheet: ExcelJS.Worksheet, values: readonly number[]) {
  values.forEach((width, i) => (sheet.getColumn(i + 1).width = width));
}

/** Label–value rows, the label bold and the value wrapped (numbers stay numbers). */
export function fieldRows(
  sheet: ExcelJS.Worksheet,
  fields: readonly (readonly [string, string | number | null])[],
) {
  for (const [label, value] of fields) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
  }
}

/** The workbook's bytes. */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
