import type { PostRating } from '../contingency/n1';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { flexibilityToV1 } from '../report/flexibility-v1';
import { busbarCapacity, type BusbarCapacity } from '../transfer/busbar-capacity';
import { describeStudyGroup } from '@holgura/contracts';
import { analyseFlexibility } from '../transfer/flexibility';
import type { StudyGroupChoice } from '../transfer/study-group';
import type { Column, CommandOutput, Table } from './format';

export type PreExisting = 'limit' | 'ignore';

/** What `holgura capacity` passes on; the option parsing lives in program.ts. */
export interface CapacityOptions {
  /** Bus numbers, in the order asked. */
  readonly buses: readonly number[];
  readonly postRating: PostRating;
  readonly capMw?: number;
  /** ANALYSIS.md §4: whether violations the case already has limit the connection. */
  readonly preExisting: PreExisting;
}

/** `holgura capacity FILE --bus N [--bus M …]`: busbar connection capacity (ANALYSIS.md §6). */
export function capacity(net: Network, options: CapacityOptions): CommandOutput {
  const lookup = makeBusLookup(net.buses.number);
  const result = busbarCapacity(net, {
    buses: options.buses.map((n) => indexOfBus(lookup, n)),
    postRating: options.postRating,
    preExisting: options.preExisting,
    ...(options.capMw === undefined ? {} : { capMw: options.capMw }),
  });
  const results = result.results.map(busbarCapacityOutput);
  return {
    json: {
      sink: result.sink,
      capMw: result.capMw,
      preExisting: result.preExisting,
      results,
    },
    table: {
      ...busbarTable(results),
      summary: [
        `sink: ${result.sink}; cap: ${result.capMw} MW; post-contingency rating: ${result.postContingencyRating}`,
        `pre-existing violations: ${result.preExisting === 'limit' ? 'limit the connection' : 'ignored (reported, not limiting)'}`,
        `contingency "-" = base case (N-0); limitingBranch "-" = the cap binds first`,
      ],
    },
  };
}

export type BusbarCapacityOutput = ReturnType<typeof busbarCapacityOutput>;

/** One busbar's capacity as the CLI prints it: 1-based branches, contingency null for N-0. */
export function busbarCapacityOutput(r: BusbarCapacity) {
  return {
    bus: r.busNumber,
    name: r.name,
    capacityMw: r.capacityMw,
    limitingBranch: r.limiting === null ? null : r.limiting.monitored + 1,
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
  readonly levels?: number;
  /** The study group; default: ANALYSIS.md §5's rule, as the web app applies it. */
  readonly group: StudyGroupChoice;
}

/**
 * `holgura flex FILE [--group area:3] [--levels N]`: the flexibility analysis. JSON: the group
 * (key, label, units, Tmax, reason), both figures (attributable first), the pre-existing
 * violations, and the whole result in its v1 form. CSV and table: the levels, both ways.
 */
export function flex(net: Network, options: FlexOptions): CommandOutput {
  const result = analyseFlexibility(net, {
    postRating: options.postRating,
    group: options.group,
    ...(options.levels === undefined ? {} : { levels: options.levels }),
  });
  const v1 = flexibilityToV1(result, describeStudyGroup);
  const { studyGroup, figures, preExisting } = v1;
  const limitingName = (id: number | null) => {
    const c = id === null ? undefined : v1.constraints[id - 1];
    return c === undefined ? null : `${c.monitored.name} / ${c.contingency?.name ?? FULL_NETWORK}`;
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
  return {
    json: {
      studyGroup: { ...studyGroup, unitCount: studyGroup.units.length },
      tmaxMw: v1.tmaxMw,
      figures: { attributable: figureOutput(attributable), strict: figureOutput(strict) },
      preExisting,
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
