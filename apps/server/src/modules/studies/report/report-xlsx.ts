import { reportWords, studyVerificationWords } from '@holgura/contracts';
import {
  fieldRows,
  header,
  MW_FORMAT as MW,
  reportWorkbook,
  section,
  title,
  widths,
  workbookBytes,
} from '../../report/xlsx-kit';
import {
  acLimitText,
  figureNotes,
  weakGridCell,
  figuresByCase,
  highlights,
  limitingText,
  methodParagraphs,
  multipliersText,
  optionRows,
  projectLines,
  shortCircuitLines,
  variableText,
  verificationOptionRows,
} from './report-format';
import type { StudyReport } from './report-model';

/**
 * A study's report as an Excel workbook (issue #29): the PDF's content as sheets — Resumen,
 * Entradas, Opciones, Capacidades (one row per busbar × case, real numbers), Capacidad por año
 * (what the PDF's charts draw) and Método. Numbers are cells with Excel's invariant formats, so
 * an es-CO Excel shows «1.234,5». Written with the reports' shared pieces (report/xlsx-kit.ts).
 */

const w = reportWords;
const b = w.workbook;

export async function studyReportXlsx(report: StudyReport): Promise<Buffer> {
  const workbook = reportWorkbook({
    title: `${w.kind}: ${report.name}`,
    subject: w.subject,
    createdAt: new Date(report.generatedAt),
  });
  const { study } = report;
  const labelOf = new Map(report.busbars.map((busbar) => [busbar.bus, busbar]));

  // Resumen.
  const summary = workbook.addWorksheet(b.sheets.summary);
  widths(summary, [30, 100]);
  title(summary, `${w.kind}: ${report.name}`);
  header(summary, [b.field, b.value]);
  const c = w.cover;
  const fields: [string, string | number][] = [
    [c.generated, w.generatedAt(report.generatedText)],
    [c.description, report.description.trim() === '' ? c.noDescription : report.description],
    [c.network, report.networkLabel],
    ...(report.synthetic ? [[b.notice, w.syntheticNotice] as [string, string]] : []),
    [c.baseCase, report.baseFileName],
    [c.studyId, report.isDemo ? c.demo : report.studyId],
    [c.version, report.resultsVersion],
    [
      c.cases,
      c.casesText(
        String(study.scenarios.length * study.years.length),
        String(study.scenarios.length),
        String(study.years.length),
      ),
    ],
    [c.busbars, report.busbars.length],
    [c.figures, report.figures.length],
    ...highlights(report).map((line) => [c.highlights, line] as [string, string]),
    [b.note, w.indicativeNote],
  ];
  fieldRows(summary, fields);

  // Entradas.
  const inputs = workbook.addWorksheet(b.sheets.inputs);
  const i = w.inputs;
  widths(inputs, [22, 40, 60, 60]);
  title(inputs, w.sections.inputs);
  section(inputs, i.years);
  header(inputs, [i.years]);
  for (const year of study.years) inputs.addRow([year]);
  section(inputs, i.areas);
  header(inputs, [i.areaColumns.id, i.areaColumns.name, i.areaColumns.growth]);
  for (const area of study.areas) {
    const growth = study.growth[area.name];
    const row = inputs.addRow([area.id, area.name, growth === undefined ? null : growth * 100]);
    row.getCell(3).numFmt = '0.00';
  }
  section(inputs, i.scenarios);
  header(inputs, [
    i.scenarioColumns.name,
    i.scenarioColumns.condition,
    i.scenarioColumns.multipliers,
  ]);
  for (const scenario of study.scenarios) {
    inputs.addRow([
      scenario.name,
      scenario.condition,
      multipliersText(scenario.demandMultipliers),
    ]).alignment = { wrapText: true, vertical: 'top' };
  }
  section(inputs, i.interchanges);
  inputs.addRow([i.interchangesNote]);
  header(inputs, [
    i.interchangeColumns.scenario,
    i.interchangeColumns.name,
    i.interchangeColumns.bus,
    i.interchangeColumns.mw,
  ]);
  for (const scenario of study.scenarios) {
    for (const item of scenario.interchanges) {
      inputs.addRow([scenario.name, item.name, item.bus, item.mw]).getCell(4).numFmt = MW;
    }
  }
  section(inputs, i.projects);
  header(inputs, [
    i.projectColumns.name,
    i.projectColumns.inServiceYear,
    i.projectColumns.branches,
    i.projectColumns.units,
  ]);
  for (const project of study.projects) {
    const lines = projectLines(project);
    inputs.addRow([
      project.name,
      project.inServiceYear,
      lines.branches.join('\n'),
      lines.units.join('\n'),
    ]).alignment = { wrapText: true, vertical: 'top' };
  }
  section(inputs, i.busbars);
  header(inputs, [i.busbarColumns.bus, i.busbarColumns.name, i.busbarColumns.kv]);
  for (const busbar of report.busbars) inputs.addRow([busbar.bus, busbar.name, busbar.baseKv]);

  // Opciones.
  const options = workbook.addWorksheet(b.sheets.options);
  widths(options, [36, 40, 100]);
  title(options, w.sections.options);
  header(options, [w.options.columns.option, w.options.columns.value, w.options.columns.meaning]);
  const o = study.options;
  const raw: (string | number)[] = [
    o.tmaxMw,
    o.postContingencyRating,
    o.distributionFactorCutoff,
    o.preExistingViolations,
    o.slack,
  ];
  optionRows(report).forEach(([label, value, meaning], index) => {
    // Numbers stay numbers (the cap, the cutoff); the rest in words.
    const cell = typeof raw[index] === 'number' ? raw[index] : value;
    options.addRow([label, cell, meaning]).alignment = { wrapText: true, vertical: 'top' };
  });
  // Issue #31: the checks beyond DC, and what each case's short-circuit computation had.
  for (const [label, value, meaning, number] of verificationOptionRows(report)) {
    options.addRow([label, number ?? value, meaning]).alignment = {
      wrapText: true,
      vertical: 'top',
    };
  }
  for (const line of shortCircuitLines(report)) {
    options.addRow([w.detail.shortCircuitHeading, line]).alignment = {
      wrapText: true,
      vertical: 'top',
    };
  }

  // Capacidades: one row per busbar × case, as the PDF's detail tables.
  const capacities = workbook.addWorksheet(b.sheets.capacities);
  const k = b.capacityColumns;
  title(capacities, w.sections.detail);
  capacities.addRow([w.indicativeNote]);
  const headerRow = header(capacities, [
    k.bus,
    k.busbar,
    k.kv,
    k.case,
    k.scenario,
    k.year,
    k.capacity,
    k.tmax,
    k.limiting,
    k.contingency,
    k.preExisting,
    k.acCheck,
    k.condition,
    k.projects,
    k.dc,
    k.ac,
    k.weakGrid,
    k.variable,
    k.acLimit,
    k.sccMin,
  ]);
  widths(
    capacities,
    [10, 34, 10, 16, 12, 8, 14, 14, 36, 36, 14, 30, 40, 40, 14, 14, 14, 22, 50, 16],
  );
  for (const column of [7, 8, 15, 16, 17, 20]) capacities.getColumn(column).numFmt = MW;
  const unchecked = studyVerificationWords.notChecked;
  const caseOf = new Map(report.cases.map((item) => [item.name, item]));
  for (const figure of report.figures) {
    const busbar = labelOf.get(figure.bus);
    const item = caseOf.get(figure.caseName);
    capacities.addRow([
      figure.bus,
      busbar?.label ?? String(figure.bus),
      busbar?.baseKv ?? null,
      figure.caseName,
      figure.scenario,
      figure.year,
      figure.capacityMw,
      figure.tmaxMw,
      limitingText(figure),
      figure.contingency,
      figure.preExistingViolation ? b.yes : b.no,
      figure.acCheck === null ? b.unchecked : (b.acCheck[figure.acCheck] ?? figure.acCheck),
      item?.condition ?? null,
      item?.projectsInService.join(', ') ?? null,
      // Issue #31: «Capacidad (MW)» above is the least of these; a check not asked says so.
      figure.dcMw,
      figure.verification === null ? unchecked : (figure.verification.acMw ?? unchecked),
      weakGridCell(figure, report) ?? unchecked,
      variableText(figure),
      acLimitText(figure),
      figure.verification?.sccMinMva ?? null,
    ]);
  }
  capacities.views = [{ state: 'frozen', ySplit: headerRow.number, xSplit: 0 }];
  capacities.autoFilter = {
    from: { row: headerRow.number, column: 1 },
    to: { row: headerRow.number + report.figures.length, column: 20 },
  };

  // Capacidad por año: busbar × scenario rows, one column per year (the PDF's charts).
  const byYear = workbook.addWorksheet(b.sheets.byYear);
  title(byYear, w.sections.summary);
  byYear.addRow([b.byYearNote]);
  const yearHeader = header(byYear, [
    k.bus,
    k.busbar,
    k.scenario,
    ...study.years.map(String),
    w.detail.columns.notes,
  ]);
  widths(byYear, [10, 34, 12, ...study.years.map(() => 10), 50]);
  study.years.forEach((_, index) => (byYear.getColumn(4 + index).numFmt = MW));
  for (const busbar of report.busbars) {
    const ofBus = figuresByCase(report.figures, busbar.bus);
    for (const scenario of study.scenarios) {
      const figures = study.years.map((year) => ofBus.get(`${scenario.name}|${year}`));
      const notes = [
        ...new Set(figures.flatMap((f) => (f === undefined ? [] : figureNotes(f)))),
      ].join('; ');
      byYear.addRow([
        busbar.bus,
        busbar.label,
        scenario.name,
        ...figures.map((f) => f?.capacityMw ?? null),
        notes === '' ? null : notes,
      ]);
    }
  }
  byYear.views = [{ state: 'frozen', ySplit: yearHeader.number, xSplit: 0 }];

  // Método.
  const method = workbook.addWorksheet(b.sheets.method);
  widths(method, [120]);
  title(method, w.sections.method);
  for (const paragraph of methodParagraphs(report)) {
    const row = method.addRow([`${paragraph.title} ${paragraph.text}`]);
    row.alignment = { wrapText: true, vertical: 'top' };
  }

  return workbookBytes(workbook);
}
