import type { Row, Workbook } from 'exceljs';
import {
  DATA_SHEETS,
  INSTRUCTIONS_SHEET,
  STUDY_FILE_LIMITS,
  listOf,
  studySheet,
} from './workbook-format';
import { STUDY_FIELDS } from './study-fields';

const INTRO = [
  'Este libro describe un estudio de capacidad de conexión: los años, las áreas, los escenarios de demanda e intercambios, los proyectos y las barras candidatas que se aplican a un caso base. El caso base se sube aparte, en Holgura.',
  'Cada hoja es una sección del estudio. La fila 1 tiene los encabezados y no se cambia; desde la fila 2, un elemento por fila. Las filas vacías se ignoran y puedes agregar columnas de notas a la derecha de las del formato. Todas las hojas deben estar, aunque alguna quede vacía.',
  'Las áreas se definen una vez en la hoja «Áreas», con el número de área del caso y un nombre; las hojas «Demanda» e «Intercambios» se refieren a los escenarios por su nombre, y «Demanda» a las áreas por el suyo. Las líneas y unidades se refieren a su proyecto por el nombre que tiene en «Proyectos».',
  'Números: con coma decimal (1,04) o punto (1.04). Las barras son los números de barra del caso. Las fórmulas se aceptan: se usa el valor que Excel guardó con el libro.',
  `Límites: ${STUDY_FILE_LIMITS.maxBytes / (1024 * 1024)} MB por archivo y ${STUDY_FILE_LIMITS.maxRowsPerSheet.toLocaleString('es-CO')} filas por hoja. Holgura revisa todo el libro antes de calcular y señala cada problema con su hoja, fila y celda.`,
];

const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } } as const;

/** The first sheet: what each sheet is, units, references by name, allowed values. */
export function addInstructionsSheet(workbook: Workbook): void {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET, {
    properties: { tabColor: { argb: 'FF1D4ED8' } },
  });
  sheet.getColumn(1).width = 30;
  sheet.getColumn(2).width = 110;
  sheet.getColumn(2).alignment = { wrapText: true, vertical: 'top' };

  sheet.addRow(['Estudio de capacidad de conexión: plantilla de Holgura']).font = {
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
  heading(sheet.addRow(['Hoja', 'Contenido']));
  for (const def of DATA_SHEETS) {
    const columns =
      def === studySheet ? '' : ` Columnas: ${def.columns.map((c) => c.header).join(' | ')}.`;
    const text = `${def.purpose}${columns}`;
    const row = sheet.addRow([def.name, text]);
    row.getCell(1).font = { bold: true };
    row.height = 15 * Math.ceil(text.length / 105);
  }

  sheet.addRow([]);
  heading(sheet.addRow([`Campos de «${studySheet.name}»`, 'Valores']));
  for (const field of STUDY_FIELDS) {
    const allowed =
      field.choices === undefined
        ? ''
        : ` Valores: ${listOf(field.choices.map((choice) => choice.label))}.`;
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
