import type { PairList } from './stream';
import { emptyPairList, pushPair } from './stream';

/**
 * What the all-busbar bounds share (cluster-bounds.ts, violations.ts): a set
 * of buses' centre column and spread, pairs kept with their lower bound on T, and the margin
 * every bound carries for round-off.
 */
export interface CentreAndSpread {
  readonly centre: Float64Array;
  readonly spread: Float64Array;
  /** Largest outage reach of the set's buses. */
  readonly reach: number;
}

/** Pairs left by a bound, each with its lower bound on T. */
export interface BoundedPairs extends PairList {
  bound: Float64Array;
}

/** Lower bounds are lowered, upper bounds raised by this much: floating-point round-off. */
export const LOWER = 1 - 1e-9;
export const UPPER = 1 + 1e-9;

/**
 * τ for rankings of `size` entries: the size-th smallest upper bound on T offered (each from a
 * different constraint, so every bus of the set has `size` constraints at or under it).
 */
export class UpperBounds {
  private readonly u: Float64Array;

  constructor(size: number, start: number) {
    this.u = new Float64Array(size).fill(start);
  }

  get tau(): number {
    return this.u[this.u.length - 1];
  }

  offer(v: number): void {
    const u = this.u;
    let at = u.length - 1;
    if (!(v < u[at])) return;
    while (at > 0 && u[at - 1] > v) {
      u[at] = u[at - 1];
      at--;
    }
    u[at] = v;
  }
}

/** The kept pairs (positions `keep` in `pairs`) whose bound is at most τ, in their order. */
export function compacted(
  pairs: PairList,
  keep: Int32Array,
  keepBound: Float64Array,
  kept: number,
  tau: number,
): BoundedPairs {
  let n = 0;
  for (let q = 0; q < kept; q++) if (keepBound[q] <= tau) n++;
  const out: BoundedPairs = { ...emptyPairList(Math.max(1, n)), bound: new Float64Array(n) };
  for (let q = 0; q < kept; q++) {
    if (keepBound[q] > tau) continue;
    const p = keep[q];
    out.bound[out.count] = keepBound[q];
    pushPair(out, pairs.monitoredIndex[p], pairs.contingency[p], pairs.lodf[p], pairs.flowMw[p]);
  }
  return out;
}

const BUCKETS = 256;

/**
 * The same in increasing bound to bucket precision: counting sort into BUCKETS buckets over
 * [0, τ], each pair's bound lowered to its bucket's lower edge (still a lower bound, and
 * non-decreasing along the list, so a scan can stop at the first one past its T).
 */
export function bucketed(
  pairs: PairList,
  keep: Int32Array,
  keepBound: Float64Array,
  kept: number,
  tau: number,
): BoundedPairs {
  const width = tau / BUCKETS;
  const start = new Int32Array(BUCKETS + 1);
  const bucketOf = new Int32Array(kept);
  for (let q = 0; q < kept; q++) {
    if (keepBound[q] > tau) {
      bucketOf[q] = -1;
      continue;
    }
    const b = width > 0 ? Math.min(BUCKETS - 1, Math.floor(keepBound[q] / width)) : 0;
    bucketOf[q] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < BUCKETS; b++) start[b + 1] += start[b];
  const n = start[BUCKETS];
  const out: BoundedPairs = { ...emptyPairList(Math.max(1, n)), bound: new Float64Array(n) };
  out.count = n;
  for (let q = 0; q < kept; q++) {
    const b = bucketOf[q];
    if (b < 0) continue;
    const at = start[b]++;
    const p = keep[q];
    out.monitoredIndex[at] = pairs.monitoredIndex[p];
    out.contingency[at] = pairs.contingency[p];
    out.lodf[at] = pairs.lodf[p];
    out.flowMw[at] = pairs.flowMw[p];
    out.bound[at] = Math.min(b * width, keepBound[q]);
  }
  return out;
}

export function grown<T extends Int32Array | Float64Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
