import type { PostRating } from '../contingency/n1';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel } from '../powerflow/dcpf';
import { lodfRow, makeDfactors } from '../sensitivity/dfactors';
import type { BusCounters, BusbarTables, LodfRows } from './all-busbars-bus';
import { evaluateBus, makeBusbarTables } from './all-busbars-bus';
import { setCandidates } from './all-busbars-cluster';
import { makeGroupColumnSolver } from './all-busbars-columns';
import type { OutageStream } from './all-busbars-stream';
import {
  byMonitored,
  foldBaseCase,
  makeOutageStream,
  streamOutagePairs,
} from './all-busbars-stream';
import { clusterBuses } from './busbar-clusters';
import type { BusbarSetupOptions } from './busbar-setup';
import { busbarSetup } from './busbar-setup';
import type { SinkRule } from './types';

/**
 * The N-1 capacity of every busbar at once (ANALYSIS.md §6, "Every busbar at once"): for each
 * bus, the FCITC of a new unit there against the sink, both strict and attributable, with the
 * pre-existing violation it worsens most. Equal, bus for bus, to busbarCapacity with
 * preExisting 'limit' and 'ignore'.
 *
 * Stages:
 *   1. one LODF stream for the job (all-busbars-stream.ts): pairs with |LODF| ≥ ε and pairs at
 *      their limit kept, the rest folded into one envelope per monitored branch;
 *   2. buses grouped into clusters of close buses (busbar-clusters.ts);
 *   3. per cluster: its columns D(·, b) solved once, and bounds that discard, for all its buses
 *      at once, most significant pairs and most envelopes (all-busbars-cluster.ts);
 *   4. per bus: exact T of what is left, with early stops; where a branch's envelope still
 *      binds, its whole LODF row (one solve, kept while used) is evaluated exactly
 *      (all-busbars-bus.ts).
 *
 * Cost, with nB buses in G = nB/s clusters of s buses, nL branches, nO outages, nM monitored,
 * S significant pairs (a few % of nM·nO): nO + nB sparse solves plus one per monitored row
 * used; O(nM·nO) in the stream (as the N-1 screen); O(s·nL) per cluster for its columns and
 * spreads, O(S + nM) per cluster for its bounds; per bus, O(survivors + nO·rows used). Memory:
 * O(S) for the stream, O(s·nL) for one cluster's columns, the rows cache (bounded), and the
 * per-bus result arrays.
 */
export interface AllBusbarOptions extends BusbarSetupOptions {
  /** The study cap, MW (default 2000). */
  readonly capMw?: number;
  readonly distributionFactorCutoff?: number;
  /**
   * Pairs with |LODF| under this are folded into their monitored branch's envelope (default
   * 0.005): smaller keeps more pairs, larger makes envelopes looser (more rows evaluated).
   */
  readonly lodfEpsilon?: number;
  /** Buses per cluster (default 64). */
  readonly clusterSize?: number;
  /** Clusters per group (default 8): a group's columns are in memory at once. */
  readonly clustersPerGroup?: number;
  /** Most monitored LODF rows kept between buses, in MB (default 64). */
  readonly rowCacheMb?: number;
  /** Called with the fraction done, between 0 and 1, as the job goes. */
  readonly onProgress?: (fraction: number) => void;
}

/** Per requested bus: computed, or outside the transfer island. */
export const BusbarStatus = { computed: 0, outsideIsland: 1 } as const;

export interface AllBusbarResult extends BusbarTables {
  readonly sink: SinkRule;
  readonly capMw: number;
  readonly distributionFactorCutoff: number;
  readonly postContingencyRating: PostRating;
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  readonly sinkByBus: Float64Array;
  /** The requested buses (0-based), in order; every per-bus array follows this order. */
  readonly buses: Int32Array;
  /** BusbarStatus per bus. */
  readonly status: Uint8Array;
  readonly islandingOutages: number[];
  readonly nContingencies: number;
  readonly nMonitored: number;
  readonly stats: {
    readonly significantPairs: number;
    readonly atLimitPairs: number;
    readonly clusters: number;
    /** Pairs left by the cluster bounds, summed over clusters. */
    readonly candidatePairs: number;
    /** Exact T evaluations, all buses. */
    readonly evaluatedPairs: number;
    /** Monitored rows evaluated at a bus / rows solved for. */
    readonly rowsEvaluated: number;
    readonly rowsSolved: number;
  };
  /** Wall time per stage: buses is the per-bus exact evaluation alone. */
  readonly timingsMs: {
    setup: number;
    stream: number;
    columns: number;
    bounds: number;
    buses: number;
    total: number;
  };
}

export function allBusbarCapacities(
  net: Network,
  options: AllBusbarOptions = {},
  prebuilt?: DcModel,
): AllBusbarResult {
  const t0 = performance.now();
  const model = prebuilt ?? buildDcModel(net);
  const setup = busbarSetup(net, model, options);
  const { ctx } = setup;
  const capMw = options.capMw ?? 2000;
  const cutoff = options.distributionFactorCutoff ?? 0.01;
  const progress = options.onProgress ?? (() => undefined);
  const nMon = ctx.monitored.length;
  const nOut = ctx.outages.length;
  const t1 = performance.now();

  const stream = makeOutageStream(nMon, nOut);
  foldBaseCase(ctx, stream);
  // Nothing monitored: no pair can bind, so no outage needs solving.
  if (nMon > 0) streamOutagePairs(ctx, options.lodfEpsilon ?? 0.03, 0, nOut, stream);
  stream.significant = byMonitored(stream.significant, nMon);
  // The stream is about as long as the N-1 screen; the buses, about as long again.
  progress(0.4);
  const t2 = performance.now();

  const tables = makeBusbarTables(setup.requested.length);
  const slotOf = new Map<number, number>();
  setup.requested.forEach((b, j) => slotOf.set(b, j));
  const status = new Uint8Array(setup.requested.length);
  for (const b of setup.skippedBuses) status[slotOf.get(b) as number] = BusbarStatus.outsideIsland;

  const rows = makeRowCache(ctx.model, ctx, stream, options.rowCacheMb ?? 64);
  const counters: BusCounters = { evaluated: 0, rowsEvaluated: 0 };
  const input = { ctx, stream, capMw, cutoff, rows: rows.get, counters };
  const clusterSize = options.clusterSize ?? 64;
  const perGroup = options.clustersPerGroup ?? 8;
  const { branchActive } = model.active;
  const groups = clusterBuses(net, branchActive, setup.buses, clusterSize * perGroup).map((g) =>
    clusterBuses(net, branchActive, g, clusterSize),
  );
  const maxBuses = groups.reduce((s, g) => Math.max(s, g.flat().length), 0);
  const maxClusters = groups.reduce((s, g) => Math.max(s, g.length), 0);
  const solver = makeGroupColumnSolver(model, setup.sinkFlow, ctx.outages, maxBuses, maxClusters);
  let candidatePairs = 0;
  let nClusters = 0;
  let done = 0;
  let columnsMs = 0;
  let boundsMs = 0;
  for (const group of groups) {
    const g0 = performance.now();
    const cols = solver.solve(group);
    const g1 = performance.now();
    columnsMs += g1 - g0;
    const groupCand = setCandidates(ctx, stream, null, cols.group, capMw, cutoff, false);
    boundsMs += performance.now() - g1;
    for (let q = 0; q < group.length; q++) {
      const c0 = performance.now();
      const cand = setCandidates(ctx, stream, groupCand, cols.clusters[q], capMw, cutoff, true);
      boundsMs += performance.now() - c0;
      candidatePairs += cand.significant.count;
      nClusters++;
      for (let j = cols.clusterStart[q]; j < cols.clusterStart[q + 1]; j++) {
        const slot = slotOf.get(cols.busAt[j]) as number;
        const col = { values: cols.values, offset: j * cols.stride, nl: cols.stride - 1 };
        evaluateBus(input, cand, col, cols.outageReach[j], tables, slot);
      }
    }
    done += cols.busAt.length;
    progress(0.4 + (0.6 * done) / Math.max(1, setup.buses.length));
  }
  const t3 = performance.now();
  return {
    ...tables,
    sink: setup.sinkRule,
    capMw,
    distributionFactorCutoff: cutoff,
    postContingencyRating: ctx.postRating,
    unitParticipation: setup.unitParticipation,
    loadSinkByBus: setup.loadSinkByBus,
    sinkByBus: setup.sinkByBus,
    buses: Int32Array.from(setup.requested),
    status,
    islandingOutages: ctx.islanding,
    nContingencies: ctx.outages.length + ctx.islanding.length,
    nMonitored: nMon,
    stats: {
      significantPairs: stream.significant.count,
      atLimitPairs: stream.atLimit.count,
      clusters: nClusters,
      candidatePairs,
      evaluatedPairs: counters.evaluated,
      rowsEvaluated: counters.rowsEvaluated,
      rowsSolved: rows.solved(),
    },
    timingsMs: {
      setup: t1 - t0,
      stream: t2 - t1,
      columns: columnsMs,
      bounds: boundsMs,
      buses: t3 - t2 - columnsMs - boundsMs,
      total: t3 - t0,
    },
  };
}

/** LODF rows of monitored branches, solved when first needed, least recently used dropped. */
function makeRowCache(
  model: DcModel,
  ctx: { monitored: Int32Array; outages: Int32Array },
  stream: OutageStream,
  budgetMb: number,
): { get: LodfRows; solved: () => number } {
  const d = makeDfactors(model);
  const cache = new Map<number, Float64Array>();
  const most = Math.max(
    4,
    Math.floor((budgetMb * 2 ** 20) / (8 * Math.max(1, ctx.outages.length))),
  );
  let solved = 0;
  const get = (i: number): Float64Array => {
    const hit = cache.get(i);
    if (hit) {
      cache.delete(i);
      cache.set(i, hit);
      return hit;
    }
    let row: Float64Array;
    if (cache.size >= most) {
      const [oldest, reused] = cache.entries().next().value as [number, Float64Array];
      cache.delete(oldest);
      row = reused;
    } else row = new Float64Array(ctx.outages.length);
    lodfRow(d, ctx.monitored[i], ctx.outages, stream.outageScale, row);
    solved++;
    cache.set(i, row);
    return row;
  };
  return { get, solved: () => solved };
}
