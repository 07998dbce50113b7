import { reportWords } from '@holgura/contracts';
import { esNumber, mwText } from '../../report/report-text';
import type { ReportFigure, StudyReport } from './report-model';

/**
 * What the PDF and the workbook both say of a figure, worded and formatted once (es-CO numbers,
 * the report's words), so the two files cannot disagree.
 */

const w = reportWords;

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
  const limit =
    lowest.limit === 'element'
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
