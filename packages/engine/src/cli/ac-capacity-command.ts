import { acVerifiedCapacities } from '../busbar/ac-capacities';
import { acVerifiedCapacity, type AcCapacity, type AcViolation } from '../busbar/ac-capacity';
import type { PostRating } from '../contingency/n1';
import { acVerifiedCapacityOnSet } from '../contingency/sets/ac-capacity-on-set';
import type { ContingencySet } from '../contingency/sets/contingency-set';
import type { GenerationPickup } from '../contingency/sets/outage-flows';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import type { SlackRule } from '../base/base-dispatch';
import type { CommandOutput } from './format';

/** What `capacity --ac` needs: the capacity's own settings, and the set when it has one. */
export interface CapacityAcOptions {
  readonly capMw?: number;
  readonly postRating: PostRating;
  readonly preExisting: 'limit' | 'ignore';
  readonly slack?: SlackRule;
  readonly set?: {
    readonly set: ContingencySet;
    readonly pickup: GenerationPickup;
    readonly monitored?: ArrayLike<number>;
  };
}

type CapacityRow = { bus: number; capacityMw: number | null } & Record<string, unknown>;

/** An AC violation for the output: 1-based rows, bus numbers, NaN as null. */
function violationOutput(net: Network, v: AcViolation, set: ContingencySet | undefined) {
  const byBus = v.variable === 'voltage' || v.variable === 'reactive-power';
  return {
    variable: v.variable,
    // A branch row (1-based) for thermal, a bus number for voltage and reactive power.
    element: v.element < 0 ? null : byBus ? net.buses.number[v.element]! : v.element + 1,
    elementName: v.elementName,
    contingency:
      v.contingency < 0
        ? null
        : set === undefined
          ? v.contingency + 1
          : (set.contingencies[v.contingency]?.label ?? null),
    contingencyName: v.contingencyName,
    value: Number.isFinite(v.value) ? v.value : null,
    limit: Number.isFinite(v.limit) ? v.limit : null,
  };
}

/**
 * `capacity --bus … --ac` (issue #31): each bus's DC figure verified with AC power flows
 * (busbar/ac-capacity.ts) — `capacityMw` becomes the AC figure, `dcMw` keeps the DC one,
 * `limitingVariable` names what sets it ('thermal', 'voltage', 'reactive-power',
 * 'non-convergence'; null where the cap does and AC agrees) and `acLimiting` the element or bus
 * and the contingency.
 */
export function withAcVerification(
  output: CommandOutput,
  net: Network,
  options: CapacityAcOptions,
): CommandOutput {
  const lookup = makeBusLookup(net.buses.number);
  const common = commonOptions(options);
  const onSet = options.set;
  return mergeAc(output, net, onSet?.set, (busNumber) => {
    const bus = indexOfBus(lookup, busNumber);
    return onSet === undefined
      ? acVerifiedCapacity(net, bus, common)
      : acVerifiedCapacityOnSet(net, bus, onSet.set.contingencies, {
          ...common,
          pickup: onSet.pickup,
          ...(onSet.monitored === undefined ? {} : { monitored: onSet.monitored }),
        });
  });
}

/**
 * `capacity --all --ac`: every bus's figure verified in AC, in one batch (busbar/ac-capacities.ts:
 * one AC solver for the case, each outage's 0 MW state solved once for all buses).
 */
export function withAllAcVerification(
  output: CommandOutput,
  net: Network,
  options: CapacityAcOptions & { readonly onBus?: (done: number, total: number) => void },
): CommandOutput {
  const batch = acVerifiedCapacities(net, {
    ...commonOptions(options),
    figure: options.preExisting === 'limit' ? 'strict' : 'attributable',
    ...(options.onBus === undefined ? {} : { onBus: options.onBus }),
  });
  const byBus = new Map(batch.results.map((r) => [r.busNumber, r]));
  return mergeAc(output, net, undefined, (busNumber) => byBus.get(busNumber) ?? null);
}

function commonOptions(options: CapacityAcOptions) {
  return {
    postRating: options.postRating,
    preExisting: options.preExisting,
    ...(options.capMw === undefined ? {} : { capMw: options.capMw }),
    ...(options.slack === undefined ? {} : { slack: options.slack }),
  };
}

/** The capacity output's rows with their AC figures (a row without a figure: nulls). */
function mergeAc(
  output: CommandOutput,
  net: Network,
  set: ContingencySet | undefined,
  acOf: (busNumber: number) => AcCapacity | null,
): CommandOutput {
  const json = output.json as { results: CapacityRow[] };
  const results = json.results.map((row) => {
    const r = row.capacityMw === null ? null : acOf(row.bus);
    if (r === null) {
      return { ...row, dcMw: null, acMw: null, limitingVariable: null, acLimiting: null };
    }
    const onSet = set === undefined ? undefined : { set };
    return {
      ...row,
      capacityMw: r.acMw,
      dcMw: r.dcMw,
      acMw: r.acMw,
      limitingVariable: r.limitingVariable,
      acLimiting: r.acLimiting === null ? null : violationOutput(net, r.acLimiting, onSet?.set),
      acCheckedContingencies: r.checkedContingencies.length - 1,
      acPreExisting: r.preExisting.map((v) => violationOutput(net, v, onSet?.set)),
      acPowerFlows: r.powerFlows,
    };
  });
  const table = output.table;
  return {
    json: { ...json, results },
    ...(table === undefined
      ? {}
      : {
          table: {
            ...table,
            columns: [
              ...table.columns,
              { header: 'dcMw', decimals: 1 },
              { header: 'acMw', decimals: 1 },
              { header: 'limitingVariable' },
              { header: 'acLimiting' },
              { header: 'acContingency' },
            ],
            rows: table.rows.map((cells, i) => {
              const r = results[i]!;
              const at = table.columns.findIndex((c) => c.header === 'capacityMw');
              const shown = cells.map((cell, c) => (c === at ? r.capacityMw : cell));
              const lim = r.acLimiting;
              return [
                ...shown,
                r.dcMw,
                r.acMw,
                r.limitingVariable,
                lim?.elementName ?? null,
                lim === null ? null : (lim.contingencyName ?? 'N-0'),
              ];
            }),
            summary: [
              ...(table.summary ?? []),
              'ac: Newton power flows with reactive limits (PV→PQ) at the injection, in N-0 and at least 10 contingencies (the DC ranking and the bus own branches); branch MVA against the rating in use, voltages against each bus limits, the reference units reactive range; capacityMw is the largest MW that passes (to 0.1 MW), limits already broken at 0 MW apart',
            ],
          },
        }),
  };
}
