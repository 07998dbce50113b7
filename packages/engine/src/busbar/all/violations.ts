import type { AllBusbarsContext } from './context';
import type { BoundedPairs, CentreAndSpread } from './bounds';
import { LOWER, UPPER, bucketed, grown } from './bounds';
import { before } from './ranking';
import type { PairList } from './stream';
import type { ViolationStore } from './violation-store';
import { overLimit } from './violation-store';

/**
 * The pre-existing violations (pairs over their limit at T = 0) and the pairs at their limit to
 * round-off, sorted for a set of buses (cluster-bounds.ts) into what each of its buses must
 * look at. They come two ways from the stream (stream.ts):
 *
 * - one by one (`pairs`, by contingency, then monitored row): the pairs at their limit to
 *   round-off and the violations with |LODF| ≥ ε (the stream's folding threshold), under 1 % of
 *   the violations of a stressed case; each pair is bounded over the set from its own centre
 *   values;
 * - in GROUPS of the violation store (violation-store.ts), one per monitored branch
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
 *     the opposite limit, T = (L + |f|)/|d| with |f| > L: pairs bounded and bucketed like any
 *     significant pair, groups by the lower bound 2·L/(−s·c(m) + ρ(m) + lodfMax·R);
 *   - pairs at their limit to round-off (`boundary`, few): T = 0 both ways where worsened.
 */
export interface ViolationCandidates {
  /** The stream's one-by-one list (not copied): positions below index it. */
  readonly pairs: PairList;
  /** Every position kept here, in order: what a set inside this one reads. */
  readonly positions: Int32Array;
  /** Positions at their limit to round-off. */
  readonly boundary: Int32Array;
  /** Positions over their limit that a bus of the set can worsen, in the order of `pairs`. */
  readonly worsenable: Int32Array;
  /** Positions that can be a bus's violation worsened most, by the largest |d| they can have
   * here, descending, and that |d|. */
  readonly worseOrder: Int32Array;
  readonly worseBound: Float64Array;
  /** Over their limit, relieved by some bus of the set: a lower bound on T each, bucketed. */
  readonly relievable: BoundedPairs;
  /** Groups a bus of the set may worsen, by (first contingency row, monitored row). */
  readonly groupsWorsenable: Int32Array;
  /** Groups that can hold a bus's violation worsened most; by decreasing bound when sorted. */
  readonly groupWorseOrder: Int32Array;
  readonly groupWorseBound: Float64Array;
  /** Groups a bus of the set may relieve under τ, by increasing lower bound on T, and it. */
  readonly groupsRelievable: Int32Array;
  readonly groupRelieveBound: Float64Array;
  /**
   * Every bus of the set worsens `size` violations at or before (contingency, monitored row)
   * (strictK, strictM) in tie-break order (strictK = +∞ when not known): none after can be
   * among its first ones.
   */
  readonly strictK: number;
  readonly strictM: number;
  /** Every bus of the set worsens some violation by at least this |d| (0 when not known). */
  readonly worstAtLeast: number;
}

/** Items worsened at every bus of the set: their tie-break keys and the |d| they have at least. */
interface Sure {
  readonly k: number[];
  readonly m: number[];
  least: number;
}

/**
 * From the stream's one-by-one pairs (by contingency, then monitored) and violation store, or a
 * parent set's candidates, those that matter for the buses of `cs` for rankings of `size`
 * entries; the relievable ones bounded by τ. Sorted orders only when `sort` (the per-bus scans
 * read them; a set that only passes its lists on to smaller sets keeps them in order).
 *
 * Violations that every bus of the set worsens (their bound at the centre, less the spread,
 * reaches the cutoff) cut the lists: past the `size`-th of them in tie-break order no violation
 * is among a bus's first worsened ones, and one whose largest |d| here is under the smallest
 * |d| of one of them is no bus's violation worsened most.
 */
export function violationCandidates(
  ctx: AllBusbarsContext,
  atLimit: PairList,
  store: ViolationStore,
  parent: ViolationCandidates | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
  size: number,
  sort: boolean,
): ViolationCandidates {
  const sure: Sure = { k: [], m: [], least: parent ? parent.worstAtLeast : 0 };
  const pairs = pairCandidates(ctx, atLimit, parent, cs, tau, cutoff, size, sure);
  const groups = groupCandidates(ctx, store, parent, cs, tau, cutoff, size, sure);
  // The size-th sure key in tie-break order (each list gave its first `size`), or the parent's.
  const order = sure.k
    .map((_, j) => j)
    .sort((a, b) => (before(sure.k[a], sure.m[a], sure.k[b], sure.m[b]) ? -1 : 1));
  let strictK = parent ? parent.strictK : Infinity;
  let strictM = parent ? parent.strictM : Infinity;
  if (order.length >= size) {
    const j = order[size - 1];
    if (before(sure.k[j], sure.m[j], strictK, strictM)) {
      strictK = sure.k[j];
      strictM = sure.m[j];
    }
  }
  const { monitored } = ctx;
  const within = (k: number, m: number): boolean =>
    (k === strictK && m === strictM) || before(k, m, strictK, strictM);
  let nw = 0;
  while (nw < pairs.worsenable.length) {
    const p = pairs.worsenable[nw];
    if (!within(atLimit.contingency[p], monitored[atLimit.monitoredIndex[p]])) break;
    nw++;
  }
  let ng = 0;
  while (ng < groups.worsenable.length) {
    const g = groups.worsenable[ng];
    if (!within(store.contingency[store.start[g]], monitored[g >> 1])) break;
    ng++;
  }
  const least = sure.least * LOWER;
  const worse = keptAbove(pairs.worse, pairs.worseBound, least, sort);
  const groupWorse = keptAbove(groups.worse, groups.worseBound, least, sort);
  const nRelief = groups.relievable.length;
  const reliefOrder = sort ? byIncreasingBound(groups.relieveBound, nRelief, tau) : null;
  const groupsRelievable = new Int32Array(nRelief);
  const groupRelieveBound = new Float64Array(nRelief);
  for (let q = 0; q < nRelief; q++) {
    const from = reliefOrder ? reliefOrder[q] : q;
    groupsRelievable[q] = groups.relievable[from];
    groupRelieveBound[q] = groups.relieveBound[from];
  }
  return {
    pairs: atLimit,
    positions: pairs.positions,
    boundary: pairs.boundary,
    worsenable: pairs.worsenable.slice(0, nw),
    worseOrder: worse.items,
    worseBound: worse.bound,
    relievable: pairs.relievable,
    groupsWorsenable: groups.worsenable.slice(0, ng),
    groupWorseOrder: groupWorse.items,
    groupWorseBound: groupWorse.bound,
    groupsRelievable,
    groupRelieveBound,
    strictK,
    strictM,
    worstAtLeast: sure.least,
  };
}

/** The items whose bound reaches `least`, by decreasing bound when `sort`. */
function keptAbove(
  items: Int32Array,
  bound: Float64Array,
  least: number,
  sort: boolean,
): { items: Int32Array; bound: Float64Array } {
  let n = 0;
  for (let q = 0; q < items.length; q++) {
    if (bound[q] < least) continue;
    items[n] = items[q];
    bound[n++] = bound[q];
  }
  if (!sort) return { items: items.slice(0, n), bound: bound.slice(0, n) };
  const order = byDecreasingBound(bound, n);
  const sortedItems = new Int32Array(n);
  const sortedBound = new Float64Array(n);
  for (let q = 0; q < n; q++) {
    sortedItems[q] = items[order[q]];
    sortedBound[q] = bound[order[q]];
  }
  return { items: sortedItems, bound: sortedBound };
}

/** A growable list of int32s. */
class Ints {
  a = new Int32Array(64);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) this.a = grown(this.a, 2 * this.n);
    this.a[this.n++] = v;
  }
  done(): Int32Array {
    return this.a.slice(0, this.n);
  }
}

/** A growable list of float64s. */
class Floats {
  a = new Float64Array(64);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) this.a = grown(this.a, 2 * this.n);
    this.a[this.n++] = v;
  }
  done(): Float64Array {
    return this.a.slice(0, this.n);
  }
}

function pairCandidates(
  ctx: AllBusbarsContext,
  atLimit: PairList,
  parent: ViolationCandidates | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
  size: number,
  sure: Sure,
): {
  positions: Int32Array;
  boundary: Int32Array;
  worsenable: Int32Array;
  worse: Int32Array;
  worseBound: Float64Array;
  relievable: BoundedPairs;
} {
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const { centre: c, spread: rho } = cs;
  const nl = c.length - 1;
  const reach = cutoff * LOWER;
  const surely = cutoff * UPPER;
  const n = parent ? parent.positions.length : atLimit.count;
  const { monitoredIndex: pmi, contingency: pk, lodf: pl, flowMw: pf } = atLimit;
  const positions = new Ints();
  const boundary = new Ints();
  const worsenable = new Ints();
  const worse = new Floats();
  const keep = new Ints();
  const relieveBound = new Floats();
  let nSure = 0;
  for (let q = 0; q < n; q++) {
    const p = parent ? parent.positions[q] : q;
    const i = pmi[p];
    const k = pk[p];
    const l = pl[p];
    const f = pf[p];
    const m = monitored[i];
    const kx = k < 0 ? nl : k;
    const d0 = c[m] + l * c[kx];
    const r = rho[m] + Math.abs(l) * rho[kx];
    const hi = d0 + r;
    const lo = d0 - r;
    if (hi < reach && lo > -reach) continue;
    const L = k < 0 ? limitN0Mw[i] : limitPostMw[i];
    if (!overLimit(f, L)) {
      positions.push(p);
      boundary.push(p);
      continue;
    }
    // Over the upper limit: d > 0 worsens it, d < 0 relieves it until −L; mirrored below.
    const up = f > 0;
    const most = up ? hi : -lo;
    const relief = up ? -lo : hi;
    const t = relief >= reach ? ((L + Math.abs(f)) / relief) * LOWER : Infinity;
    if (most < reach && !(t <= tau)) continue;
    positions.push(p);
    if (most >= reach) {
      worsenable.push(p);
      worse.push(most * UPPER);
      const least = up ? lo : -hi;
      if (least >= surely) {
        if (nSure++ < size) {
          sure.k.push(k);
          sure.m.push(m);
        }
        if (least > sure.least) sure.least = least;
      }
    }
    if (t <= tau) {
      keep.push(p);
      relieveBound.push(t);
    }
  }
  const w = worsenable.done();
  return {
    positions: positions.done(),
    boundary: boundary.done(),
    worsenable: w,
    worse: w.slice(),
    worseBound: worse.done(),
    relievable: bucketed(atLimit, keep.a, relieveBound.a, keep.n, tau),
  };
}

function groupCandidates(
  ctx: AllBusbarsContext,
  store: ViolationStore,
  parent: ViolationCandidates | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
  size: number,
  sure: Sure,
): {
  worsenable: Int32Array;
  worse: Int32Array;
  worseBound: Float64Array;
  relievable: Int32Array;
  relieveBound: Float64Array;
} {
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const { centre: c, spread: rho, reach: outageReach } = cs;
  const reach = cutoff * LOWER;
  const surely = cutoff * UPPER;
  const { lodfMax, start, contingency } = store;
  const worsenable = new Ints();
  const worseBound = new Floats();
  let nSure = 0;
  const wFrom = parent ? parent.groupsWorsenable : store.byFirst;
  for (let q = 0; q < wFrom.length; q++) {
    const g = wFrom[q];
    const m = monitored[g >> 1];
    const s = g & 1 ? -1 : 1;
    const extra = rho[m] + lodfMax[g] * outageReach;
    const most = s * c[m] + extra;
    if (most < reach) continue;
    worsenable.push(g);
    const least = s * c[m] - extra;
    if (least >= surely) {
      if (nSure++ < size) {
        sure.k.push(contingency[start[g]]);
        sure.m.push(m);
      }
      if (least > sure.least) sure.least = least;
    }
  }
  // The worst violation may sit in a group past the strict cut: its own list.
  const worse = new Ints();
  const xFrom = parent ? parent.groupWorseOrder : store.byFirst;
  for (let q = 0; q < xFrom.length; q++) {
    const g = xFrom[q];
    const m = monitored[g >> 1];
    const s = g & 1 ? -1 : 1;
    const most = s * c[m] + rho[m] + lodfMax[g] * outageReach;
    if (most < reach) continue;
    worse.push(g);
    worseBound.push(most * UPPER);
  }
  const relievable = new Ints();
  const relieveBound = new Floats();
  const rFrom = parent ? parent.groupsRelievable : store.byFirst;
  for (let q = 0; q < rFrom.length; q++) {
    const g = rFrom[q];
    const i = g >> 1;
    const m = monitored[i];
    const s = g & 1 ? -1 : 1;
    const most = -s * c[m] + rho[m] + lodfMax[g] * outageReach;
    if (most < reach) continue;
    // T = (L + |f|)/|d| with |f| > L.
    const t = ((2 * Math.min(limitN0Mw[i], limitPostMw[i])) / most) * LOWER;
    if (t > tau) continue;
    relievable.push(g);
    relieveBound.push(t);
  }
  return {
    worsenable: worsenable.done(),
    worse: worse.done(),
    worseBound: worseBound.done(),
    relievable: relievable.done(),
    relieveBound: relieveBound.done(),
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
