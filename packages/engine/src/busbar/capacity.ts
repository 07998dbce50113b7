import type { BaseCaseReport } from '../base/base-case';
import type { PostRating } from '../contingency/n1';
import { branchDisplayName } from '../model/display-names';
import type { Network } from '../model/network';
import { busDisplayName, busIndex } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import type { AllBusbarOptions } from './all/capacities';
import { rankAllBuses } from './all/capacities';
import type { RankedConstraints } from './all/ranking';
import { busbarStudy, firstSlots } from './setup';
import { isPreExisting } from '../transfer/screen';
import type { SinkRule } from '../transfer/weights';

/**
 * Busbar connection capacity (docs/analysis.md §6): for each candidate bus b, the FCITC of a new unit
 * at b against the sink, with its limiting element and contingency and the first constraints to
 * bind.
 *
 * The transfer of bus b differs from another bus's only in its source column:
 * d_b(x) = PTDF(x,b) − PTDF(x,·)·sink = D(x,b), so no bus runs its own N-1: the buses share one
 * LODF stream and bounds over clusters of close buses, and each bus evaluates exactly only what
 * the bounds leave (all/capacities.ts, whose header gives the stages and their cost). Each bus's
 * `top` smallest T are exact, ties broken as the N-1 screen does.
 */
export interface BusbarCapacityOptions extends Omit<AllBusbarOptions, 'onProgress'> {
  /** As for the flexibility analysis: 'limit' (default) or 'ignore'. */
  readonly preExisting?: 'limit' | 'ignore';
  /** Constraints reported per bus (default 5). */
  readonly top?: number;
}

export interface BusbarConstraint {
  /** 0-based branch rows; contingency −1 is N-0. */
  readonly monitored: number;
  readonly contingency: number;
  readonly monitoredName: string;
  readonly contingencyName: string | null;
  /** LODF(monitored, contingency), 0 for N-0: with `sinkByBus`, what constraintSensitivities needs. */
  readonly lodf: number;
  readonly flowAtZeroMw: number;
  readonly distributionFactor: number;
  readonly limitMw: number;
  readonly transferAtLimitMw: number;
  readonly preExistingViolation: boolean;
}

export interface BusbarCapacity {
  readonly bus: number;
  readonly busNumber: number;
  readonly name: string;
  /** FCITC of a new unit at the bus, capped at capMw. */
  readonly capacityMw: number;
  /** null when the cap binds first. */
  readonly limiting: BusbarConstraint | null;
  /** Up to `top` constraints, T ascending (ties: contingency, monitored). */
  readonly top: BusbarConstraint[];
  /** Always true: every figure is exact (kept for readers of earlier results). */
  readonly exact: boolean;
}

export interface BusbarCapacityResult {
  readonly sink: SinkRule;
  /** The study cap asked for, MW. */
  readonly capMw: number;
  /** What the sink can give (setup.ts); Infinity for a load sink. */
  readonly sinkRoomMw: number;
  /** min(capMw, sinkRoomMw): the figure of a bus where nothing binds before it. */
  readonly effectiveCapMw: number;
  /** The base case analysed: its dispatch and the input checks. */
  readonly baseCase: BaseCaseReport;
  /** The network analysed (the base case's: P0 = the base dispatch), for checks at the limit. */
  readonly network: Network;
  readonly distributionFactorCutoff: number;
  readonly postContingencyRating: PostRating;
  readonly preExisting: 'limit' | 'ignore';
  /** dP/dT of the sink per generator row (≤ 0); the new unit is +1 at its bus. */
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  /** Where the sink withdraws 1 MW, per bus (sums to 1). */
  readonly sinkByBus: Float64Array;
  readonly results: BusbarCapacity[];
  /** Requested buses outside the transfer island (no capacity computed). */
  readonly skippedBuses: number[];
  readonly islandingOutages: number[];
  readonly nContingencies: number;
  readonly nMonitored: number;
  /** The monitored branch rows (rated, above the kV filter): what an AC check should watch. */
  readonly monitored: Int32Array;
  readonly candidatePairs: number;
  /** Exact T evaluations over all buses (the per-bus scans' total work). */
  readonly scannedPairs: number;
  readonly timingsMs: { model: number; boundsAndStreams: number; total: number };
}

export function busbarCapacity(
  input: Network,
  options: BusbarCapacityOptions = {},
  prebuilt?: DcModel,
): BusbarCapacityResult {
  const t0 = performance.now();
  const { model, base, net, setup, requestedCapMw, capMw, cutoff } = busbarStudy(
    input,
    options,
    prebuilt,
  );
  const { ctx } = setup;
  const topN = options.top ?? 5;
  const ignorePre = options.preExisting === 'ignore';
  const t1 = performance.now();
  const run = rankAllBuses(net, model, setup, { ...options, capMw, cutoff, size: topN });
  const { attributable, zeros } = run.rankings;

  const describe = (r: RankedConstraints, at: number): BusbarConstraint => {
    const m = r.monitored[at];
    const k = r.contingency[at];
    const fc = r.flowMw[at];
    const d = r.distributionFactor[at];
    return {
      monitored: m,
      contingency: k,
      monitoredName: branchDisplayName(net, m),
      contingencyName: k >= 0 ? branchDisplayName(net, k) : null,
      lodf: r.lodf[at],
      flowAtZeroMw: fc,
      distributionFactor: d,
      limitMw: r.limitMw[at],
      transferAtLimitMw: r.transferMw[at],
      preExistingViolation: isPreExisting(fc, d, r.limitMw[at]),
    };
  };
  const slotOf = firstSlots(setup.requested);
  const results = setup.buses.map((b): BusbarCapacity => {
    const slot = slotOf.get(b) as number;
    const top: BusbarConstraint[] = [];
    // Strict: every pair at T = 0 (tie-break order), then the attributable ones above 0.
    if (!ignorePre) {
      for (let q = 0; q < zeros.count[slot] && top.length < topN; q++) {
        top.push(describe(zeros, slot * topN + q));
      }
    }
    for (let q = 0; q < attributable.count[slot] && top.length < topN; q++) {
      const at = slot * topN + q;
      if (!ignorePre && attributable.transferMw[at] === 0) continue;
      top.push(describe(attributable, at));
    }
    const first = top[0];
    const limiting = first && first.transferAtLimitMw < capMw ? first : null;
    return {
      bus: b,
      busNumber: net.buses.number[b],
      name: busDisplayName(net, busIndex(b)),
      capacityMw: limiting ? limiting.transferAtLimitMw : capMw,
      limiting,
      top,
      exact: true,
    };
  });
  return {
    sink: setup.sinkRule,
    capMw: requestedCapMw,
    sinkRoomMw: setup.sinkRoomMw,
    effectiveCapMw: capMw,
    baseCase: base.report,
    network: net,
    distributionFactorCutoff: cutoff,
    postContingencyRating: ctx.postRating,
    preExisting: ignorePre ? 'ignore' : 'limit',
    unitParticipation: setup.unitParticipation,
    loadSinkByBus: setup.loadSinkByBus,
    sinkByBus: setup.sinkByBus,
    results,
    skippedBuses: setup.skippedBuses,
    islandingOutages: ctx.islanding,
    nContingencies: ctx.outages.length + ctx.islanding.length,
    nMonitored: ctx.monitored.length,
    monitored: ctx.monitored,
    candidatePairs: run.stats.candidatePairs,
    scannedPairs: run.stats.evaluatedPairs,
    timingsMs: {
      model: t1 - t0,
      boundsAndStreams: run.timingsMs.stream + run.timingsMs.bounds,
      total: performance.now() - t0,
    },
  };
}
