import type { PostRating } from '../contingency/n1';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { flexibilityToV1 } from '../report/flexibility-v1';
import { busbarCapacity, type BusbarCapacity } from '../transfer/busbar-capacity';
import { analyseFlexibility } from '../transfer/flexibility';
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
  /** 1-based generator rows of a named study group; empty = every unit with headroom. */
  readonly groupGens: readonly number[];
}

/** `holgura flex FILE [--levels N] [--group-gens 3,4,7]`: the flexibility analysis, v1 form. */
export function flex(net: Network, options: FlexOptions): CommandOutput {
  const generators = options.groupGens.map((g) => g - 1);
  const result = analyseFlexibility(net, {
    postRating: options.postRating,
    ...(options.levels === undefined ? {} : { levels: options.levels }),
    ...(generators.length === 0 ? {} : { studyGroup: { rule: 'named' as const, generators } }),
  });
  return { json: { flexibility: flexibilityToV1(result), timingsMs: result.extra.timingsMs } };
}
