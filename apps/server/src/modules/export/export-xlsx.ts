// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { decimalsOf, type ColumnKind, type ExportTable } from './export-table';

/**
 * Number formats in Excel's invariant notation: the spreadsheet renders them with the reader's
 * locale separators, which is how an es-CO Excel shows "1.234,56".
 */
const numberFormat: Record<ColumnKind, string | null> = {
  mw: `#,##0.${'0'.repeat(decimalsOf.mw)}`,
  percent: `#,##0.${'0'.repeat(decimalsOf.percent)}`,
  factor: `0.${'0'.repeat(decimalsOf.factor)}`,
  integer: '0',
  text: null,
};

/** Excel refuses sheet names over 31 characters or with []:*?/\. */
function safeSheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Hoja1';
}

/**
 * One sheet: title, metadata rows, then the table with a frozen, filtered header and real
 * numeric cells, so sums and charts work without converting text.
 */
export async function tableToXlsx(table: ExportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Holgura';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(safeSheetName(table.sheetName));

  sheet.addRow([table.title]).font = { bold: true, size: 14 };
  for (const [label, value] of table.metadata) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);

  const headerRow = sheet.addRow(table.columns.map((column) => column.header));
  headerRow.font = { bold: true };
  headerRow.alignment = { vertical: 'middle', wrapText: true };
  headerRow.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF94A3B8' } } };
  });
  const headerIndex = headerRow.number;

  // A column style rather than one per cell: the data rows inherit it, and writing thousands
  // of rows stays several times faster.
  table.columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = column.width;
    const format = numberFormat[column.kind];
    if (format !== null) sheetColumn.numFmt = format;
  });

  for (const values of table.rows) sheet.addRow(values.map((value) => value ?? null));
  // The metadata's long labels sit in column A: at least wide enough for them.
  const firstColumn = sheet.getColumn(1);
  firstColumn.width = Math.max(
    firstColumn.width ?? 10,
    ...table.metadata.map(([label]) => label.length + 2),
  );

  sheet.views = [{ state: 'frozen', ySplit: headerIndex, xSplit: 0 }];
  sheet.autoFilter = {
    from: { row: headerIndex, column: 1 },
    to: { row: headerIndex + Math.max(table.rows.length, 0), column: table.columns.length },
  };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
