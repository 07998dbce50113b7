import type { PostRating } from '../contingency/n1';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { flexibilityToV1 } from '../report/flexibility-v1';
import { busbarCapacity, type BusbarCapacity } from '../transfer/busbar-capacity';
import { analyseFlexibility } from '../transfer/flexibility';
import { EngineError } from '../util/engine-error';
import type { Flags } from './commands';

function integers(raw: string | undefined, name: string): number[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((s) => {
    const v = Number(s.trim());
    if (!Number.isInteger(v))
      throw new EngineError('CLI_USAGE', `--${name}: '${s}' is not an integer`);
    return v;
  });
}

function postRating(flags: Flags): PostRating {
  const rule = (flags['post-rating'] ?? 'emergency') as PostRating;
  if (!['A', 'B', 'C', 'emergency'].includes(rule)) {
    throw new EngineError('CLI_USAGE', '--post-rating must be A, B or C');
  }
  return rule;
}

/** `holgura capacity FILE --bus N [--bus M …]`: busbar connection capacity (ANALYSIS.md §6). */
export function capacity(net: Network, flags: Flags): unknown {
  const numbers = integers(flags.bus, 'bus');
  if (numbers.length === 0) throw new EngineError('CLI_USAGE', '--bus is required');
  const lookup = makeBusLookup(net.buses.number);
  const cap = flags.cap === undefined ? undefined : Number(flags.cap);
  if (cap !== undefined && !(cap > 0)) throw new EngineError('CLI_USAGE', '--cap must be MW > 0');
  const result = busbarCapacity(net, {
    buses: numbers.map((n) => indexOfBus(lookup, n)),
    postRating: postRating(flags),
    ...(cap === undefined ? {} : { capMw: cap }),
  });
  return {
    sink: result.sink,
    capMw: result.capMw,
    results: result.results.map(busbarCapacityOutput),
  };
}

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

/** `holgura flex FILE [--levels N] [--group-gens 3,4,7]`: the flexibility analysis, v1 form. */
export function flex(net: Network, flags: Flags): unknown {
  const levels = flags.levels === undefined ? undefined : Number(flags.levels);
  if (levels !== undefined && !(Number.isInteger(levels) && levels > 0)) {
    throw new EngineError('CLI_USAGE', '--levels must be a positive integer');
  }
  const generators = integers(flags['group-gens'], 'group-gens').map((g) => g - 1);
  const result = analyseFlexibility(net, {
    postRating: postRating(flags),
    ...(levels === undefined ? {} : { levels }),
    ...(generators.length === 0 ? {} : { studyGroup: { rule: 'named' as const, generators } }),
  });
  return { flexibility: flexibilityToV1(result), timingsMs: result.extra.timingsMs };
}
