import type { Row, Workbook } from 'exceljs';
import { studyWorkbookWords } from '@holgura/contracts';
import { DATA_SHEETS, INSTRUCTIONS_SHEET, STUDY_FILE_LIMITS, studySheet } from './workbook-format';
import { STUDY_FIELDS } from './study-fields';

const words = studyWorkbookWords.instructions;

const INTRO = words.intro({
  maxMegabytes: STUDY_FILE_LIMITS.maxBytes / (1024 * 1024),
  maxRowsPerSheet: STUDY_FILE_LIMITS.maxRowsPerSheet.toLocaleString('es-CO'),
});

const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } } as const;

/** The first sheet: what each sheet is, units, references by name, allowed values. */
export function addInstructionsSheet(workbook: Workbook): void {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET, {
    properties: { tabColor: { argb: 'FF1D4ED8' } },
  });
  sheet.getColumn(1).width = 30;
  sheet.getColumn(2).width = 110;
  sheet.getColumn(2).alignment = { wrapText: true, vertical: 'top' };

  sheet.addRow([words.title]).font = {
    bold: true,
    size: 14,
  };
  sheet.addRow([]);
  for (const paragraph of INTRO) {
    const row = sheet.addRow([paragraph]);
    sheet.mergeCells(row.number, 1, row.number, 2);
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    row.height = 15 * Math.ceil(paragraph.length / 130);
  }

  sheet.addRow([]);
  heading(sheet.addRow([words.sheetHeading, words.contentHeading]));
  for (const def of DATA_SHEETS) {
    const columns = def === studySheet ? '' : words.columns(def.columns.map((c) => c.header));
    const text = `${def.purpose}${columns}`;
    const row = sheet.addRow([def.name, text]);
    row.getCell(1).font = { bold: true };
    row.height = 15 * Math.ceil(text.length / 105);
  }

  sheet.addRow([]);
  heading(sheet.addRow([words.fieldsHeading(studySheet.name), words.valuesHeading]));
  for (const field of STUDY_FIELDS) {
    const allowed =
      field.choices === undefined
        ? ''
        : words.allowedValues(field.choices.map((choice) => choice.label));
    const text = `${field.help}${allowed}`.trim();
    const row = sheet.addRow([field.label, text]);
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    row.height = 15 * Math.max(Math.ceil(text.length / 105), Math.ceil(field.label.length / 28));
  }
}

function heading(row: Row): void {
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
}
