import type { AllBusbarsContext } from './all-busbars-context';
import type { BoundedPairs, CentreAndSpread } from './all-busbars-bounds';
import { LOWER, UPPER, bucketed, compacted } from './all-busbars-bounds';
import type { PairList } from './all-busbars-stream';
import { emptyPairList, pushPair } from './all-busbars-stream';
import type { ViolationStore } from './all-busbars-violation-store';
import { overLimit } from './all-busbars-violation-store';

/**
 * The pre-existing violations (pairs over their limit at T = 0) and the pairs at their limit to
 * round-off, sorted for a set of buses (all-busbars-cluster.ts) into what each of its buses must
 * look at. They come two ways from the stream (all-busbars-stream.ts):
 *
 * - one by one (`pairs`, by contingency, then monitored row): the pairs at their limit to
 *   round-off and the violations with |LODF| ≥ ε (the stream's folding threshold), under 1 % of
 *   the violations of a stressed case; each pair is bounded over the set from its own centre
 *   values;
 * - in GROUPS of the violation store (all-busbars-violation-store.ts), one per monitored branch
 *   and side, the violations with |LODF| < ε: almost all of them (a few hundred monitored
 *   branches over their limit under nearly every outage). A group is bounded as a whole: its
 *   pairs have d = D(m) + LODF·D(k) with |LODF| < lodfMax, so over the set, for its side s
 *   (+1 over +L, −1 under −L), s·d ≤ s·c(m) + ρ(m) + lodfMax·R (c the centre, ρ the spread, R
 *   the set's outage reach), and −s·d the same with −s·c(m).
 *
 * Every bus worsens some violations in a stressed case, so each question gets its own order and
 * stops early:
 *   - the strict figure's limit: the first worsened pair by contingency, then monitored row
 *     (N-0 first), as busbarCapacity ranks pairs at T = 0: `worsenable` pairs in that order,
 *     and groups by (first contingency, monitored row);
 *   - the violation worsened most: pairs and groups by the largest |d| they can have here,
 *     descending;
 *   - the attributable figure: a violation the bus relieves limits where the flow would cross
 *     the opposite limit, T = (L + |f|)/|d|: pairs bounded and bucketed like any significant
 *     pair, groups by the lower bound (L + min|f|)/(−s·c(m) + ρ(m) + lodfMax·R);
 *   - pairs at their limit to round-off (`boundary`, few): T = 0 both ways where worsened.
 */
export interface ViolationCandidates {
  /** Every pair of the one-by-one list that matters here, by contingency, then monitored row. */
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
  /** Groups a bus of the set may worsen, by (first contingency row, monitored row). */
  readonly groupsWorsenable: Int32Array;
  /** The same by decreasing upper bound on |d| over the set, and that bound. */
  readonly groupWorseOrder: Int32Array;
  readonly groupWorseBound: Float64Array;
  /** Groups a bus of the set may relieve under τ, by increasing lower bound on T, and it. */
  readonly groupsRelievable: Int32Array;
  readonly groupRelieveBound: Float64Array;
}

/**
 * From the stream's one-by-one pairs (by contingency, then monitored) and violation store, or a
 * parent set's candidates, those that matter for the buses of `cs`; the relievable ones bounded
 * by τ. Sorted orders only when `sort` (the per-bus scans read them).
 */
export function violationCandidates(
  ctx: AllBusbarsContext,
  atLimit: PairList,
  store: ViolationStore,
  parent: ViolationCandidates | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
  sort: boolean,
): ViolationCandidates {
  return {
    ...pairCandidates(ctx, atLimit, parent, cs, tau, cutoff, sort),
    ...groupCandidates(ctx, store, parent, cs, tau, cutoff, sort),
  };
}

function pairCandidates(
  ctx: AllBusbarsContext,
  atLimit: PairList,
  parent: ViolationCandidates | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
  sort: boolean,
): Pick<
  ViolationCandidates,
  'pairs' | 'boundary' | 'worsenable' | 'worseOrder' | 'worseBound' | 'relievable'
> {
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

function groupCandidates(
  ctx: AllBusbarsContext,
  store: ViolationStore,
  parent: ViolationCandidates | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
  sort: boolean,
): Pick<
  ViolationCandidates,
  | 'groupsWorsenable'
  | 'groupWorseOrder'
  | 'groupWorseBound'
  | 'groupsRelievable'
  | 'groupRelieveBound'
> {
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const { centre: c, spread: rho, reach: outageReach } = cs;
  const reach = cutoff * LOWER;
  const { lodfMax, flowMin } = store;
  const wFrom = parent ? parent.groupsWorsenable : store.byFirst;
  const worsenable = new Int32Array(wFrom.length);
  const worse = new Float64Array(wFrom.length);
  let nWorse = 0;
  for (let q = 0; q < wFrom.length; q++) {
    const g = wFrom[q];
    const m = monitored[g >> 1];
    const s = g & 1 ? -1 : 1;
    const most = s * c[m] + rho[m] + lodfMax[g] * outageReach;
    if (most < reach) continue;
    worsenable[nWorse] = g;
    worse[nWorse++] = most * UPPER;
  }
  const rFrom = parent ? parent.groupsRelievable : store.byFirst;
  const relievable = new Int32Array(rFrom.length);
  const relief = new Float64Array(rFrom.length);
  let nRelief = 0;
  for (let q = 0; q < rFrom.length; q++) {
    const g = rFrom[q];
    const i = g >> 1;
    const m = monitored[i];
    const s = g & 1 ? -1 : 1;
    const most = -s * c[m] + rho[m] + lodfMax[g] * outageReach;
    if (most < reach) continue;
    const limit = Math.min(limitN0Mw[i], limitPostMw[i]);
    const t = ((limit + flowMin[g]) / most) * LOWER;
    if (t > tau) continue;
    relievable[nRelief] = g;
    relief[nRelief++] = t;
  }
  const worseOrder = sort ? byDecreasingBound(worse, nWorse) : new Int32Array(0);
  const reliefOrder = sort
    ? byIncreasingBound(relief, nRelief, tau)
    : Int32Array.from({ length: nRelief }, (_, q) => q);
  return {
    groupsWorsenable: worsenable.slice(0, nWorse),
    groupWorseOrder: Int32Array.from(worseOrder, (q) => worsenable[q]),
    groupWorseBound: Float64Array.from(worseOrder, (q) => worse[q]),
    groupsRelievable: Int32Array.from(reliefOrder, (q) => relievable[q]),
    groupRelieveBound: Float64Array.from(reliefOrder, (q) => relief[q]),
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

/**
 * Positions 0 .. n − 1 (bounds in [0, τ]) by increasing `bound` to bucket precision, each bound
 * lowered to its bucket's lower edge (still a lower bound, and non-decreasing along the order),
 * so a scan can stop at the first bound past its threshold.
 */
function byIncreasingBound(bound: Float64Array, n: number, tau: number): Int32Array {
  const width = tau / BUCKETS;
  const start = new Int32Array(BUCKETS + 1);
  const bucketOf = new Int32Array(n);
  for (let q = 0; q < n; q++) {
    const b = width > 0 ? Math.min(BUCKETS - 1, Math.floor(bound[q] / width)) : 0;
    bucketOf[q] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < BUCKETS; b++) start[b + 1] += start[b];
  const order = new Int32Array(n);
  for (let q = 0; q < n; q++) {
    const b = bucketOf[q];
    order[start[b]++] = q;
    bound[q] = Math.min(bound[q], b * width);
  }
  return order;
}
