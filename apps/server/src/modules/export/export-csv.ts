import { decimalsOf, type ExportCell, type ExportTable } from './export-table';

/**
 * CSV as a Spanish-locale Excel (es-CO) opens it with a double click:
 * - `;` between fields, because the comma is the decimal separator;
 * - decimal comma and no thousands separator, so every number is read back as a number;
 * - UTF-8 with a byte-order mark, without which Excel reads the file as ANSI and breaks the
 *   accents ('Contingencia', 'Año', 'Límite');
 * - CRLF line ends (RFC 4180) and every text field in double quotes, inner quotes doubled.
 * The title and metadata come first, as in the xlsx, separated from the table by a blank line.
 */
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';
const CRLF = '\r\n';

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Names come from uploaded files: one starting like a formula would run as one when the sheet
 * opens (CSV injection), so it gets a leading apostrophe, which Excel shows as plain text.
 */
const textCell = (text: string) => quote(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function numberText(value: number, decimals: number): string {
  return value.toFixed(decimals).replace('.', ',');
}

export function tableToCsv(table: ExportTable): string {
  const lines: string[] = [textCell(table.title)];
  for (const [label, value] of table.metadata) {
    lines.push([quote(label), textCell(value)].join(CSV_SEPARATOR));
  }
  lines.push('');
  lines.push(table.columns.map((column) => quote(column.header)).join(CSV_SEPARATOR));
  for (const row of table.rows) {
    lines.push(
      row
        .map((cell: ExportCell, index) => {
          if (cell === null) return '';
          if (typeof cell === 'number') {
            return numberText(cell, decimalsOf[table.columns[index]?.kind ?? 'text']);
          }
          return textCell(cell);
        })
        .join(CSV_SEPARATOR),
    );
  }
  return BOM + lines.join(CRLF) + CRLF;
}
