import type { AllBusbarsContext } from './all-busbars-context';
import type { BoundedPairs, CentreAndSpread } from './all-busbars-bounds';
import { LOWER, UPPER, bucketed, compacted } from './all-busbars-bounds';
import type { PairList } from './all-busbars-stream';
import { emptyPairList, pushPair } from './all-busbars-stream';

/**
 * The pairs at or over their limit at T = 0 (all-busbars-stream.ts keeps them apart), sorted
 * for a set of buses (all-busbars-cluster.ts) into what each of its buses must look at. A stressed
 * case has tens of thousands of them (9241pegase: 58 000), and every bus worsens some, so each
 * question gets its own order and stops early:
 *   - the strict figure's limit: the first worsened pair by contingency, then monitored row
 *     (N-0 first), as busbarCapacity ranks pairs at T = 0: `worsenable` is in that order;
 *   - the violation worsened most: pairs by the largest |d| they can have here, descending;
 *   - the attributable figure: a violation the bus relieves limits where the flow would cross
 *     the opposite limit, bounded and bucketed like any significant pair (`relievable`);
 *   - pairs at their limit to round-off (`boundary`, few): T = 0 both ways where worsened.
 */
export interface ViolationCandidates {
  /** Every at-limit pair that matters here, by contingency, then monitored row. */
  readonly pairs: PairList;
  /** Positions in `pairs` at their limit to round-off. */
  readonly boundary: Int32Array;
  /** Positions over their limit that a bus of the set can worsen, in the order of `pairs`. */
  readonly worsenable: Int32Array;
  /** The same by the largest |d| they can have here, descending, and that |d|. */
  readonly worseOrder: Int32Array;
  readonly worseBound: Float64Array;
  /** Over their limit, relieved by some bus of the set: a lower bound on T each, bucketed. */
  readonly relievable: BoundedPairs;
}

/** Over its limit (not only at it to round-off): the same slack as isPreExisting. */
export function overLimit(f: number, limit: number): boolean {
  const slack = 1e-10 * Math.max(1, limit);
  return f > limit + slack || f < -limit - slack;
}

/**
 * From the stream's at-limit pairs (by contingency, then monitored), or a parent set's, those
 * that matter for the buses of `cs`; the relievable ones bounded by τ.
 */
export function violationCandidates(
  ctx: AllBusbarsContext,
  atLimit: PairList,
  parent: ViolationCandidates | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
  sort: boolean,
): ViolationCandidates {
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const { centre: c, spread: rho } = cs;
  const nl = c.length - 1;
  const reach = cutoff * LOWER;
  const from = parent ? parent.pairs : atLimit;
  const cap = Math.max(1, from.count);
  const pairs = emptyPairList(cap);
  const boundary = new Int32Array(cap);
  const worsenable = new Int32Array(cap);
  const worse = new Float64Array(cap);
  const relieving = emptyPairList(cap);
  const keep = new Int32Array(cap);
  const relieveBound = new Float64Array(cap);
  let nBoundary = 0;
  let nWorse = 0;
  let nRelief = 0;
  for (let p = 0; p < from.count; p++) {
    const i = from.monitoredIndex[p];
    const k = from.contingency[p];
    const l = from.lodf[p];
    const f = from.flowMw[p];
    const m = monitored[i];
    const kx = k < 0 ? nl : k;
    const d0 = c[m] + l * c[kx];
    const r = rho[m] + Math.abs(l) * rho[kx];
    const hi = d0 + r;
    const lo = d0 - r;
    if (hi < reach && lo > -reach) continue;
    const L = k < 0 ? limitN0Mw[i] : limitPostMw[i];
    const at = pairs.count;
    if (!overLimit(f, L)) {
      boundary[nBoundary++] = at;
      pushPair(pairs, i, k, l, f);
      continue;
    }
    // Over the upper limit: d > 0 worsens it, d < 0 relieves it until −L; mirrored below.
    const up = f > 0;
    const most = up ? hi : -lo;
    const relief = up ? -lo : hi;
    const t = relief >= reach ? ((L + Math.abs(f)) / relief) * LOWER : Infinity;
    if (most < reach && !(t <= tau)) continue;
    pushPair(pairs, i, k, l, f);
    if (most >= reach) {
      worsenable[nWorse] = at;
      worse[nWorse++] = most * UPPER;
    }
    if (t <= tau) {
      keep[nRelief] = relieving.count;
      relieveBound[nRelief++] = t;
      pushPair(relieving, i, k, l, f);
    }
  }
  const order = sort ? byDecreasingBound(worse, nWorse) : new Int32Array(0);
  return {
    pairs,
    boundary: boundary.slice(0, nBoundary),
    worsenable: worsenable.slice(0, nWorse),
    worseOrder: Int32Array.from(order, (q) => worsenable[q]),
    worseBound: Float64Array.from(order, (q) => worse[q]),
    relievable: sort
      ? bucketed(relieving, keep, relieveBound, nRelief, tau)
      : compacted(relieving, keep, relieveBound, nRelief, tau),
  };
}

const BUCKETS = 256;

/**
 * Positions 0 .. n − 1 by decreasing `bound` to bucket precision, each bound raised to its
 * bucket's upper edge (still an upper bound, and non-increasing along the order), so a scan for
 * the largest value can stop at the first bound under the best found.
 */
function byDecreasingBound(bound: Float64Array, n: number): Int32Array {
  let top = 0;
  for (let q = 0; q < n; q++) top = Math.max(top, bound[q]);
  const width = top / BUCKETS;
  const start = new Int32Array(BUCKETS + 1);
  const bucketOf = new Int32Array(n);
  for (let q = 0; q < n; q++) {
    const b = width > 0 ? Math.min(BUCKETS - 1, Math.floor((top - bound[q]) / width)) : 0;
    bucketOf[q] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < BUCKETS; b++) start[b + 1] += start[b];
  const order = new Int32Array(n);
  for (let q = 0; q < n; q++) {
    const b = bucketOf[q];
    order[start[b]++] = q;
    bound[q] = Math.max(bound[q], top - b * width);
  }
  return order;
}
