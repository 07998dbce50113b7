import {
  contingencyNameOf,
  caseReportWords,
  reportWords,
  type BusbarCapacityRow,
  type N1Loading,
} from '@holgura/contracts';
import {
  ACCENT,
  BOLD,
  ITALIC,
  MUTED,
  ReportPdfDocument,
  WIDTH,
  type Column,
} from '../report/pdf-kit';
import {
  acText,
  allChecks,
  baseDispatchSentence,
  binLabel,
  binShort,
  busLabel,
  busNotes,
  capacityRunRows,
  capacitySummaryRows,
  checksTitle,
  contingencyText,
  count,
  dispatchRows,
  esNumber,
  figureChecks,
  figureMw,
  fileRows,
  flexibilityBaseCase,
  flexibilityOptionRows,
  formatText,
  highlights,
  limitingText,
  linesText,
  mwText,
  optionRows,
  warningGroups,
} from './case-report-format';
import {
  capacityContext,
  highestBuses,
  lowestBuses,
  type CaseReport,
  type CaseReportCapacityDone,
} from './case-report-model';

/**
 * An uploaded case's report as a PDF (issue #29), written with the reports' shared pieces
 * (report/pdf-kit.ts): cover with highlights and contents, the file and its base case, the
 * options, the N-1 screening, the flexibility, every bus's capacity (summary and histogram),
 * the 50 lowest and 50 highest buses, and the method. Every flag /analisis puts on a figure
 * (an input check, an approximate AC check, the cap or the sink's room instead of an element)
 * is written beside it. Pure: the report in, the file's bytes out; it runs on the report thread.
 */

const w = caseReportWords;
type SectionKey = keyof typeof w.sections;

/** The histogram's bars: 0 MW red, the cap green, the ranges between sky. */
const BIN_COLORS = { zero: '#b91c1c', range: '#0369a1', cap: '#15803d' } as const;

class CaseReportPdf extends ReportPdfDocument {
  constructor(readonly report: CaseReport) {
    super({
      title: `${w.kind}: ${report.caseName}`,
      subject: w.subject,
      keywords: w.keywords,
      createdAt: new Date(report.generatedAt),
    });
  }

  private part(key: SectionKey, newPage = true) {
    this.section(key, w.sections[key], newPage);
  }

  /** A figure's checks in the screen's amber box, when there are any. */
  private checks(lines: readonly string[]) {
    if (lines.length > 0) this.noticeList(checksTitle(lines), lines);
  }

  cover() {
    const { report } = this;
    const c = w.cover;
    this.text(`${reportWords.product.toUpperCase()} · ${w.kind.toUpperCase()}`, {
      font: BOLD,
      size: 9,
      color: ACCENT,
      characterSpacing: 0.6,
      gap: 10,
    });
    this.text(report.caseName, { font: BOLD, size: 21, gap: 6 });
    this.text(`${c.generated}: ${reportWords.generatedAt(report.generatedText)}`, {
      size: 10,
      color: MUTED,
      gap: 14,
    });
    if (report.description !== null && report.description.trim() !== '') {
      this.text(report.description, { size: 10.5, gap: 12 });
    }
    this.keyValues([
      [c.file, report.file.name],
      [w.file.format, formatText(report.facts)],
      [c.uploaded, reportWords.generatedAt(report.file.uploadedText)],
    ]);
    this.subheading(c.highlights);
    for (const line of highlights(report)) this.bullet(line);
    this.subheading(c.contents, 130);
    this.reserveContents(Object.keys(w.sections).length);
    this.text(w.indicativeNote, { font: ITALIC, size: 9, color: MUTED });
  }

  writeContents() {
    this.contents(Object.entries(w.sections));
  }

  file() {
    const { report } = this;
    const f = w.file;
    this.part('file');
    this.keyValues(fileRows(report));

    this.subheading(f.warnings);
    const groups = warningGroups(report.facts.network.warnings);
    if (groups.length === 0) this.text(f.noWarnings);
    else {
      this.text(f.warningsNote, { size: 8.5, color: MUTED });
      this.table(
        [
          { header: f.warningColumns.what, width: WIDTH - 205 },
          { header: f.warningColumns.count, width: 45, align: 'right' },
          { header: f.warningColumns.lines, width: 160 },
        ],
        groups.map((group) => [group.title, count(group.count), linesText(group.lines)]),
        { size: 8, continued: reportWords.continued(f.warnings) },
      );
    }

    const baseCase = report.facts.baseCase ?? null;
    this.subheading(f.checks);
    if (baseCase === null) this.text(f.noBaseCase);
    else {
      const checks = allChecks(baseCase);
      if (checks.length === 0) this.text(f.noChecks);
      else {
        this.text(f.checksNote, { size: 8.5, color: MUTED });
        for (const check of checks) this.bullet(`${check.text} ${check.affects}`);
      }
    }

    if (baseCase !== null) {
      this.subheading(f.dispatch);
      this.text(baseDispatchSentence(baseCase));
      this.keyValues(dispatchRows(baseCase), 200);
      if (baseCase.largestChanges.length > 0) {
        this.subheading(f.largestChanges);
        const k = f.changeColumns;
        this.table(
          [
            { header: k.unit, width: 70, align: 'right' },
            { header: k.bus, width: WIDTH - 250 },
            { header: k.from, width: 90, align: 'right' },
            { header: k.to, width: 90, align: 'right' },
          ],
          baseCase.largestChanges.map((unit) => [
            String(unit.generator),
            f.unitBus(unit.busName, unit.busNumber),
            mwText(unit.fromMw),
            mwText(unit.toMw),
          ]),
        );
      }
      if (baseCase.referenceUnits.length > 0) {
        this.subheading(f.referenceUnits);
        const k = f.referenceColumns;
        this.table(
          [
            { header: k.unit, width: 70, align: 'right' },
            { header: k.bus, width: WIDTH - 250 },
            { header: k.file, width: 90, align: 'right' },
            { header: k.single, width: 90, align: 'right' },
          ],
          baseCase.referenceUnits.map((unit) => [
            String(unit.generator),
            f.unitBus(unit.busName, unit.busNumber),
            mwText(unit.fileMw),
            mwText(unit.singleSlackMw),
          ]),
        );
      }
    }
  }

  options() {
    const { report } = this;
    const o = w.options;
    this.part('options');
    this.text(o.intro, { size: 9, color: MUTED, gap: 6 });
    this.table(
      [
        { header: o.columns.option, width: 130 },
        { header: o.columns.value, width: 150 },
        { header: o.columns.meaning, width: WIDTH - 280 },
      ],
      optionRows(report),
      { size: 8.5 },
    );
    const flexibility = flexibilityOptionRows(report);
    if (flexibility.length > 0) {
      this.subheading(o.flexibility);
      this.keyValues(flexibility, 200);
    }
    if (report.capacity.state === 'done') {
      this.subheading(o.capacityRun);
      this.keyValues(capacityRunRows(report.capacity), 200);
    }
  }

  n1() {
    const { facts } = this.report;
    const { n1 } = facts;
    const t = w.n1;
    this.part('n1');
    this.text(t.intro, { size: 9, color: MUTED, gap: 6 });
    this.keyValues(
      [
        [t.counts.contingencies, count(n1.contingencies)],
        [t.counts.islandingContingencies, count(n1.islandingContingencies)],
        [t.counts.monitored, count(n1.monitored)],
        [t.counts.baseCaseOverloads, count(n1.baseCaseOverloads)],
        [t.counts.overloadedPairs, count(n1.overloadedPairs)],
      ],
      220,
    );
    this.checks(figureChecks(facts.baseCase, 'n1'));
    this.subheading(t.top);
    this.text(t.topCaption, { size: 8.5, color: MUTED });
    this.loadings(n1.top, reportWords.continued(t.top));
    if (n1.baseCaseTop.length > 0) {
      this.subheading(t.baseTop);
      this.loadings(n1.baseCaseTop, reportWords.continued(t.baseTop));
    }
  }

  private loadings(rows: readonly N1Loading[], continued: string) {
    const t = w.n1;
    if (rows.length === 0) {
      this.text(t.noTop);
      return;
    }
    this.table(
      [
        { header: t.columns.rank, width: 22, align: 'right' },
        { header: t.columns.monitored, width: 165 },
        { header: t.columns.contingency, width: 145 },
        { header: t.columns.flow, width: 55, align: 'right' },
        { header: t.columns.limit, width: 55, align: 'right' },
        { header: t.columns.loading, width: WIDTH - 442, align: 'right' },
      ],
      rows.map((row, i) => [
        String(i + 1),
        row.monitoredName,
        row.contingencyName ?? t.baseCase,
        mwText(row.flowMw),
        mwText(row.limitMva),
        esNumber(row.loadingPercent, 1, true),
      ]),
      { size: 7.5, continued },
    );
  }

  flexibility() {
    const { report } = this;
    const f = w.flexibility;
    this.part('flexibility');
    const flexibility = report.flexibility;
    if (flexibility === null) {
      this.notice(f.absent, 'note', { bold: false });
      return;
    }
    const group = flexibility.studyGroup;
    this.keyValues([
      [f.group, group?.label ?? f.noGroup],
      ...(group === null ? [] : ([[f.why, group.reason.message]] as [string, string][])),
      ...(group === null ? [] : ([[f.units, count(group.units.length)]] as [string, string][])),
      [f.tmax, w.file.mw(mwText(flexibility.tmaxMw))],
      [f.fcitc.attributable, w.file.mw(mwText(flexibility.figures.attributable.fcitcMw))],
      [f.fcitc.strict, w.file.mw(mwText(flexibility.figures.strict.fcitcMw))],
    ]);
    if (!flexibility.twoFigures) this.text(f.oneFigure, { size: 8.5, color: MUTED });
    for (const name of ['attributable', 'strict'] as const) {
      const figure = flexibility.figures[name];
      const limiting = figure.limitingConstraint;
      this.doc.y += 4;
      this.text(f.fcitc[name], { font: BOLD, size: 9.5, gap: 2 });
      if (limiting === null) this.bullet(f.noLimiting);
      else {
        this.bullet(
          f.limiting(
            limiting.monitored.name,
            contingencyNameOf(limiting) ?? w.fullNetwork,
            mwText(limiting.transferAtLimitMw),
          ),
        );
        this.bullet(acText(limiting.acCheck) ?? w.ac.absent);
      }
      if (!flexibility.twoFigures) break;
    }
    this.checks(
      figureChecks(flexibilityBaseCase(report), 'flexibility', flexibility.options.slack),
    );
    this.subheading(f.levels);
    this.text(f.levelsCaption, { size: 8.5, color: MUTED });
    const attributable = flexibility.figures.attributable.levels;
    const strict = flexibility.figures.strict.levels;
    if (attributable.length === 0) this.text(f.noLevels);
    else {
      const c = f.levelColumns;
      this.table(
        [
          { header: c.level, width: 45, align: 'right' },
          { header: c.transfer, width: 90, align: 'right' },
          { header: c.attributable, width: 90, align: 'right' },
          { header: c.attributableCount, width: 90, align: 'right' },
          { header: c.strict, width: 90, align: 'right' },
          { header: c.strictCount, width: WIDTH - 405, align: 'right' },
        ],
        attributable.map((level, i) => {
          const other = strict[i];
          return [
            String(level.level),
            mwText(level.transferMw),
            esNumber(level.flexibilityPercent, 1, true),
            count(level.constraintCount),
            other === undefined ? w.none : esNumber(other.flexibilityPercent, 1, true),
            other === undefined ? w.none : count(other.constraintCount),
          ];
        }),
        { size: 8 },
      );
    }
    this.text(f.counts(count(flexibility.constraintCount), count(flexibility.plantCount)), {
      size: 9,
    });
    const pre = flexibility.preExisting;
    if (pre !== null) {
      this.text(
        pre.total === 0
          ? f.noPreExisting
          : f.preExisting(
              count(pre.total),
              count(pre.worsens),
              count(pre.relieves),
              count(pre.unaffected),
            ),
        { size: 9 },
      );
    }
  }

  capacity() {
    const { report } = this;
    const c = w.capacity;
    this.part('capacity');
    this.text(c.intro, { size: 9, color: MUTED, gap: 6 });
    const capacity = report.capacity;
    if (capacity.state !== 'done') {
      this.notice(
        capacity.state === 'failed' ? c.states.failed(capacity.message ?? '') : c.states.absent,
      );
      return;
    }
    const { summary, options } = capacity;
    const context = capacityContext(capacity);
    this.text(c.buses(count(summary.computed), count(summary.buses)), { size: 9.5 });
    this.table(
      [
        { header: c.summaryColumns.figure, width: WIDTH - 200 },
        { header: c.summaryColumns.attributable, width: 100, align: 'right' },
        { header: c.summaryColumns.strict, width: 100, align: 'right' },
      ],
      capacitySummaryRows(capacity),
      { size: 8.5 },
    );
    const sentences = [
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
    ];
    for (const sentence of sentences) this.text(sentence, { size: 9 });
    if (options.baseCase !== undefined) {
      this.text(baseDispatchSentence(options.baseCase, options.slack), { size: 8.5, color: MUTED });
    }
    this.checks(
      figureChecks(options.baseCase, 'capacity', options.slack, { capMw: summary.capMw }),
    );
    this.histogram(capacity);
  }

  private histogram(capacity: CaseReportCapacityDone) {
    const c = w.capacity;
    const bins = capacity.histogram.attributable;
    // The chart with the first rows of its table at least; the table may go on overleaf.
    const chartHeight = 160;
    this.subheading(c.histogram, 30 + chartHeight + 22 + 4 * 15);
    this.text(c.histogramCaption, { size: 8.5, color: MUTED, gap: 6 });
    this.barChart(
      bins.map((bin) => ({ label: binShort(bin), value: bin.count, color: BIN_COLORS[bin.kind] })),
      { height: chartHeight, axisLabel: c.axisBuses },
    );
    const strict = capacity.histogram.strict;
    this.table(
      [
        { header: c.histogramColumns.bin, width: WIDTH - 220 },
        { header: c.histogramColumns.attributable, width: 110, align: 'right' },
        { header: c.histogramColumns.strict, width: 110, align: 'right' },
      ],
      bins.map((bin, i) => [binLabel(bin), count(bin.count), count(strict[i]?.count ?? 0)]),
      { size: 7.5, continued: reportWords.continued(c.histogram) },
    );
  }

  /** The 50 lowest or highest buses: both figures, the element, the contingency, the flags. */
  buses(key: 'lowest' | 'highest') {
    const capacity = this.report.capacity;
    this.part(key);
    if (capacity.state !== 'done') {
      this.text(w.cover.capacityMissing);
      return;
    }
    const b = w.buses;
    const rows = key === 'lowest' ? lowestBuses(capacity.rows) : highestBuses(capacity.rows);
    const total = count(capacity.summary.computed);
    this.text(
      key === 'lowest'
        ? b.lowestIntro(count(rows.length), total)
        : b.highestIntro(count(rows.length), total),
      { size: 9, color: MUTED, gap: 2 },
    );
    this.text(b.strictColumnsNote, { size: 8.5, color: MUTED, gap: 6 });
    if (rows.length === 0) {
      this.text(b.none);
      return;
    }
    this.busTable(rows, capacity, reportWords.continued(w.sections[key]));
  }

  private busTable(
    rows: readonly BusbarCapacityRow[],
    capacity: CaseReportCapacityDone,
    continued: string,
  ) {
    const b = w.buses.columns;
    const context = capacityContext(capacity);
    const columns: Column[] = [
      { header: b.busbar, width: 112 },
      { header: b.attributable, width: 50, align: 'right' },
      { header: b.strict, width: 46, align: 'right' },
      { header: b.limiting, width: 112 },
      { header: b.contingency, width: 100 },
      { header: b.notes, width: WIDTH - 420 },
    ];
    this.table(
      columns,
      rows.map((row) => [
        busLabel(row),
        figureMw(row, 'attributable'),
        figureMw(row, 'strict'),
        limitingText(row, 'attributable', context),
        contingencyText(row, 'attributable'),
        busNotes(row, context).join('; '),
      ]),
      { size: 6.8, continued },
    );
  }

  method() {
    this.part('method');
    this.paragraphs(w.method.paragraphs);
  }
}

export async function caseReportPdf(report: CaseReport): Promise<Buffer> {
  const pdf = new CaseReportPdf(report);
  pdf.cover();
  pdf.file();
  pdf.options();
  pdf.n1();
  pdf.flexibility();
  pdf.capacity();
  pdf.buses('lowest');
  pdf.buses('highest');
  pdf.method();
  pdf.writeContents();
  pdf.footers(report.caseName, report.generatedText);
  return pdf.finish();
}
