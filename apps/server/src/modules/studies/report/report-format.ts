import { reportWords, studyVerificationWords } from '@holgura/contracts';
import { esNumber, mwText } from '../../report/report-text';
import type { ReportFigure, StudyReport } from './report-model';

/**
 * What the PDF and the workbook both say of a figure, worded and formatted once (es-CO numbers,
 * the report's words), so the two files cannot disagree.
 */

const w = reportWords;
const v = studyVerificationWords;

export { esNumber, mwText };

/** The limiting element's cell: the element, or why none limits. */
export function limitingText(figure: ReportFigure): string {
  if (figure.limit === 'cap') return w.detail.capReached;
  if (figure.limit === 'sink-room') return w.detail.sinkRoom;
  return figure.limitingElement ?? w.inputs.none;
}

/** The notes a figure carries: a pre-existing violation, its AC check. */
export function figureNotes(figure: ReportFigure): string[] {
  const notes: string[] = [];
  if (figure.preExistingViolation) notes.push(w.detail.preExisting);
  if (figure.acCheck === 'differs') notes.push(w.detail.acDiffers);
  if (figure.acCheck === 'not-converged') notes.push(w.detail.acNotConverged);
  return notes;
}

/** The marks a summary cell carries after its MW (the legend explains them). */
export function figureMarks(figure: ReportFigure): string {
  const m = w.capacities.marks;
  return (
    (figure.preExistingViolation ? m.preExisting : '') +
    (figure.limit === 'cap' ? m.atCap : '') +
    (figure.acCheck === 'differs' || figure.acCheck === 'not-converged' ? m.acDiffers : '')
  );
}

/** The option rows: label, value in words, and what it means. */
export function optionRows(report: StudyReport): [string, string, string][] {
  const o = report.study.options;
  const words = w.options;
  return [
    [words.labels.tmaxMw, esNumber(o.tmaxMw, 1), words.meanings.tmaxMw],
    [
      words.labels.postContingencyRating,
      words.ratings[o.postContingencyRating] ?? o.postContingencyRating,
      words.meanings.postContingencyRating,
    ],
    [
      words.labels.distributionFactorCutoff,
      esNumber(o.distributionFactorCutoff, 6),
      words.meanings.distributionFactorCutoff,
    ],
    [
      words.labels.preExistingViolations,
      words.preExisting[o.preExistingViolations] ?? o.preExistingViolations,
      words.meanings.preExistingViolations[o.preExistingViolations] ?? '',
    ],
    [words.labels.slack, words.slacks[o.slack] ?? o.slack, words.meanings.slack[o.slack] ?? ''],
    [words.sink, words.sinkValue, words.sinkMeaning],
    [words.contingencies, words.contingenciesValue, words.contingenciesMeaning],
  ];
}

/** A scenario's demand multipliers in words. */
export function multipliersText(multipliers: Readonly<Record<string, number>>): string {
  const entries = Object.entries(multipliers);
  if (entries.length === 0) return w.inputs.noMultipliers;
  return entries.map(([area, value]) => w.inputs.multiplier(area, esNumber(value, 4))).join('; ');
}

/** A project's branches and units, one line each. */
export function projectLines(project: StudyReport['study']['projects'][number]) {
  return {
    branches: project.branches.map((b) =>
      w.inputs.branch(
        b.fromBus,
        b.toBus,
        b.circuit,
        esNumber(b.xPu, 6),
        esNumber(b.rateAMva, 1),
        esNumber(b.rateBMva, 1),
      ),
    ),
    units: project.units.map((u) =>
      w.inputs.unit(u.bus, esNumber(u.pMaxMw, 1), esNumber(u.pMw, 1)),
    ),
  };
}

/** The cover's highlights: the lowest and highest figures and how many carry each flag. */
export function highlights(report: StudyReport): string[] {
  const { figures } = report;
  if (figures.length === 0) return [];
  const labelOf = new Map(report.busbars.map((b) => [b.bus, b.label]));
  const lowest = figures.reduce((min, f) => (f.capacityMw < min.capacityMw ? f : min));
  const highest = figures.reduce((max, f) => (f.capacityMw > max.capacityMw ? f : max));
  const c = w.cover;
  const limit = report.verified
    ? limitCell(lowest, report.study.options.verification?.scrMin ?? null)
    : lowest.limit === 'element'
      ? c.limitText(lowest.limitingElement ?? w.inputs.none, lowest.contingency ?? w.fullNetwork)
      : limitingText(lowest);
  const lines = [
    c.lowest(
      mwText(lowest.capacityMw),
      labelOf.get(lowest.bus) ?? String(lowest.bus),
      lowest.caseName,
      limit,
    ),
    c.highest(
      mwText(highest.capacityMw),
      labelOf.get(highest.bus) ?? String(highest.bus),
      highest.caseName,
    ),
  ];
  const total = esNumber(figures.length, 0);
  const atCap = figures.filter((f) => f.limit === 'cap').length;
  if (atCap > 0) lines.push(c.atCapCount(esNumber(atCap, 0), total));
  const preExisting = figures.filter((f) => f.preExistingViolation).length;
  if (preExisting > 0) lines.push(c.preExistingCount(esNumber(preExisting, 0)));
  const ac = figures.filter((f) => f.acCheck === 'differs' || f.acCheck === 'not-converged');
  if (ac.length > 0) lines.push(c.acDiffersCount(esNumber(ac.length, 0)));
  if (report.verified) {
    const counts = new Map<string, number>();
    for (const f of figures) counts.set(variableText(f), (counts.get(variableText(f)) ?? 0) + 1);
    lines.push(
      c.variablesCount(
        [...counts]
          .sort((a, b) => b[1] - a[1])
          .map(([text, count]) => `${text} ${esNumber(count, 0)}`)
          .join('; '),
      ),
    );
  }
  return lines;
}

/** The figures of one busbar keyed `scenario|year`. */
export function figuresByCase(
  figures: readonly ReportFigure[],
  bus: number,
): Map<string, ReportFigure> {
  return new Map(
    figures.filter((f) => f.bus === bus).map((f) => [`${f.scenario}|${f.year}`, f] as const),
  );
}

/** «Variable limitante» of a figure (issue #31); a DC-only figure's is thermal where an element sets it. */
export function variableText(figure: ReportFigure): string {
  const variable =
    figure.verification !== null
      ? figure.verification.variable
      : figure.limit === 'element'
        ? 'thermal'
        : null;
  return variable === null ? v.noVariable : v.variables[variable];
}

/** The AC limit of a verified figure in words; null when AC confirms the DC one or was not run. */
export function acLimitText(figure: ReportFigure): string | null {
  const limiting = figure.verification?.acLimiting ?? null;
  if (limiting === null) return null;
  const variable = v.variables[limiting.variable as keyof typeof v.variables] ?? limiting.variable;
  return v.acWhere(variable, limiting.elementName, limiting.contingencyName);
}

/**
 * What sets a figure, in one cell: the weak grid (the bus's Scc over SCR_min), the AC limit, or
 * the DC element with its contingency (or why none limits).
 */
export function limitCell(figure: ReportFigure, scrMin: number | null): string {
  const verification = figure.verification;
  if (verification?.variable === 'weak-grid' && verification.sccMinMva !== null) {
    return w.detail.weakGridLimit(
      esNumber(verification.sccMinMva, 1),
      scrMin === null ? '—' : esNumber(scrMin, 2),
    );
  }
  const ac = acLimitText(figure);
  if (ac !== null && verification !== null && verification.variable !== null) return ac;
  if (figure.limit !== 'element') return limitingText(figure);
  return w.cover.limitText(
    figure.limitingElement ?? w.inputs.none,
    figure.contingency ?? w.fullNetwork,
  );
}

/** The verification's option rows (label, value in words, meaning, the number for a cell). */
export function verificationOptionRows(
  report: StudyReport,
): [string, string, string, number | null][] {
  const asked = report.study.options.verification;
  const o = v.options;
  const rows: [string, string, string, number | null][] = [
    [o.ac, asked?.ac === true ? o.on : o.off, o.acMeaning, null],
    [o.shortCircuit, asked?.shortCircuit === true ? o.on : o.off, o.shortCircuitMeaning, null],
  ];
  if (asked?.shortCircuit === true) {
    rows.push([o.scrMin, esNumber(asked.scrMin, 2), o.shortCircuitMeaning, asked.scrMin]);
    rows.push([
      o.xdPu,
      asked.xdPu === undefined ? o.noXd : esNumber(asked.xdPu, 4),
      o.xdMeaning,
      asked.xdPu ?? null,
    ]);
  }
  return rows;
}

/**
 * Each case's short-circuit computation in words, cases with the same answer together: the
 * units behind an 'ok' figure, or why there is none.
 */
export function shortCircuitLines(report: StudyReport): string[] {
  const byText = new Map<string, string[]>();
  for (const item of report.cases) {
    const sc = report.shortCircuit[item.name];
    if (sc === undefined) continue;
    const text =
      sc.status === 'ok' ? v.machines(sc.machines, sc.xdPu) : v.shortCircuitReasons[sc.status];
    byText.set(text, [...(byText.get(text) ?? []), item.name]);
  }
  return [...byText].map(([text, cases]) => w.detail.shortCircuitCases(cases.join(', '), text));
}

/** «Red débil (MW)»: the figure, why there is none, or null when the check was not asked. */
export function weakGridCell(figure: ReportFigure, report: StudyReport): number | string | null {
  if (figure.verification === null || report.study.options.verification?.shortCircuit !== true) {
    return null;
  }
  return figure.verification.weakGridMw ?? v.notAvailable;
}

/** The method's paragraphs, with the checks beyond DC where the study asks for them. */
export function methodParagraphs(report: StudyReport): { title: string; text: string }[] {
  const paragraphs: { title: string; text: string }[] = [...w.method.paragraphs];
  if (report.verified) paragraphs.splice(paragraphs.length - 1, 0, w.method.verification);
  return paragraphs;
}
