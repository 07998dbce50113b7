// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { DataValidation, Workbook, Worksheet } from 'exceljs';
import { studyWorkbookWords, type StudyFileInput } from '@holgura/contracts';
import { roundDecimal } from './cell-values';
import { addInstructionsSheet } from './workbook-instructions';
import {
  areasSheet,
  branchesSheet,
  busbarsSheet,
  demandSheet,
  interchangesSheet,
  projectsSheet,
  scenariosSheet,
  studySheet,
  unitsSheet,
  yearsSheet,
  type SheetDef,
} from './workbook-format';
import { STUDY_FIELDS, valueAt } from './study-fields';

type CellInput = string | number | null | undefined;

const words = studyWorkbookWords.writer;

/** How far down the reference lists reach: rows a user adds below the example get them too. */
const VALIDATED_ROWS = 1000;

/**
 * Any study file as a workbook in the reader's format: the template is this applied to the
 * example, and a stored study downloads the same way to be edited and sent back.
 */
export async function writeStudyWorkbook(study: StudyFileInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Holgura';
  workbook.created = new Date();
  addInstructionsSheet(workbook);

  const studyRows = STUDY_FIELDS.map((field) => {
    const raw = valueAt(study, field.path);
    // A yes/no field holds a boolean; an absent one stays empty (issue #31: DC only).
    const value = field.kind === 'yesNo' && typeof raw === 'boolean' ? (raw ? 'yes' : 'no') : raw;
    const choice = field.choices?.find((c) => c.value === value);
    return [field.label, choice?.label ?? (value as CellInput), field.help];
  });
  const form = addTable(workbook, studySheet, studyRows);
  // Column C is past the format's columns, so the reader ignores it: help beside each field.
  form.getColumn(3).width = 90;
  form.getColumn(3).font = { italic: true, color: { argb: 'FF64748B' } };
  const help = form.getCell(1, 3);
  help.value = words.helpHeading;
  help.style = { ...form.getCell(1, 1).style };
  STUDY_FIELDS.forEach((field, i) => {
    if (field.choices === undefined) return;
    form.getCell(i + 2, 2).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${field.choices.map((c) => c.label).join(',')}"`],
      showErrorMessage: true,
      errorTitle: field.label,
      error: words.useOneOf(field.choices.map((c) => c.label)),
    };
  });

  addTable(
    workbook,
    yearsSheet,
    study.years.map((year) => [year]),
  );
  addTable(
    workbook,
    areasSheet,
    (study.areas ?? []).map((area) => {
      const growth = study.growth?.[area.name];
      return [area.id, area.name, growth === undefined ? null : roundDecimal(growth * 100)];
    }),
  );
  const scenarios = study.scenarios;
  addTable(
    workbook,
    scenariosSheet,
    scenarios.map((s) => [s.name, s.condition]),
  );
  const demand = addTable(
    workbook,
    demandSheet,
    scenarios.flatMap((s) =>
      Object.entries(s.demandMultipliers ?? {}).map(([area, m]) => [s.name, area, m]),
    ),
  );
  listFrom(demand, 'A', scenariosSheet, 'A', words.lists.scenario);
  listFrom(demand, 'B', areasSheet, 'B', words.lists.area);
  const interchanges = addTable(
    workbook,
    interchangesSheet,
    scenarios.flatMap((s) => (s.interchanges ?? []).map((x) => [s.name, x.name, x.bus, x.mw])),
  );
  listFrom(interchanges, 'A', scenariosSheet, 'A', words.lists.scenario);

  const projects = study.projects ?? [];
  addTable(
    workbook,
    projectsSheet,
    projects.map((p) => [p.name, p.inServiceYear]),
  );
  const branches = addTable(
    workbook,
    branchesSheet,
    projects.flatMap((p) =>
      (p.branches ?? []).map((b) => [
        p.name,
        b.fromBus,
        b.toBus,
        circuitCell(b.circuit),
        b.rPu,
        b.xPu,
        b.bPu,
        b.rateAMva,
        b.rateBMva,
      ]),
    ),
  );
  listFrom(branches, 'A', projectsSheet, 'A', words.lists.project);
  const units = addTable(
    workbook,
    unitsSheet,
    projects.flatMap((p) => (p.units ?? []).map((u) => [p.name, u.bus, u.pMaxMw, u.pMinMw, u.pMw])),
  );
  listFrom(units, 'A', projectsSheet, 'A', words.lists.project);
  addTable(
    workbook,
    busbarsSheet,
    study.busbars.map((bus) => [bus]),
  );

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A sheet of the format: styled, frozen header row, then the rows. */
function addTable(workbook: Workbook, def: SheetDef, rows: CellInput[][]): Worksheet {
  const sheet = workbook.addWorksheet(def.name, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  const header = sheet.addRow(def.columns.map((column) => column.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF94A3B8' } } };
  });
  def.columns.forEach((column, i) => {
    sheet.getColumn(i + 1).width = column.width;
  });
  for (const values of rows) sheet.addRow(values.map((value) => value ?? null));
  return sheet;
}

/**
 * A drop-down of the names another sheet defines. A warning, not a stop: the user may type a
 * name before adding its row, and the reader reports what is still missing.
 */
function listFrom(
  sheet: Worksheet,
  column: string,
  source: SheetDef,
  sourceColumn: string,
  noun: string,
): void {
  const validation: DataValidation = {
    type: 'list',
    allowBlank: true,
    formulae: [`'${source.name}'!$${sourceColumn}$2:$${sourceColumn}$${VALIDATED_ROWS}`],
    showErrorMessage: true,
    errorStyle: 'warning',
    errorTitle: noun,
    error: words.notInSheet(source.name),
  };
  // exceljs types omit the sheet's validation list, which takes a whole range in one entry.
  const withRanges = sheet as unknown as {
    dataValidations: { add(range: string, validation: DataValidation): void };
  };
  withRanges.dataValidations.add(`${column}2:${column}${VALIDATED_ROWS}`, validation);
}

/** "2" as the number 2, so Excel does not flag a number stored as text; "2A" stays text. */
function circuitCell(circuit: string | undefined): CellInput {
  if (circuit === undefined) return null;
  return /^[1-9]\d?$/.test(circuit) ? Number(circuit) : circuit;
}
