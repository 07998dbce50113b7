import { lodfRowOf } from '../sensitivity/dfactors';
import type { BusCounters, LodfRows, WorsenedViolations } from './all-busbars-bus';
import { evaluateBus } from './all-busbars-bus';
import { setCandidates } from './all-busbars-cluster';
import type { GroupColumnSolver } from './all-busbars-columns';
import { makeGroupColumnSolver } from './all-busbars-columns';
import type { AllBusbarsContext } from './all-busbars-context';
import type { RankedConstraints } from './all-busbars-ranking';
import { Ranking, makeRankedConstraints } from './all-busbars-ranking';
import type { OutageStream } from './all-busbars-stream';

/**
 * The per-group stage of the all-busbar capacity (all-busbars.ts), the same on the main thread
 * and in a worker: a group's columns, its bounds, each cluster's bounds and each bus's exact
 * ranking, written at the bus's slot in arrays that may be shared between threads.
 */
export interface RankParams {
  readonly capMw: number;
  readonly cutoff: number;
  /** Entries ranked per bus. */
  readonly size: number;
  readonly rowCacheMb: number;
}

/** A group of buses in clusters (bus indices) and the result slot of each bus. */
export interface BusGroup {
  readonly clusters: number[][];
  readonly slots: number[][];
}

/** Every bus's rankings and worsened violation, by slot. */
export interface BusRankings {
  readonly attributable: RankedConstraints;
  readonly zeros: RankedConstraints;
  readonly worsened: WorsenedViolations;
}

export function makeBusRankings(
  slots: number,
  size: number,
  alloc: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes),
): BusRankings {
  return {
    attributable: makeRankedConstraints(slots, size, alloc),
    zeros: makeRankedConstraints(slots, size, alloc),
    worsened: {
      monitored: new Int32Array(alloc(4 * slots)).fill(-1),
      contingency: new Int32Array(alloc(4 * slots)).fill(-1),
      distributionFactor: new Float64Array(alloc(8 * slots)),
    },
  };
}

export interface GroupRunner {
  run(group: BusGroup): void;
  readonly counters: BusCounters & { candidatePairs: number; clusters: number; rowsSolved: number };
  readonly timingsMs: { columns: number; bounds: number; buses: number };
}

export function makeGroupRunner(
  ctx: AllBusbarsContext,
  stream: OutageStream,
  out: BusRankings,
  params: RankParams,
  maxBuses: number,
  maxClusters: number,
): GroupRunner {
  const { capMw, cutoff, size } = params;
  const solver: GroupColumnSolver = makeGroupColumnSolver(ctx, maxBuses, maxClusters);
  const rows = makeRowCache(ctx, stream, params.rowCacheMb);
  const counters = {
    evaluated: 0,
    rowsEvaluated: 0,
    candidatePairs: 0,
    clusters: 0,
    rowsSolved: 0,
  };
  const timingsMs = { columns: 0, bounds: 0, buses: 0 };
  const input = {
    ctx,
    stream,
    cutoff,
    rows: rows.get,
    counters,
    attributable: new Ranking(out.attributable, capMw),
    zeros: new Ranking(out.zeros, 0),
    worsened: out.worsened,
  };
  return {
    counters,
    timingsMs,
    run(group) {
      const t0 = performance.now();
      const cols = solver.solve(group.clusters);
      const t1 = performance.now();
      const groupCand = setCandidates(ctx, stream, null, cols.group, capMw, cutoff, size, false);
      timingsMs.columns += t1 - t0;
      timingsMs.bounds += performance.now() - t1;
      for (let q = 0; q < group.clusters.length; q++) {
        const c0 = performance.now();
        const cand = setCandidates(
          ctx,
          stream,
          groupCand,
          cols.clusters[q],
          capMw,
          cutoff,
          size,
          true,
        );
        const c1 = performance.now();
        counters.candidatePairs += cand.significant.count;
        counters.clusters++;
        const first = cols.clusterStart[q];
        group.slots[q].forEach((slot, j) => {
          const col = { values: cols.values, offset: (first + j) * cols.stride, nl: ctx.nl };
          evaluateBus(input, cand, col, cols.outageReach[first + j], slot);
        });
        timingsMs.bounds += c1 - c0;
        timingsMs.buses += performance.now() - c1;
      }
      counters.rowsSolved = rows.solved();
    },
  };
}

/** LODF rows of monitored branches, solved when first needed, least recently used dropped. */
function makeRowCache(
  ctx: AllBusbarsContext,
  stream: OutageStream,
  budgetMb: number,
): { get: LodfRows; solved: () => number } {
  const nb = ctx.reduced.nBus;
  const ws = { injection: new Float64Array(nb), theta: new Float64Array(nb) };
  const branches = { fromBus: ctx.fromBus, toBus: ctx.toBus, b: ctx.branchB };
  const cache = new Map<number, Float64Array>();
  const nOut = Math.max(1, ctx.outages.length);
  const most = Math.max(4, Math.floor((budgetMb * 2 ** 20) / (8 * nOut)));
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
    const m = ctx.monitored[i];
    lodfRowOf(ctx.reduced, branches, ws, m, ctx.outages, stream.outageScale, row);
    solved++;
    cache.set(i, row);
    return row;
  };
  return { get, solved: () => solved };
}
