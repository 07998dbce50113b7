import {
  baseDispatchSentence,
  caseReportWords,
  checksFor,
  inputCheckText,
  inputCheckWords,
  reportWords,
  type AcCheckResult,
  type BaseCase,
  type BusbarCapacityRow,
  type BusbarHistogramBin,
  type CheckedFigure,
  type CheckContext,
  reachesCap,
} from '@holgura/contracts';
import { esNumber, mwText } from '../report/report-text';
import {
  capacityContext,
  flexibilityBaseCase,
  lowestBuses,
  type CapacityContext,
  type CaseReport,
  type CaseReportCapacityDone,
} from './case-report-model';

/**
 * What a case's PDF and workbook both say, worded and formatted once (es-CO numbers, the
 * report's words, the screen's flags), so the two files cannot disagree with each other or with
 * /analisis.
 */

const w = caseReportWords;

export { esNumber, mwText };

/** An integer with es-CO grouping: «2.000». */
export const count = (value: number) => esNumber(value, 0);

/** «MATPOWER», «PSS/E RAW, revisión 33», with «comprimido con xz» when it was. */
export function formatText(facts: CaseReport['facts']): string {
  const { network } = facts;
  const format = network.format === 'psse' ? w.file.psse(network.revision) : w.file.matpower;
  return network.compressed ? w.file.compressed(format) : format;
}

/** The file section's label–value rows. */
export function fileRows(report: CaseReport): [string, string][] {
  const { network } = report.facts;
  const c = w.file.counts;
  return [
    [w.file.name, report.file.name],
    [w.file.size, w.file.sizeText(esNumber(report.file.sizeBytes / 1024, 1, true))],
    [w.cover.uploaded, report.file.uploadedText],
    [w.file.format, formatText(report.facts)],
    [w.file.baseMva, w.file.baseMvaText(esNumber(network.baseMva, 2))],
    [c.buses, count(network.counts.buses)],
    [c.branches, count(network.counts.branches)],
    [c.generators, count(network.counts.generators)],
    [c.loads, count(network.counts.loads)],
    [c.islands, count(network.counts.islands)],
    [w.file.caseId, report.caseId],
    ...(report.facts.engineVersion === undefined
      ? []
      : ([[w.file.engine, report.facts.engineVersion]] as [string, string][])),
  ];
}

export interface WarningGroup {
  code: string;
  title: string;
  count: number;
  /** The file lines it names, in order (null: a warning about the whole file). */
  lines: number[];
}

/** The reading's warnings, one group per code, in the order they first appear. */
export function warningGroups(
  warnings: readonly CaseReport['facts']['network']['warnings'][number][],
): WarningGroup[] {
  const groups = new Map<string, WarningGroup>();
  for (const warning of warnings) {
    let group = groups.get(warning.code);
    if (group === undefined) {
      group = { code: warning.code, title: w.file.warningTitle(warning.code), count: 0, lines: [] };
      groups.set(warning.code, group);
    }
    group.count++;
    if (warning.line !== null) group.lines.push(warning.line);
  }
  return [...groups.values()];
}

/** A group's lines in a cell: the first ten, and how many more. */
export function linesText(lines: readonly number[], shown = 10): string {
  if (lines.length === 0) return w.none;
  const listed = lines.slice(0, shown).map(String).join(', ');
  return lines.length > shown ? w.file.moreLines(listed, count(lines.length - shown)) : listed;
}

/**
 * The checks shown beside a figure, worded as the screen words them (BaseCaseNotes): what did
 * not fit within the units' limits is the distributed rule's only.
 */
export function figureChecks(
  baseCase: BaseCase | null | undefined,
  figure: CheckedFigure,
  slack?: string,
  context: CheckContext = {},
): string[] {
  if (baseCase === null || baseCase === undefined) return [];
  const used = slack ?? baseCase.slack;
  return checksFor(baseCase, figure)
    .filter((check) => used === 'distributed' || check.code !== 'DISPATCH_UNABSORBED')
    .map((check) => inputCheckText(check, figure, context));
}

/** The box's title above a figure's checks: «Revisa el archivo: …». */
export const checksTitle = (lines: readonly string[]) => inputCheckWords.title(lines.length);

/** Every check of the base case once, worded for the first figure it affects. */
export function allChecks(
  baseCase: BaseCase | null | undefined,
): { code: string; text: string; affects: string }[] {
  if (baseCase === null || baseCase === undefined) return [];
  return baseCase.checks.map((check) => {
    const figure = check.affects[0] ?? 'n1';
    return {
      code: check.code,
      text: inputCheckText(check, figure),
      affects: w.file.affects(
        check.affects.map((name) => w.file.figureNames[name] ?? name).join(', '),
      ),
    };
  });
}

/** The base dispatch: the screen's sentence, then its figures. */
export function dispatchRows(baseCase: BaseCase): [string, string][] {
  const d = w.file.dispatchRows;
  return [
    [d.slack, w.file.slacks[baseCase.slack] ?? baseCase.slack],
    [d.loadMw, w.file.mw(mwText(baseCase.loadMw))],
    [d.generationMw, w.file.mw(mwText(baseCase.generationMw))],
    [
      d.mismatch,
      d.mismatchText(mwText(baseCase.mismatchMw), esNumber(baseCase.mismatchPercent, 2, true)),
    ],
    [d.participants, count(baseCase.participants)],
    [d.unitsAtLimit, count(baseCase.unitsAtLimit)],
    ...(baseCase.unabsorbedMw > 0
      ? ([[d.unabsorbed, w.file.mw(mwText(baseCase.unabsorbedMw))]] as [string, string][])
      : []),
  ];
}

export { baseDispatchSentence };

/** The analysis options: label, value in words, what it means. */
export function optionRows(report: CaseReport): [string, string, string][] {
  const o = report.options;
  const words = w.options;
  return [
    [words.labels.capMw, words.capText(esNumber(o.capMw, 1)), words.meanings.capMw],
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
    [words.labels.sink, words.sinks[o.sink] ?? o.sink, words.meanings.sink],
    [words.labels.slack, words.slacks[o.slack] ?? o.slack, words.meanings.slack],
    [words.contingencies, words.contingenciesValue, words.contingenciesMeaning],
    ...contingencySetRows(report),
  ];
}

/** Issue #30: the capacities computed on a planner's contingency file say which one. */
function contingencySetRows(report: CaseReport): [string, string, string][] {
  const capacity = report.capacity;
  const set = capacity.state === 'done' ? capacity.options.contingencySet : null;
  if (set === null || set === undefined) return [];
  const words = w.options;
  const n = (value: number) => esNumber(value, 0);
  const { counts } = set;
  const value = words.contingencySetValue(
    set.fileName,
    words.contingencySetCounts(
      n(counts.total),
      n(counts.branch),
      n(counts.multiBranch),
      n(counts.generator),
      n(counts.mixed),
      n(set.notScreened),
    ),
  );
  return [[words.contingencySet, value, words.contingencySetMeaning]];
}

/** What the flexibility's result records of its own run. */
export function flexibilityOptionRows(report: CaseReport): [string, string][] {
  const flexibility = report.flexibility;
  if (flexibility === null) return [];
  const r = w.options.flexibilityRows;
  const o = flexibility.options;
  const group = flexibility.studyGroup;
  return [
    [r.group, group?.label ?? w.flexibility.noGroup],
    ...(group === null
      ? []
      : ([[r.chosenBy, r.chosen[group.chosenBy] ?? group.chosenBy]] as [string, string][])),
    [r.sink, w.options.sinks[o.sink] ?? o.sink],
    [r.levels, count(o.levels)],
    [r.cutoff, esNumber(o.distributionFactorCutoff, 6)],
    [r.rating, w.options.ratings[o.postContingencyRating] ?? o.postContingencyRating],
    [r.generatorOutages, o.includeGeneratorOutages ? r.yes : r.no],
    ...(o.slack === undefined
      ? []
      : ([[r.slack, w.options.slacks[o.slack] ?? o.slack]] as [string, string][])),
  ];
}

/** What the capacity's result records of its own run. */
export function capacityRunRows(capacity: CaseReportCapacityDone): [string, string][] {
  const r = w.options.capacityRows;
  const o = capacity.options;
  return [
    [r.computedAt, capacity.computedText],
    [r.contingencies, count(o.contingencies)],
    [r.monitored, count(o.monitored)],
    [
      r.sinkRoom,
      o.sinkRoomMw === undefined
        ? w.none
        : o.sinkRoomMw === null
          ? r.unbounded
          : r.sinkRoomText(mwText(o.sinkRoomMw)),
    ],
    [r.computeTime, r.computeTimeText(esNumber(o.computeMs / 1000, 2, true))],
  ];
}

/** The AC check of a figure in words (null: none made). */
export function acText(check: AcCheckResult | null | undefined): string | null {
  if (check === undefined || check === null) return null;
  const dc = esNumber(check.dcLoadingPercent, 1, true);
  if (!check.converged) return w.ac.notConverged(dc);
  const ac = check.acLoadingPercent === null ? w.none : esNumber(check.acLoadingPercent, 1, true);
  return check.flagged ? w.ac.differs(ac, dc) : w.ac.agrees(ac, dc);
}

/** «NOMBRE (número, kV)». */
export function busLabel(row: Pick<BusbarCapacityRow, 'name' | 'bus' | 'baseKv'>): string {
  return w.busbar(row.name, row.bus, row.baseKv > 0 ? esNumber(row.baseKv, 2) : null);
}

type Figure = 'attributable' | 'strict';

/** A figure's MW: one decimal, «—» outside the island. */
export function figureMw(row: BusbarCapacityRow, figure: Figure): string {
  const value = row[figure].capacityMw;
  return value === null ? w.none : mwText(value);
}

/**
 * The limiting column, as the table of /analisis words it: the element; or, with none, why —
 * outside the island, no rated branch, the sink's room, or the cap.
 */
export function limitingText(row: BusbarCapacityRow, figure: Figure, context: CapacityContext) {
  const value = row[figure];
  if (value.capacityMw === null) return w.buses.outside;
  if (value.limiting !== null) return value.limiting.monitoredName;
  if (context.noRatedBranch) return w.buses.noRated;
  if (context.sinkRoomMw !== null && !reachesCap(value.capacityMw, context.capMw)) {
    return w.buses.atSinkRoom(mwText(context.sinkRoomMw));
  }
  return w.buses.atCap(count(context.capMw));
}

/** The contingency column: the contingency (SOBRECARGA RED COMPLETA for N-0), or «—». */
export function contingencyText(row: BusbarCapacityRow, figure: Figure): string {
  const limiting = row[figure].limiting;
  if (limiting === null) return w.none;
  return limiting.contingencyName ?? w.fullNetwork;
}

/** A bus's flags: why its strict figure is 0, the violation it worsens, its AC check. */
export function busNotes(row: BusbarCapacityRow, context: CapacityContext): string[] {
  const notes: string[] = [];
  if (context.noRatedBranch && row.attributable.capacityMw !== null) {
    notes.push(w.buses.noRatedNote);
  }
  if (row.preExistingLimit) notes.push(w.buses.strictZeroWhy);
  if (row.worsened !== null) {
    notes.push(
      row.worsened.contingencyName === null
        ? w.buses.worsenedBase(row.worsened.monitoredName)
        : w.buses.worsened(row.worsened.monitoredName, row.worsened.contingencyName),
    );
  }
  const check = row.attributable.acCheck;
  if (check !== undefined && check !== null) {
    notes.push(
      !check.converged
        ? w.buses.acNotConverged
        : check.flagged
          ? w.buses.acDiffers
          : w.buses.acAgrees,
    );
  }
  return notes;
}

/** A histogram bin's label, as /analisis' histogram table names it. */
export function binLabel(bin: BusbarHistogramBin): string {
  const c = w.capacity;
  if (bin.kind === 'zero') return c.binZero;
  if (bin.kind === 'cap') return c.binCap(count(bin.toMw));
  return c.binRange(count(bin.fromMw), count(bin.toMw));
}

/** A bin's short label under its bar. */
export function binShort(bin: BusbarHistogramBin): string {
  const c = w.capacity;
  if (bin.kind === 'zero') return c.binZero;
  if (bin.kind === 'cap') return c.binCap(count(bin.toMw));
  return c.binShort(count(bin.fromMw), count(bin.toMw));
}

/** The capacity summary's rows: figure, attributable, strict. */
export function capacitySummaryRows(capacity: CaseReportCapacityDone): [string, string, string][] {
  const { summary } = capacity;
  const context = capacityContext(capacity);
  const r = w.capacity.rows;
  const mw = (value: number | null) => (value === null ? w.none : w.file.mw(mwText(value)));
  const both = (pick: (figure: (typeof summary)['attributable']) => string): [string, string] => [
    pick(summary.attributable),
    pick(summary.strict),
  ];
  return [
    [r.computed, count(summary.computed), count(summary.computed)],
    [r.median, ...both((f) => mw(f.medianMw))],
    [r.min, ...both((f) => mw(f.minMw))],
    [r.max, ...both((f) => mw(f.maxMw))],
    [r.zero, ...both((f) => count(f.zero))],
    [
      context.sinkRoomMw === null
        ? r.atCap(count(summary.capMw))
        : r.atSinkRoom(mwText(context.sinkRoomMw)),
      ...both((f) => count(f.atCap)),
    ],
  ];
}

/** The cover's highlights. */
export function highlights(report: CaseReport): string[] {
  const c = w.cover;
  const { network, n1, baseCase } = report.facts;
  const lines = [
    c.network(
      count(network.counts.buses),
      count(network.counts.branches),
      count(network.counts.generators),
    ),
    c.n1(count(n1.contingencies), count(n1.baseCaseOverloads), count(n1.overloadedPairs)),
  ];
  const top = n1.top[0];
  if (top !== undefined) {
    lines.push(
      c.topLoading(
        esNumber(top.loadingPercent, 1, true),
        top.monitoredName,
        top.contingencyName ?? w.n1.baseCase,
      ),
    );
  }
  const flexibility = report.flexibility;
  if (flexibility !== null) {
    lines.push(
      c.fcitc(
        flexibility.studyGroup?.label ?? w.flexibility.group,
        mwText(flexibility.figures.attributable.fcitcMw),
        mwText(flexibility.figures.strict.fcitcMw),
      ),
    );
  }
  const capacity = report.capacity;
  if (capacity.state === 'done') {
    const { summary } = capacity;
    const context = capacityContext(capacity);
    lines.push(
      c.capacity(
        count(summary.computed),
        summary.attributable.medianMw === null
          ? w.none
          : w.file.mw(mwText(summary.attributable.medianMw)),
      ),
    );
    const lowest = lowestBuses(capacity.rows, 1)[0];
    if (lowest !== undefined) {
      const limiting = lowest.attributable.limiting;
      lines.push(
        c.lowest(
          mwText(lowest.attributable.capacityMw!),
          busLabel(lowest),
          limiting === null
            ? limitingText(lowest, 'attributable', context)
            : reportWords.cover.limitText(
                limiting.monitoredName,
                limiting.contingencyName ?? w.fullNetwork,
              ),
        ),
      );
    }
    lines.push(c.zero(count(summary.attributable.zero), count(summary.strict.zero)));
    if (capacity.approximate > 0) lines.push(c.approximate(count(capacity.approximate)));
    if (capacity.weakGridLimited > 0) {
      const scrMin = capacity.weakGrid?.scrMin ?? 3;
      lines.push(c.weakGrid(count(capacity.weakGridLimited), esNumber(scrMin, 1)));
    }
  } else {
    lines.push(c.capacityMissing);
  }
  const checks = baseCase?.checks.length ?? 0;
  if (checks > 0) lines.push(c.checks(count(checks)));
  return lines;
}

export { flexibilityBaseCase };
