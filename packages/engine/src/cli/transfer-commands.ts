import type { SlackRule } from '../base/base-dispatch';
import type { PostRating } from '../contingency/n1';
import { baseCaseSummary, baseCaseToV1 } from '../report/base-case-v1';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { flexibilityToV1 } from '../report/flexibility-v1';
import { branchDisplayName } from '../model/display-names';
import { busDisplayName, busIndex } from '../model/network';
import { allBusbarCapacities, type BusbarFigures } from '../busbar/all/capacities';
import { busbarCapacity, type BusbarCapacity } from '../busbar/capacity';
import { describeStudyGroup } from '@holgura/contracts';
import { analyseFlexibility } from '../flexibility/analyse';
import type { StudyGroupChoice } from '../study-group/resolve';
import type { Contingency } from '../contingency/sets/contingency-set';
import type { MonitoredDefinition } from '../contingency/sets/psse-mon';
import type { Column, CommandOutput, Table } from './format';

export type PreExisting = 'limit' | 'ignore';

/** What `holgura capacity` passes on; the option parsing lives in program.ts. */
export interface CapacityOptions {
  /** Bus numbers, in the order asked. */
  readonly buses: readonly number[];
  readonly postRating: PostRating;
  readonly capMw?: number;
  /** docs/analysis.md §4: whether violations the case already has limit the connection. */
  readonly preExisting: PreExisting;
  readonly slack?: SlackRule;
}

/** `holgura capacity FILE --bus N [--bus M …]`: busbar connection capacity (docs/analysis.md §6). */
export function capacity(net: Network, options: CapacityOptions): CommandOutput {
  const lookup = makeBusLookup(net.buses.number);
  const result = busbarCapacity(net, {
    buses: options.buses.map((n) => indexOfBus(lookup, n)),
    postRating: options.postRating,
    preExisting: options.preExisting,
    ...(options.capMw === undefined ? {} : { capMw: options.capMw }),
    ...(options.slack === undefined ? {} : { slack: options.slack }),
  });
  const results = result.results.map((r) => busbarCapacityOutput(r, result));
  const baseCase = baseCaseToV1(net, result.baseCase);
  return {
    json: {
      sink: result.sink,
      capMw: result.capMw,
      sinkRoomMw: finiteOrNull(result.sinkRoomMw),
      preExisting: result.preExisting,
      postContingencyRating: result.postContingencyRating,
      distributionFactorCutoff: result.distributionFactorCutoff,
      baseCase,
      results,
    },
    table: {
      ...busbarTable(results),
      summary: [
        `sink: ${result.sink} (room ${roomText(result.sinkRoomMw)}); cap: ${result.capMw} MW; post-contingency rating: ${result.postContingencyRating}`,
        `pre-existing violations: ${result.preExisting === 'limit' ? 'limit the connection' : 'ignored (reported, not limiting)'}`,
        `contingency "-" = base case (N-0); limitedBy: constraint, cap, or sink-room (the sink cannot give more)`,
        ...baseCaseSummary(baseCase),
      ],
    },
  };
}

const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);
const roomText = (mw: number) => (Number.isFinite(mw) ? `${mw.toFixed(1)} MW` : 'unbounded');

/** What `holgura capacity --all` passes on. */
export interface AllCapacityOptions {
  readonly postRating: PostRating;
  readonly capMw?: number;
  /** |d| below which a constraint is left out (a study's option; 0.01 by default). */
  readonly distributionFactorCutoff?: number;
  /** Which figure is `capacityMw`; both are printed. */
  readonly preExisting: PreExisting;
  readonly slack?: SlackRule;
  readonly onProgress?: (fraction: number) => void;
}

/**
 * `holgura capacity FILE --all`: the N-1 capacity of every bus (docs/analysis.md §6 "Every busbar at
 * once"), both figures — strict (pre-existing violations limit) and attributable (they don't) —
 * and the pre-existing violation each bus's injection worsens most. `--pre-existing` chooses
 * which figure is `capacityMw` and its limiting element; the other is printed beside it.
 */
export function allCapacities(net: Network, options: AllCapacityOptions): CommandOutput {
  const result = allBusbarCapacities(net, {
    postRating: options.postRating,
    ...(options.capMw === undefined ? {} : { capMw: options.capMw }),
    ...(options.distributionFactorCutoff === undefined
      ? {}
      : { distributionFactorCutoff: options.distributionFactorCutoff }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    ...(options.slack === undefined ? {} : { slack: options.slack }),
  });
  const baseCase = baseCaseToV1(net, result.baseCase);
  const chosen = options.preExisting === 'limit' ? result.strict : result.attributable;
  const branch = (row: number) => (row < 0 ? null : row + 1);
  const name = (row: number) => (row < 0 ? null : branchDisplayName(net, row));
  const limiting = (figures: BusbarFigures, i: number) => {
    const monitored = figures.monitored[i]!;
    const contingency = monitored < 0 ? -1 : figures.contingency[i]!;
    return {
      limitedBy: monitored >= 0 ? 'constraint' : limitedAtCap(result),
      limitingBranch: branch(monitored),
      monitoredName: name(monitored),
      contingency: branch(contingency),
      contingencyName: name(contingency),
    };
  };
  const results = Array.from(result.buses, (b, i) => {
    const worsened = result.worsened.monitored[i]!;
    const computed = result.status[i] === 0;
    const finite = (value: number) => (computed ? value : null);
    return {
      bus: net.buses.number[b]!,
      name: busDisplayName(net, busIndex(b)),
      baseKv: net.buses.baseKv[b]!,
      area: net.buses.area[b]!,
      inTransferIsland: computed,
      capacityMw: finite(chosen.capacityMw[i]!),
      ...limiting(chosen, i),
      strictMw: finite(result.strict.capacityMw[i]!),
      attributableMw: finite(result.attributable.capacityMw[i]!),
      worsenedViolation:
        worsened < 0
          ? null
          : {
              monitoredBranch: worsened + 1,
              monitoredName: branchDisplayName(net, worsened),
              contingency: branch(result.worsened.contingency[i]!),
              contingencyName: name(result.worsened.contingency[i]!),
            },
    };
  });
  const header = (text: string, decimals?: number): Column =>
    decimals === undefined ? { header: text } : { header: text, decimals };
  return {
    json: {
      sink: result.sink,
      capMw: result.capMw,
      sinkRoomMw: finiteOrNull(result.sinkRoomMw),
      preExisting: options.preExisting,
      postContingencyRating: result.postContingencyRating,
      distributionFactorCutoff: result.distributionFactorCutoff,
      baseCase,
      nContingencies: result.nContingencies,
      nMonitored: result.nMonitored,
      timingsMs: result.timingsMs,
      results,
    },
    table: {
      columns: [
        header('bus'),
        header('name'),
        header('baseKv', 1),
        header('area'),
        header('capacityMw', 1),
        header('limitedBy'),
        header('limitingBranch'),
        header('monitoredName'),
        header('contingency'),
        header('contingencyName'),
        header('strictMw', 1),
        header('attributableMw', 1),
        header('worsenedViolation'),
      ],
      rows: results.map((r) => [
        r.bus,
        r.name,
        r.baseKv,
        r.area,
        r.capacityMw,
        r.limitedBy,
        r.limitingBranch,
        r.monitoredName,
        r.contingency,
        r.contingencyName,
        r.strictMw,
        r.attributableMw,
        r.worsenedViolation === null
          ? null
          : `${r.worsenedViolation.monitoredName} / ${r.worsenedViolation.contingencyName ?? 'N-0'}`,
      ]),
      summary: [
        `${results.length} buses; sink: ${result.sink} (room ${roomText(result.sinkRoomMw)}); cap: ${result.capMw} MW; post-contingency rating: ${result.postContingencyRating}`,
        `capacityMw is the ${options.preExisting === 'limit' ? 'strict figure (pre-existing violations limit)' : 'attributable figure (pre-existing violations ignored)'}; both are printed`,
        `contingency "-" = base case (N-0); limitingBranch "-" = the cap (or the sink's room) binds first; capacity "-" = outside the transfer island`,
        ...baseCaseSummary(baseCase),
      ],
    },
  };
}

export type BusbarCapacityOutput = ReturnType<typeof busbarCapacityOutput>;

/** What sets a figure that no constraint limits: the study cap, or the sink's room below it. */
function limitedAtCap(result: { capMw: number; sinkRoomMw: number }): 'cap' | 'sink-room' {
  return result.sinkRoomMw < result.capMw ? 'sink-room' : 'cap';
}

/** One busbar's capacity as the CLI prints it: 1-based branches, contingency null for N-0. */
export function busbarCapacityOutput(
  r: BusbarCapacity,
  result: { capMw: number; sinkRoomMw: number },
) {
  return {
    bus: r.busNumber,
    name: r.name,
    capacityMw: r.capacityMw,
    limitedBy: r.limiting === null ? limitedAtCap(result) : 'constraint',
    transferAtLimitMw: r.limiting?.transferAtLimitMw ?? null,
    distributionFactor: r.limiting?.distributionFactor ?? null,
    // A .mon interface (monitored < 0) has no branch row; a contingency of several elements of
    // a planner's set has none either (its name says what it takes out).
    limitingBranch:
      r.limiting === null || r.limiting.monitored < 0 ? null : r.limiting.monitored + 1,
    contingency:
      r.limiting === null || r.limiting.contingency < 0 ? null : r.limiting.contingency + 1,
    monitoredName: r.limiting?.monitoredName ?? null,
    contingencyName: r.limiting?.contingencyName ?? null,
    preExistingViolation: r.limiting?.preExistingViolation ?? false,
  };
}

/** Columns and cells of busbar capacities, shared by `capacity` and `study`. */
export const BUSBAR_COLUMNS: readonly Column[] = [
  { header: 'bus' },
  { header: 'name' },
  { header: 'capacityMw', decimals: 1 },
  { header: 'limitedBy' },
  { header: 'limitingBranch' },
  { header: 'monitoredName' },
  { header: 'contingency' },
  { header: 'contingencyName' },
  { header: 'preExistingViolation' },
];

export const busbarCells = (r: BusbarCapacityOutput) => [
  r.bus,
  r.name,
  r.capacityMw,
  r.limitedBy,
  r.limitingBranch,
  r.monitoredName,
  r.contingency,
  r.contingencyName,
  r.preExistingViolation,
];

function busbarTable(results: readonly BusbarCapacityOutput[]): Table {
  return { columns: BUSBAR_COLUMNS, rows: results.map(busbarCells) };
}

export interface FlexOptions {
  readonly postRating: PostRating;
  readonly slack?: SlackRule;
  readonly levels?: number;
  /** The study group; default: docs/analysis.md §5's rule, as the web app applies it. */
  readonly group: StudyGroupChoice;
  /**
   * Issue #30: a planner's contingencies instead of every branch alone, with a .mon's branches
   * as what is watched (its interfaces are not: the flexibility watches branches).
   */
  readonly contingencySet?: {
    readonly file: string;
    readonly contingencies: readonly Contingency[];
    readonly unresolved: number;
    readonly monitored?: MonitoredDefinition;
  };
}

/**
 * `holgura flex FILE [--group area:3] [--levels N]`: the flexibility analysis. JSON: the group
 * (key, label, units, Tmax, reason), both figures (attributable first), the pre-existing
 * violations, and the whole result in its v1 form. CSV and table: the levels, both ways.
 */
export function flex(net: Network, options: FlexOptions): CommandOutput {
  const onSet = options.contingencySet;
  const result = analyseFlexibility(net, {
    postRating: options.postRating,
    group: options.group,
    ...(options.slack === undefined ? {} : { slack: options.slack }),
    ...(options.levels === undefined ? {} : { levels: options.levels }),
    ...(onSet === undefined
      ? {}
      : {
          contingencySet: { contingencies: onSet.contingencies, pickup: 'headroom' as const },
          ...(onSet.monitored === undefined ? {} : { monitored: onSet.monitored.branches }),
        }),
  });
  const v1 = flexibilityToV1(result, describeStudyGroup, net);
  const { studyGroup, figures, preExisting } = v1;
  const limitingName = (id: number | null) => {
    const c = id === null ? undefined : v1.constraints[id - 1];
    return c === undefined
      ? null
      : `${c.monitored.name} / ${c.setContingency?.name ?? c.contingency?.name ?? FULL_NETWORK}`;
  };
  const figureOutput = (figure: (typeof figures)['attributable']) => ({
    fcitcMw: figure.fcitcMw,
    limitingConstraintId: figure.limitingConstraintId,
    limiting: limitingName(figure.limitingConstraintId),
    levels: figure.levels.map((level) => ({
      level: level.level,
      transferMw: level.transferMw,
      flexibilityPercent: level.flexibilityPercent,
      constraints: level.constraintIds.length,
    })),
  });
  const { attributable, strict } = figures;
  const counts = preExisting.counts;
  const baseCase = v1.baseCase;
  return {
    json: {
      studyGroup: { ...studyGroup, unitCount: studyGroup.units.length },
      tmaxMw: v1.tmaxMw,
      figures: { attributable: figureOutput(attributable), strict: figureOutput(strict) },
      preExisting,
      baseCase,
      flexibility: v1,
      timingsMs: result.extra.timingsMs,
    },
    table: {
      columns: FLEX_COLUMNS,
      rows: attributable.levels.map((level, i) => [
        level.level,
        level.transferMw,
        level.flexibilityPercent,
        level.constraintIds.length,
        strict.levels[i]!.flexibilityPercent,
        strict.levels[i]!.constraintIds.length,
      ]),
      summary: [
        `group: ${studyGroup.key} (${studyGroup.label}), ${studyGroup.units.length} units rising, Tmax ${v1.tmaxMw.toFixed(1)} MW`,
        `why: ${studyGroup.reason.code}: ${studyGroup.reason.message}`,
        `FCITC attributable: ${attributable.fcitcMw.toFixed(1)} MW${limitingName(attributable.limitingConstraintId) === null ? ' (Tmax)' : `, limited by ${limitingName(attributable.limitingConstraintId)}`}`,
        `FCITC strict: ${strict.fcitcMw.toFixed(1)} MW${limitingName(strict.limitingConstraintId) === null ? ' (Tmax)' : `, limited by ${limitingName(strict.limitingConstraintId)}`}`,
        `pre-existing violations: ${counts.total} (${counts.worsens} worsened, ${counts.relieves} relieved, ${counts.unaffected} unaffected by the transfer)`,
        ...(onSet === undefined
          ? []
          : [
              `contingencies: ${onSet.file}, ${onSet.contingencies.length} (${result.extra.contingencySet!.skipped.length} not screened: they split the network or leave the source or sink without units), a lost unit's output made up by the others' room up`,
              ...(onSet.unresolved > 0
                ? [
                    `WARNING: ${onSet.unresolved} lines of the files name nothing in the case and were left out (see n1 --contingencies)`,
                  ]
                : []),
              ...((onSet.monitored?.interfaces.some((i) => i.limitMw !== null) ?? false)
                ? ['the .mon interfaces are not watched by flex (capacity and n1 watch them)']
                : []),
            ]),
        ...baseCaseSummary(baseCase),
      ],
    },
  };
}

/** Spec §3: a constraint without a contingency element. */
const FULL_NETWORK = 'SOBRECARGA RED COMPLETA';

const FLEX_COLUMNS: readonly Column[] = [
  { header: 'level' },
  { header: 'transferMw', decimals: 1 },
  { header: 'attributablePercent', decimals: 1 },
  { header: 'attributableConstraints' },
  { header: 'strictPercent', decimals: 1 },
  { header: 'strictConstraints' },
];
