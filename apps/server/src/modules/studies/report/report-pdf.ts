import { reportWords } from '@holgura/contracts';
import {
  ACCENT,
  BOLD,
  BOTTOM,
  FONT,
  INK,
  ITALIC,
  MARGIN,
  MUTED,
  drawValueGrid,
  niceScale,
  pdfText,
  ReportPdfDocument,
  RULE,
  WIDTH,
  type Column,
} from '../../report/pdf-kit';
import {
  esNumber,
  figureMarks,
  figureNotes,
  figuresByCase,
  highlights,
  limitCell,
  limitingText,
  methodParagraphs,
  multipliersText,
  mwText,
  optionRows,
  projectLines,
  shortCircuitLines,
  variableText,
  verificationOptionRows,
  weakGridCell,
} from './report-format';
import type { ReportFigure, StudyReport } from './report-model';

/**
 * A study's report as a PDF (issue #29), written with the reports' shared pieces
 * (report/pdf-kit.ts): cover, inputs, options, capacity tables, each busbar's chart, the map and
 * the method. Pure: the report in, the file's bytes out; it runs on the report thread.
 */

const w = reportWords;

// Re-exported for the study report's tests.
export { niceScale, pdfText };

/** The /resultados chart's line colours, one per scenario. */
const SCENARIO_COLORS = ['#0369a1', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#4d7c0f'];
/** The /resultados map's capacity bands, lowest to highest. */
const CAPACITY_COLORS = ['#b91c1c', '#ea580c', '#ca8a04', '#65a30d', '#15803d'];

type SectionKey = keyof typeof w.sections;

class ReportPdf extends ReportPdfDocument {
  constructor(readonly report: StudyReport) {
    super({
      title: `${w.kind}: ${report.name}`,
      subject: w.subject,
      keywords: 'capacidad de conexión, N-1, PTDF, LODF',
      createdAt: new Date(report.generatedAt),
    });
  }

  /** A section of the study's report, by its key. */
  private part(key: SectionKey, newPage = true) {
    this.section(key, w.sections[key], newPage);
  }

  cover() {
    const { report } = this;
    this.text(`${w.product.toUpperCase()} · ${w.kind.toUpperCase()}`, {
      font: BOLD,
      size: 9,
      color: ACCENT,
      characterSpacing: 0.6,
      gap: 10,
    });
    this.text(report.name, { font: BOLD, size: 21, gap: 6 });
    this.text(`${w.cover.generated}: ${w.generatedAt(report.generatedText)}`, {
      size: 10,
      color: MUTED,
      gap: 14,
    });
    if (report.synthetic) this.notice(w.syntheticNotice);
    this.text(report.description.trim() === '' ? w.cover.noDescription : report.description, {
      size: 10.5,
      gap: 12,
    });
    const c = w.cover;
    const { study } = report;
    this.keyValues([
      [c.network, report.networkLabel],
      ...(report.isDemo ? [[c.studyId, c.demo] as [string, string]] : []),
      [c.baseCase, report.baseFileName],
      ...(report.isDemo ? [] : [[c.studyId, report.studyId] as [string, string]]),
      [c.version, String(report.resultsVersion)],
      [
        c.cases,
        c.casesText(
          esNumber(study.scenarios.length * study.years.length, 0),
          esNumber(study.scenarios.length, 0),
          esNumber(study.years.length, 0),
        ),
      ],
      [c.busbars, esNumber(report.busbars.length, 0)],
      [c.figures, esNumber(report.figures.length, 0)],
    ]);
    const lines = highlights(report);
    if (lines.length > 0) {
      this.subheading(c.highlights);
      for (const line of lines) this.bullet(line);
    }
    this.subheading(c.contents, 110);
    this.reserveContents(Object.keys(w.sections).length);
    this.text(w.indicativeNote, { font: ITALIC, size: 9, color: MUTED });
  }

  /** The contents, written on the cover once every section's page is known. */
  writeContents() {
    this.contents(Object.entries(w.sections));
  }

  inputs() {
    const { study, busbars } = this.report;
    const i = w.inputs;
    this.part('inputs');
    this.subheading(i.years);
    this.text(study.years.join(', '));
    this.subheading(i.areas);
    if (study.areas.length === 0) this.text(i.noAreas);
    else {
      this.table(
        [
          { header: i.areaColumns.id, width: 60, align: 'right' },
          { header: i.areaColumns.name, width: WIDTH - 180 },
          { header: i.areaColumns.growth, width: 120, align: 'right' },
        ],
        study.areas.map((area) => {
          const growth = study.growth[area.name];
          return [
            String(area.id),
            area.name,
            growth === undefined ? i.noGrowth : esNumber(growth * 100, 2),
          ];
        }),
      );
    }
    this.subheading(i.scenarios);
    this.table(
      [
        { header: i.scenarioColumns.name, width: 80 },
        { header: i.scenarioColumns.condition, width: 235 },
        { header: i.scenarioColumns.multipliers, width: WIDTH - 315 },
      ],
      study.scenarios.map((s) => [s.name, s.condition, multipliersText(s.demandMultipliers)]),
    );
    this.subheading(i.interchanges);
    const interchanges = study.scenarios.flatMap((s) =>
      s.interchanges.map((item) => [s.name, item.name, String(item.bus), esNumber(item.mw, 1)]),
    );
    if (interchanges.length === 0) this.text(i.noInterchanges);
    else {
      this.text(i.interchangesNote, { size: 8.5, color: MUTED });
      this.table(
        [
          { header: i.interchangeColumns.scenario, width: 80 },
          { header: i.interchangeColumns.name, width: WIDTH - 220 },
          { header: i.interchangeColumns.bus, width: 60, align: 'right' },
          { header: i.interchangeColumns.mw, width: 80, align: 'right' },
        ],
        interchanges,
      );
    }
    this.subheading(i.projects);
    if (study.projects.length === 0) this.text(i.noProjects);
    else {
      this.table(
        [
          { header: i.projectColumns.name, width: 130 },
          { header: i.projectColumns.inServiceYear, width: 55, align: 'right' },
          { header: i.projectColumns.branches, width: 190 },
          { header: i.projectColumns.units, width: WIDTH - 375 },
        ],
        study.projects.map((project) => {
          const lines = projectLines(project);
          return [
            project.name,
            String(project.inServiceYear),
            lines.branches.join('\n') || i.none,
            lines.units.join('\n') || i.none,
          ];
        }),
      );
    }
    this.subheading(i.busbars);
    this.table(
      [
        { header: i.busbarColumns.bus, width: 70, align: 'right' },
        { header: i.busbarColumns.name, width: WIDTH - 170 },
        { header: i.busbarColumns.kv, width: 100, align: 'right' },
      ],
      busbars.map((b) => [
        String(b.bus),
        b.name,
        b.baseKv === null ? i.none : esNumber(b.baseKv, 2),
      ]),
    );
  }

  options() {
    const o = w.options.columns;
    this.part('options', false);
    this.table(
      [
        { header: o.option, width: 140 },
        { header: o.value, width: 130 },
        { header: o.meaning, width: WIDTH - 270 },
      ],
      [
        ...optionRows(this.report),
        ...verificationOptionRows(this.report).map(
          ([label, value, meaning]) => [label, value, meaning] as [string, string, string],
        ),
      ],
      { size: 8.5 },
    );
    // Issue #31: what each case's short-circuit computation had, or why it has none.
    const lines = shortCircuitLines(this.report);
    if (lines.length > 0) {
      this.subheading(w.detail.shortCircuitHeading);
      for (const line of lines) this.bullet(line);
    }
  }

  /** Per scenario, busbar × year in MW, years in chunks that fit the page. */
  summary() {
    const { report } = this;
    const { study } = report;
    const c = w.capacities;
    this.part('summary');
    this.text(`${c.mwNote} ${w.indicativeNote}`, { size: 8.5, color: MUTED, gap: 6 });
    const yearWidth = 50;
    const perChunk = Math.max(1, Math.floor((WIDTH - 170) / yearWidth));
    const byBus = new Map(report.busbars.map((b) => [b.bus, figuresByCase(report.figures, b.bus)]));
    for (const scenario of study.scenarios) {
      for (let start = 0; start < study.years.length; start += perChunk) {
        const years = study.years.slice(start, start + perChunk);
        this.subheading(c.scenarioHeading(scenario.name, scenario.condition), 60);
        this.table(
          [
            { header: c.busbarColumn, width: WIDTH - years.length * yearWidth },
            ...years.map((year) => ({
              header: String(year),
              width: yearWidth,
              align: 'right' as const,
            })),
          ],
          report.busbars.map((busbar) => [
            busbar.label,
            ...years.map((year) => {
              const figure = byBus.get(busbar.bus)?.get(`${scenario.name}|${year}`);
              return figure === undefined
                ? c.noValue
                : `${mwText(figure.capacityMw)}${figureMarks(figure)}`;
            }),
          ]),
          {
            size: 7.5,
            continued: w.continued(c.scenarioHeading(scenario.name, scenario.condition)),
          },
        );
      }
    }
    const used = new Set(report.figures.map(figureMarks).join(''));
    const legend = (['preExisting', 'atCap', 'acDiffers'] as const).filter((key) =>
      used.has(c.marks[key]),
    );
    for (const key of legend) this.text(c.legend[key], { size: 8, color: MUTED, gap: 2 });
  }

  /** Each busbar: its chart, then every case's figure with what limits it. */
  detail() {
    const { report } = this;
    const { study } = report;
    const d = w.detail;
    this.part('detail');
    const verified = report.verified;
    const scrMin = study.options.verification?.scrMin ?? null;
    const dcOnly: Column[] = [
      { header: d.columns.scenario, width: 46 },
      { header: d.columns.year, width: 28, align: 'right' },
      { header: d.columns.capacity, width: 48, align: 'right' },
      { header: d.columns.limiting, width: 146 },
      { header: d.columns.contingency, width: 146 },
      { header: d.columns.notes, width: WIDTH - 414 },
    ];
    // Issue #31: the DC, AC and weak-grid figures, the least of them and what sets it.
    const v = d.verifiedColumns;
    const withChecks: Column[] = [
      { header: d.columns.scenario, width: 42 },
      { header: d.columns.year, width: 26, align: 'right' },
      { header: v.dc, width: 40, align: 'right' },
      { header: v.ac, width: 40, align: 'right' },
      { header: v.weakGrid, width: 40, align: 'right' },
      { header: v.capacity, width: 44, align: 'right' },
      { header: v.variable, width: 58 },
      { header: v.limit, width: 150 },
      { header: d.columns.notes, width: WIDTH - 440 },
    ];
    const columns = verified ? withChecks : dcOnly;
    const mwOr = (value: number | string | null) =>
      value === null ? w.inputs.none : typeof value === 'number' ? mwText(value) : value;
    const chartHeight = 112;
    report.busbars.forEach((busbar, index) => {
      const figures = figuresByCase(report.figures, busbar.bus);
      if (index > 0) this.doc.y += 8;
      this.room(chartHeight + 90);
      this.text(busbar.label, { font: BOLD, size: 11.5, color: ACCENT, gap: 2 });
      this.text(d.chartTitle(busbar.label), { size: 8, color: MUTED, gap: 4 });
      const top = this.doc.y;
      this.chart(figures, top, chartHeight);
      this.doc.y = top + chartHeight + 6;
      const rows: string[][] = [];
      for (const scenario of study.scenarios) {
        for (const year of study.years) {
          const figure = figures.get(`${scenario.name}|${year}`);
          if (figure === undefined) continue;
          if (verified) {
            rows.push([
              scenario.name,
              String(year),
              mwText(figure.dcMw),
              mwOr(figure.verification?.acMw ?? null),
              mwOr(weakGridCell(figure, report)),
              mwText(figure.capacityMw),
              variableText(figure),
              limitCell(figure, scrMin),
              figureNotes(figure).join('; '),
            ]);
            continue;
          }
          rows.push([
            scenario.name,
            String(year),
            mwText(figure.capacityMw),
            limitingText(figure),
            figure.contingency ?? w.inputs.none,
            figureNotes(figure).join('; '),
          ]);
        }
      }
      this.table(columns, rows, { size: 7.5, continued: w.continued(busbar.label) });
    });
  }

  /** Capacity by year, one line per scenario, drawn as vectors. */
  private chart(figures: ReadonlyMap<string, ReportFigure>, top: number, height: number) {
    const { doc, report } = this;
    const { years, scenarios } = report.study;
    const pad = { left: 46, right: 118, top: 14, bottom: 20 };
    const left = MARGIN.left + pad.left;
    const plotWidth = WIDTH - pad.left - pad.right;
    const plotTop = top + pad.top;
    const plotHeight = height - pad.top - pad.bottom;
    const values = [...figures.values()].map((f) => f.capacityMw);
    const [step, max] = niceScale(Math.max(0, ...values));
    const yOf = (mw: number) => plotTop + plotHeight - (mw / max) * plotHeight;
    const xOf = (i: number) =>
      years.length === 1 ? left + plotWidth / 2 : left + (i / (years.length - 1)) * plotWidth;

    doc.save();
    drawValueGrid(doc, { left, plotWidth, plotTop, labelWidth: pad.left - 6 }, step, max, yOf);
    doc.text(w.detail.axisMw, MARGIN.left, plotTop - 14, {
      width: pad.left - 6,
      align: 'right',
      lineBreak: false,
    });
    doc.lineWidth(0.8).strokeColor(MUTED);
    doc
      .moveTo(left, plotTop)
      .lineTo(left, plotTop + plotHeight)
      .lineTo(left + plotWidth, plotTop + plotHeight)
      .stroke();
    years.forEach((year, i) => {
      doc.text(String(year), xOf(i) - 20, plotTop + plotHeight + 5, {
        width: 40,
        align: 'center',
        lineBreak: false,
      });
    });

    scenarios.forEach((scenario, s) => {
      const color = SCENARIO_COLORS[s % SCENARIO_COLORS.length]!;
      const points = years.map((year, i) => {
        const figure = figures.get(`${scenario.name}|${year}`);
        return figure === undefined ? null : { x: xOf(i), y: yOf(figure.capacityMw) };
      });
      doc.lineWidth(1.6).strokeColor(color);
      let drawing = false;
      for (const point of points) {
        if (point === null) {
          drawing = false;
          continue;
        }
        if (drawing) doc.lineTo(point.x, point.y);
        else doc.moveTo(point.x, point.y);
        drawing = true;
      }
      doc.stroke();
      for (const point of points) {
        if (point !== null) doc.circle(point.x, point.y, 2.2).fill(color);
      }
      const legendY = plotTop + 4 + s * 13;
      const legendX = left + plotWidth + 14;
      doc.rect(legendX, legendY + 1, 10, 3).fill(color);
      doc
        .font(FONT)
        .fontSize(7.5)
        .fillColor(INK)
        .text(pdfText(w.detail.scenario(scenario.name)), legendX + 14, legendY - 1.5, {
          width: pad.right - 30,
          lineBreak: false,
          ellipsis: true,
        });
    });
    doc.restore();
  }

  /** The base network with each busbar in the colour of its lowest capacity. */
  map() {
    const { doc, report } = this;
    const m = w.map;
    this.part('map');
    const map = report.map;
    if (map === null) {
      this.text(m.unavailable);
      return;
    }
    this.text(m.caption, { size: 9, gap: 2 });
    this.text(map.layout === 'geographic' ? m.layoutGeographic : m.layoutForce, {
      size: 8.5,
      color: MUTED,
      gap: 8,
    });
    const lowest = report.busbars.map((busbar) => {
      const values = report.figures.filter((f) => f.bus === busbar.bus).map((f) => f.capacityMw);
      return values.length === 0 ? null : Math.min(...values);
    });
    const present = lowest.filter((v): v is number => v !== null);
    const min = present.length === 0 ? 0 : Math.min(...present);
    const max = present.length === 0 ? 0 : Math.max(...present);
    const bands = CAPACITY_COLORS.length;
    const colorOf = (mw: number) =>
      max === min
        ? CAPACITY_COLORS[bands - 1]!
        : CAPACITY_COLORS[Math.min(bands - 1, Math.floor(((mw - min) / (max - min)) * bands))]!;

    const top = doc.y;
    const legendHeight = 70;
    const height = Math.min(470, BOTTOM - top - legendHeight);
    const xs = map.x;
    const ys = map.y;
    const minX = Math.min(...xs);
    const maxX = Math.max(...xs);
    const minY = Math.min(...ys);
    const maxY = Math.max(...ys);
    const scale = Math.min(WIDTH / (maxX - minX || 1), height / (maxY - minY || 1));
    const offsetX = MARGIN.left + (WIDTH - (maxX - minX) * scale) / 2;
    const offsetY = top + (height - (maxY - minY) * scale) / 2;
    // North up: larger y (latitude in a geographic layout) higher on the page.
    const px = (i: number) => offsetX + (xs[i]! - minX) * scale;
    const py = (i: number) => offsetY + (maxY - ys[i]!) * scale;

    doc.save();
    doc.rect(MARGIN.left, top, WIDTH, height).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.lineWidth(0.35).strokeColor('#94a3b8');
    for (let k = 0; k < map.from.length; k++) {
      doc.moveTo(px(map.from[k]!), py(map.from[k]!)).lineTo(px(map.to[k]!), py(map.to[k]!));
    }
    doc.stroke();
    doc.font(BOLD).fontSize(6.5);
    report.busbars.forEach((busbar, b) => {
      const index = map.busbarIndex[b]!;
      const mw = lowest[b];
      if (index < 0 || mw === null || mw === undefined) return;
      const x = px(index);
      const y = py(index);
      doc.circle(x, y, 4.2).lineWidth(0.8).fillAndStroke(colorOf(mw), '#ffffff');
      doc.fillColor(INK).text(String(busbar.bus), x + 5, y - 3, { lineBreak: false });
    });
    doc.restore();

    doc.y = top + height + 10;
    this.text(m.legend, { font: BOLD, size: 8.5, gap: 3 });
    const single = max === min;
    const entries = single ? 1 : bands;
    const entryWidth = WIDTH / bands;
    const legendY = doc.y;
    for (let i = 0; i < entries; i++) {
      const from = single ? min : min + ((max - min) * i) / bands;
      const to = single ? max : min + ((max - min) * (i + 1)) / bands;
      const x = MARGIN.left + i * entryWidth;
      doc
        .rect(x, legendY + 1, 10, 8)
        .fill(single ? CAPACITY_COLORS[bands - 1]! : CAPACITY_COLORS[i]!);
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor(INK)
        .text(pdfText(m.band(mwText(from), mwText(to))), x + 14, legendY + 1, {
          width: entryWidth - 16,
          lineBreak: false,
        });
    }
    doc.y = legendY + 18;
    const lowestCase = report.busbars.map((busbar, b) =>
      report.figures.find((f) => f.bus === busbar.bus && f.capacityMw === lowest[b]),
    );
    this.table(
      [
        { header: m.columns.busbar, width: WIDTH - 190 },
        { header: m.columns.lowest, width: 90, align: 'right' },
        { header: m.columns.case, width: 100 },
      ],
      report.busbars.map((busbar, b) => [
        busbar.label,
        lowest[b] == null ? w.capacities.noValue : mwText(lowest[b]),
        lowestCase[b]?.caseName ?? w.capacities.noValue,
      ]),
      { size: 7.5, continued: w.continued(w.sections.map) },
    );
  }

  method() {
    this.part('method');
    this.paragraphs(methodParagraphs(this.report));
  }
}

export async function studyReportPdf(report: StudyReport): Promise<Buffer> {
  const pdf = new ReportPdf(report);
  pdf.cover();
  pdf.inputs();
  pdf.options();
  pdf.summary();
  pdf.detail();
  pdf.map();
  pdf.method();
  pdf.writeContents();
  pdf.footers(report.name, report.generatedText);
  return pdf.finish();
}
