import {
  caseReportWords,
  contingencyNameOf,
  exportWords,
  reportWords,
  type N1Loading,
} from '@holgura/contracts';
import {
  limitCells,
  weakGridColumn,
  weakGridText,
} from '../busbar-capacities/busbar-capacity.export';
import {
  FACTOR_FORMAT,
  fieldRows,
  header,
  MW_FORMAT,
  PERCENT_FORMAT,
  reportWorkbook,
  section,
  title,
  widths,
  workbookBytes,
  type ExcelJS,
} from '../report/xlsx-kit';
import {
  acText,
  allChecks,
  baseDispatchSentence,
  binLabel,
  busLabel,
  busNotes,
  capacityRunRows,
  capacitySummaryRows,
  contingencyText,
  count,
  dispatchRows,
  figureChecks,
  fileRows,
  flexibilityBaseCase,
  flexibilityOptionRows,
  highlights,
  limitingText,
  mwText,
  optionRows,
} from './case-report-format';
import { capacityContext, type CaseReport } from './case-report-model';

/**
 * An uploaded case's report as an Excel workbook (issue #29): the PDF's content as sheets —
 * Resumen, Archivo, Opciones, N-1, Flexibilidad, Capacidad (summary and histogram), Capacidad
 * por barra (every bus, not only the 50 lowest and highest) and Método — with real numbers in
 * Excel's invariant formats. Written with the reports' shared pieces (report/xlsx-kit.ts).
 */

const w = caseReportWords;
const b = w.workbook;

export async function caseReportXlsx(report: CaseReport): Promise<Buffer> {
  const workbook = reportWorkbook({
    title: `${w.kind}: ${report.caseName}`,
    subject: w.subject,
    createdAt: new Date(report.generatedAt),
  });
  summarySheet(workbook, report);
  fileSheet(workbook, report);
  optionsSheet(workbook, report);
  n1Sheet(workbook, report);
  flexibilitySheet(workbook, report);
  capacitySheet(workbook, report);
  busesSheet(workbook, report);
  const method = workbook.addWorksheet(b.sheets.method);
  widths(method, [120]);
  title(method, w.sections.method);
  for (const paragraph of w.method.paragraphs) {
    method.addRow([`${paragraph.title} ${paragraph.text}`]).alignment = {
      wrapText: true,
      vertical: 'top',
    };
  }
  return workbookBytes(workbook);
}

function summarySheet(workbook: ExcelJS.Workbook, report: CaseReport) {
  const sheet = workbook.addWorksheet(b.sheets.summary);
  widths(sheet, [30, 100]);
  title(sheet, `${w.kind}: ${report.caseName}`);
  header(sheet, [b.field, b.value]);
  const c = w.cover;
  fieldRows(sheet, [
    [c.generated, reportWords.generatedAt(report.generatedText)],
    [c.case, report.caseName],
    ...(report.description === null || report.description.trim() === ''
      ? []
      : ([[c.description, report.description]] as [string, string][])),
    [c.file, report.file.name],
    ...highlights(report).map((line) => [c.highlights, line] as [string, string]),
    [b.note, w.indicativeNote],
  ]);
}

function fileSheet(workbook: ExcelJS.Workbook, report: CaseReport) {
  const f = w.file;
  const sheet = workbook.addWorksheet(b.sheets.file);
  widths(sheet, [34, 70, 12, 70]);
  title(sheet, w.sections.file);
  header(sheet, [b.field, b.value]);
  const { network } = report.facts;
  // The counts as numbers; the rest as the PDF writes them.
  const numbers = new Map<string, number>([
    [f.counts.buses, network.counts.buses],
    [f.counts.branches, network.counts.branches],
    [f.counts.generators, network.counts.generators],
    [f.counts.loads, network.counts.loads],
    [f.counts.islands, network.counts.islands],
    [f.baseMva, network.baseMva],
  ]);
  fieldRows(
    sheet,
    fileRows(report).map(([label, value]) => [label, numbers.get(label) ?? value] as const),
  );

  section(sheet, f.warnings);
  if (network.warnings.length === 0) sheet.addRow([f.noWarnings]);
  else {
    sheet.addRow([f.warningsNote]);
    header(sheet, [
      b.warningColumns.code,
      b.warningColumns.what,
      b.warningColumns.line,
      b.warningColumns.detail,
    ]);
    for (const warning of network.warnings) {
      sheet.addRow([warning.code, f.warningTitle(warning.code), warning.line, warning.message]);
    }
  }

  const baseCase = report.facts.baseCase ?? null;
  section(sheet, f.checks);
  if (baseCase === null) sheet.addRow([f.noBaseCase]);
  else {
    const checks = allChecks(baseCase);
    if (checks.length === 0) sheet.addRow([f.noChecks]);
    else {
      header(sheet, [b.checkColumns.code, b.checkColumns.text, b.checkColumns.affects]);
      for (const check of checks) {
        sheet.addRow([check.code, check.text, check.affects]).alignment = {
          wrapText: true,
          vertical: 'top',
        };
      }
    }
  }
  if (baseCase !== null) {
    section(sheet, f.dispatch);
    sheet.addRow([baseDispatchSentence(baseCase)]);
    fieldRows(sheet, dispatchRows(baseCase));
    if (baseCase.largestChanges.length > 0) {
      section(sheet, f.largestChanges);
      const k = f.changeColumns;
      header(sheet, [k.unit, k.bus, k.from, k.to]);
      for (const unit of baseCase.largestChanges) {
        const row = sheet.addRow([
          unit.generator,
          f.unitBus(unit.busName, unit.busNumber),
          unit.fromMw,
          unit.toMw,
        ]);
        row.getCell(3).numFmt = MW_FORMAT;
        row.getCell(4).numFmt = MW_FORMAT;
      }
    }
    if (baseCase.referenceUnits.length > 0) {
      section(sheet, f.referenceUnits);
      const k = f.referenceColumns;
      header(sheet, [k.unit, k.bus, k.file, k.single]);
      for (const unit of baseCase.referenceUnits) {
        const row = sheet.addRow([
          unit.generator,
          f.unitBus(unit.busName, unit.busNumber),
          unit.fileMw,
          unit.singleSlackMw,
        ]);
        row.getCell(3).numFmt = MW_FORMAT;
        row.getCell(4).numFmt = MW_FORMAT;
      }
    }
  }
}

function optionsSheet(workbook: ExcelJS.Workbook, report: CaseReport) {
  const o = w.options;
  const sheet = workbook.addWorksheet(b.sheets.options);
  widths(sheet, [36, 50, 100]);
  title(sheet, w.sections.options);
  sheet.addRow([o.intro]);
  header(sheet, [o.columns.option, o.columns.value, o.columns.meaning]);
  const raw: (string | number)[] = [
    report.options.capMw,
    '',
    report.options.distributionFactorCutoff,
  ];
  optionRows(report).forEach(([label, value, meaning], index) => {
    const cell = typeof raw[index] === 'number' ? raw[index] : value;
    sheet.addRow([label, cell, meaning]).alignment = { wrapText: true, vertical: 'top' };
  });
  const flexibility = flexibilityOptionRows(report);
  if (flexibility.length > 0) {
    section(sheet, o.flexibility);
    fieldRows(sheet, flexibility);
  }
  if (report.capacity.state === 'done') {
    section(sheet, o.capacityRun);
    fieldRows(sheet, capacityRunRows(report.capacity));
  }
}

function n1Sheet(workbook: ExcelJS.Workbook, report: CaseReport) {
  const t = w.n1;
  const { n1, baseCase } = report.facts;
  const sheet = workbook.addWorksheet(b.sheets.n1);
  widths(sheet, [40, 44, 44, 14, 14, 12]);
  title(sheet, w.sections.n1);
  sheet.addRow([t.intro]);
  header(sheet, [b.field, b.value]);
  fieldRows(sheet, [
    [t.counts.contingencies, n1.contingencies],
    [t.counts.islandingContingencies, n1.islandingContingencies],
    [t.counts.monitored, n1.monitored],
    [t.counts.baseCaseOverloads, n1.baseCaseOverloads],
    [t.counts.overloadedPairs, n1.overloadedPairs],
    ...figureChecks(baseCase, 'n1').map((line) => [w.file.checks, line] as [string, string]),
  ]);
  const table = (name: string, rows: readonly N1Loading[]) => {
    section(sheet, name);
    const c = t.columns;
    header(sheet, [c.rank, c.monitored, c.contingency, c.flow, c.limit, c.loading]);
    rows.forEach((row, i) => {
      const added = sheet.addRow([
        i + 1,
        row.monitoredName,
        row.contingencyName ?? t.baseCase,
        row.flowMw,
        row.limitMva,
        row.loadingPercent,
      ]);
      added.getCell(4).numFmt = MW_FORMAT;
      added.getCell(5).numFmt = MW_FORMAT;
      added.getCell(6).numFmt = PERCENT_FORMAT;
    });
  };
  table(t.top, n1.top);
  table(t.baseTop, n1.baseCaseTop);
}

function flexibilitySheet(workbook: ExcelJS.Workbook, report: CaseReport) {
  const f = w.flexibility;
  const sheet = workbook.addWorksheet(b.sheets.flexibility);
  widths(sheet, [34, 60, 22, 22, 22, 22]);
  title(sheet, w.sections.flexibility);
  const flexibility = report.flexibility;
  if (flexibility === null) {
    sheet.addRow([f.absent]);
    return;
  }
  const group = flexibility.studyGroup;
  header(sheet, [b.field, b.value]);
  const limitingNote = (name: 'attributable' | 'strict') => {
    const limiting = flexibility.figures[name].limitingConstraint;
    if (limiting === null) return f.noLimiting;
    const text = f.limiting(
      limiting.monitored.name,
      contingencyNameOf(limiting) ?? w.fullNetwork,
      mwText(limiting.transferAtLimitMw),
    );
    return `${text} ${acText(limiting.acCheck) ?? w.ac.absent}`;
  };
  fieldRows(sheet, [
    [f.group, group?.label ?? f.noGroup],
    ...(group === null ? [] : ([[f.why, group.reason.message]] as [string, string][])),
    ...(group === null ? [] : ([[f.units, group.units.length]] as [string, number][])),
    [f.tmax, flexibility.tmaxMw],
    [f.fcitc.attributable, flexibility.figures.attributable.fcitcMw],
    [`${f.fcitc.attributable}: ${b.note}`, limitingNote('attributable')],
    [f.fcitc.strict, flexibility.figures.strict.fcitcMw],
    [`${f.fcitc.strict}: ${b.note}`, limitingNote('strict')],
    ...figureChecks(flexibilityBaseCase(report), 'flexibility', flexibility.options.slack).map(
      (line) => [w.file.checks, line] as [string, string],
    ),
  ]);
  section(sheet, f.levels);
  sheet.addRow([f.levelsCaption]);
  const c = f.levelColumns;
  header(sheet, [
    c.level,
    c.transfer,
    c.attributable,
    c.attributableCount,
    c.strict,
    c.strictCount,
  ]);
  const strict = flexibility.figures.strict.levels;
  flexibility.figures.attributable.levels.forEach((level, i) => {
    const other = strict[i];
    const row = sheet.addRow([
      level.level,
      level.transferMw,
      level.flexibilityPercent,
      level.constraintCount,
      other?.flexibilityPercent ?? null,
      other?.constraintCount ?? null,
    ]);
    row.getCell(2).numFmt = MW_FORMAT;
    row.getCell(3).numFmt = PERCENT_FORMAT;
    row.getCell(5).numFmt = PERCENT_FORMAT;
  });
}

function capacitySheet(workbook: ExcelJS.Workbook, report: CaseReport) {
  const c = w.capacity;
  const sheet = workbook.addWorksheet(b.sheets.capacity);
  widths(sheet, [50, 22, 22]);
  title(sheet, w.sections.capacity);
  sheet.addRow([c.intro]);
  const capacity = report.capacity;
  if (capacity.state !== 'done') {
    sheet.addRow([
      capacity.state === 'failed' ? c.states.failed(capacity.message ?? '') : c.states.absent,
    ]);
    return;
  }
  const { summary, options } = capacity;
  header(sheet, [c.summaryColumns.figure, c.summaryColumns.attributable, c.summaryColumns.strict]);
  const values: [number | null, number | null][] = [
    [summary.computed, summary.computed],
    [summary.attributable.medianMw, summary.strict.medianMw],
    [summary.attributable.minMw, summary.strict.minMw],
    [summary.attributable.maxMw, summary.strict.maxMw],
    [summary.attributable.zero, summary.strict.zero],
    [summary.attributable.atCap, summary.strict.atCap],
  ];
  capacitySummaryRows(capacity).forEach(([label], i) => {
    const row = sheet.addRow([label, ...values[i]!]);
    if (i >= 1 && i <= 3) {
      row.getCell(2).numFmt = MW_FORMAT;
      row.getCell(3).numFmt = MW_FORMAT;
    }
  });
  const context = capacityContext(capacity);
  const notes = [
    summary.withPreExistingLimit > 0
      ? c.preExisting(count(summary.withPreExistingLimit), count(summary.computed))
      : c.noPreExisting,
    ...(summary.withWorsenedViolation > 0
      ? [c.worsened(count(summary.withWorsenedViolation))]
      : []),
    ...(summary.outsideIsland > 0 ? [c.outsideIsland(count(summary.outsideIsland))] : []),
    ...(context.sinkRoomMw === null
      ? []
      : [c.sinkRoom(mwText(context.sinkRoomMw), count(summary.capMw))]),
    ...(options.baseCase === undefined
      ? []
      : [baseDispatchSentence(options.baseCase, options.slack)]),
    ...figureChecks(options.baseCase, 'capacity', options.slack, { capMw: summary.capMw }),
  ];
  for (const note of notes) sheet.addRow([note]);
  section(sheet, c.histogram);
  sheet.addRow([c.histogramCaption]);
  const h = c.histogramColumns;
  header(sheet, [h.bin, h.attributable, h.strict]);
  capacity.histogram.attributable.forEach((bin, i) => {
    sheet.addRow([binLabel(bin), bin.count, capacity.histogram.strict[i]?.count ?? 0]);
  });
}

/** Every bus, as the PDF's two tables list 50 of them: both figures, what limits, the flags. */
function busesSheet(workbook: ExcelJS.Workbook, report: CaseReport) {
  const capacity = report.capacity;
  const sheet = workbook.addWorksheet(b.sheets.buses);
  title(sheet, b.busesTitle);
  if (capacity.state !== 'done') {
    sheet.addRow([w.cover.capacityMissing]);
    return;
  }
  sheet.addRow([b.busesNote]);
  sheet.addRow([w.indicativeNote]);
  sheet.addRow([
    `${exportWords.caseBusbarCapacities.weakGrid.label}: ${weakGridText(capacity.weakGrid)}`,
  ]);
  const k = b.busColumns;
  const headerRow = header(sheet, [
    k.bus,
    k.busbar,
    k.kv,
    k.area,
    k.zone,
    k.attributable,
    k.limiting,
    k.contingency,
    k.factor,
    k.strict,
    k.strictLimiting,
    k.strictContingency,
    k.preExisting,
    k.worsened,
    k.acCheck,
    k.notes,
    // Issue #31: the weak grid and the least figure with what sets it, as the table's export.
    weakGridColumn(capacity.weakGrid),
    exportWords.caseBusbarCapacities.columns.limitCapacity,
    exportWords.caseBusbarCapacities.columns.limitVariable,
  ]);
  widths(sheet, [12, 34, 12, 8, 8, 16, 40, 40, 16, 16, 40, 40, 14, 44, 44, 50, 18, 18, 28]);
  // Column styles rather than one per cell: 10,000 rows stay quick (export/export-xlsx.ts).
  sheet.getColumn(3).numFmt = '0.00';
  sheet.getColumn(6).numFmt = MW_FORMAT;
  sheet.getColumn(9).numFmt = FACTOR_FORMAT;
  sheet.getColumn(10).numFmt = MW_FORMAT;
  sheet.getColumn(17).numFmt = MW_FORMAT;
  sheet.getColumn(18).numFmt = MW_FORMAT;
  const context = capacityContext(capacity);
  for (const row of capacity.rows) {
    const limiting = row.attributable.limiting;
    const worsened = row.worsened;
    sheet.addRow([
      row.bus,
      busLabel(row),
      row.baseKv,
      row.area,
      row.zone,
      row.attributable.capacityMw,
      limitingText(row, 'attributable', context),
      limiting === null ? null : contingencyText(row, 'attributable'),
      limiting?.distributionFactor ?? null,
      row.strict.capacityMw,
      limitingText(row, 'strict', context),
      row.strict.limiting === null ? null : contingencyText(row, 'strict'),
      row.inTransferIsland ? (row.preExistingLimit ? b.yes : b.no) : null,
      worsened === null
        ? null
        : reportWords.cover.limitText(
            worsened.monitoredName,
            worsened.contingencyName ?? w.fullNetwork,
          ),
      acText(row.attributable.acCheck),
      busNotes(row, context).join('; ') || null,
      ...limitCells(row, capacity.options),
    ]);
  }
  sheet.views = [{ state: 'frozen', ySplit: headerRow.number, xSplit: 0 }];
  sheet.autoFilter = {
    from: { row: headerRow.number, column: 1 },
    to: { row: headerRow.number + capacity.rows.length, column: 19 },
  };
}
