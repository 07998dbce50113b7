import { lodfRowOf } from '../../sensitivity/dfactors';
import type { BusCounters, LodfRows, RowScan, WorsenedViolations } from './bus';
import { ROW_CLASSES, ROW_RUN, evaluateBus } from './bus';
import { setCandidates } from './cluster-bounds';
import type { GroupColumnSolver } from './columns';
import { makeGroupColumnSolver } from './columns';
import type { AllBusbarsContext } from './context';
import type { RankedConstraints } from './ranking';
import { Ranking, makeRankedConstraints } from './ranking';
import type { OutageStream } from './stream';

/**
 * The per-group stage of the all-busbar capacity (capacities.ts), the same on the main thread
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

/**
 * LODF rows of monitored branches, solved when first needed, least recently used dropped; each
 * with its pairs of |LODF| < ε by class of |LODF|, then room (RowScan), bucketed: O(outages) a
 * row.
 */
function makeRowCache(
  ctx: AllBusbarsContext,
  stream: OutageStream,
  budgetMb: number,
): { get: LodfRows; solved: () => number } {
  const nb = ctx.reduced.nBus;
  const ws = { injection: new Float64Array(nb), theta: new Float64Array(nb) };
  const branches = { fromBus: ctx.fromBus, toBus: ctx.toBus, b: ctx.branchB };
  const { outages, monitored, baseFlowMw: f, limitPostMw } = ctx;
  const cache = new Map<number, RowScan>();
  const nOut = Math.max(1, outages.length);
  // 12.5 bytes an outage: LODF, position, and per run of ROW_RUN its room and |LODF|.
  const most = Math.max(4, Math.floor((budgetMb * 2 ** 20) / (12.5 * nOut)));
  // A pair the stream folded has |LODF| < ε; the row's own LODF may differ in the last bits.
  const folded = stream.epsilon * (1 + 1e-6);
  const key = new Float64Array(nOut);
  const classOf = new Int32Array(nOut);
  const bucketOf = new Int32Array(nOut);
  const unsorted = new Int32Array(nOut);
  const roomAt = new Float64Array(nOut);
  const bucketStart = new Int32Array(ROW_CLASSES * ROW_BUCKETS + 1);
  const top = new Float64Array(ROW_CLASSES);
  let solved = 0;
  const fill = (i: number, scan: RowScan): void => {
    const m = monitored[i];
    const row = scan.lodf;
    lodfRowOf(ctx.reduced, branches, ws, m, outages, stream.outageScale, row);
    solved++;
    const fm = f[m];
    const L = limitPostMw[i];
    let n = 0;
    top.fill(0);
    for (let kk = 0; kk < outages.length; kk++) {
      const k = outages[kk];
      const l = Math.abs(row[kk]);
      if (k === m || !(l < folded)) continue;
      const fc = fm + row[kk] * f[k];
      const up = L - fc;
      const down = L + fc;
      const c = l > 0 ? Math.min(ROW_CLASSES - 1, Math.floor(Math.log2(stream.epsilon / l))) : -1;
      const cls = c < 0 ? (l > 0 ? 0 : ROW_CLASSES - 1) : c;
      unsorted[n] = kk;
      classOf[n] = cls;
      key[n] = up > 0 ? (down > 0 ? Math.min(up, down) : up) : down;
      if (key[n] > top[cls]) top[cls] = key[n];
      n++;
    }
    // By class, then by room to bucket precision, each room lowered to its bucket's lower edge.
    bucketStart.fill(0);
    for (let j = 0; j < n; j++) {
      const c = classOf[j];
      const width = top[c] / ROW_BUCKETS;
      const b = width > 0 ? Math.min(ROW_BUCKETS - 1, Math.floor(key[j] / width)) : 0;
      bucketOf[j] = c * ROW_BUCKETS + b;
      bucketStart[bucketOf[j] + 1]++;
    }
    for (let b = 0; b < ROW_CLASSES * ROW_BUCKETS; b++) bucketStart[b + 1] += bucketStart[b];
    for (let c = 0; c <= ROW_CLASSES; c++) scan.classStart[c] = bucketStart[c * ROW_BUCKETS];
    for (let j = 0; j < n; j++) {
      const cb = bucketOf[j];
      const at = bucketStart[cb]++;
      scan.order[at] = unsorted[j];
      roomAt[at] = Math.min(key[j], (cb % ROW_BUCKETS) * (top[classOf[j]] / ROW_BUCKETS));
    }
    // Runs of each class: the room at each run's start (rounded down to single precision)
    // and the largest |LODF| from it to the class's end (rounded up).
    for (let c = 0; c < ROW_CLASSES; c++) {
      const from = scan.classStart[c];
      const count = scan.classStart[c + 1] - from;
      const runs = Math.ceil(count / ROW_RUN);
      const r0 = scan.runStart[c];
      scan.runStart[c + 1] = r0 + runs;
      let after = 0;
      for (let r = runs - 1; r >= 0; r--) {
        const end = Math.min(count, (r + 1) * ROW_RUN);
        for (let j = from + r * ROW_RUN; j < from + end; j++) {
          after = Math.max(after, Math.abs(row[scan.order[j]]));
        }
        scan.lodfAfter[r0 + r] = after;
        if (scan.lodfAfter[r0 + r] < after) scan.lodfAfter[r0 + r] = nextUp32(after);
        const room = roomAt[from + r * ROW_RUN];
        scan.runRoom[r0 + r] = room;
        if (scan.runRoom[r0 + r] > room) scan.runRoom[r0 + r] = nextDown32(room);
      }
    }
  };
  const get = (i: number): RowScan => {
    const hit = cache.get(i);
    if (hit) {
      cache.delete(i);
      cache.set(i, hit);
      return hit;
    }
    let scan: RowScan;
    if (cache.size >= most) {
      const [oldest, reused] = cache.entries().next().value as [number, RowScan];
      cache.delete(oldest);
      scan = reused;
    } else {
      const runs = Math.ceil(outages.length / ROW_RUN) + ROW_CLASSES;
      scan = {
        lodf: new Float64Array(outages.length),
        order: new Int32Array(outages.length),
        classStart: new Int32Array(ROW_CLASSES + 1),
        runStart: new Int32Array(ROW_CLASSES + 1),
        runRoom: new Float32Array(runs),
        lodfAfter: new Float32Array(runs),
      };
    }
    fill(i, scan);
    cache.set(i, scan);
    return scan;
  };
  return { get, solved: () => solved };
}

/** The next single-precision value above x (x itself a single-precision value). */
function nextUp32(x: number): number {
  return stepped32(x, 1);
}

/** The next single-precision value below x (x ≥ 0, itself a single-precision value). */
function nextDown32(x: number): number {
  return x > 0 ? stepped32(x, -1) : 0;
}

const single = new Float32Array(1);
const singleBits = new Uint32Array(single.buffer);
function stepped32(x: number, by: number): number {
  single[0] = x;
  singleBits[0] += by;
  return single[0];
}

/** Buckets of a row's rooms. */
const ROW_BUCKETS = 256;
