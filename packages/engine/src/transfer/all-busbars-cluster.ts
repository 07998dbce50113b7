import type { OutageStream, PairList } from './all-busbars-stream';
import { emptyPairList, pushPair } from './all-busbars-stream';
import type { AllBusbarsContext } from './all-busbars-context';

/**
 * Stage 3 of the all-busbar capacity (all-busbars.ts): bounds for a set of close buses, so each
 * of them evaluates exactly only the few constraints that can limit it.
 *
 * With the set's centre column c = D(·, b0) and spread ρ(x) = max over its buses of
 * |D(x,b) − c(x)|, a pair's d at any of its buses is within ρ(m) + |LODF|·ρ(k) of
 * c(m) + LODF·c(k): one lower bound on T per pair holds for all of them. An upper bound τ on
 * every bus's attributable capacity (the cap, or a constraint whose sign and size the spread
 * cannot change) then discards most pairs and most envelopes for the whole set. Sets are
 * nested: a group of a few hundred buses discards for its clusters, each cluster for its buses,
 * so each pair is bounded once per group and only the group's survivors once per cluster.
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

/** What the buses of one cluster must evaluate exactly. */
export interface ClusterCandidates {
  /** Significant pairs that can bind below τ, by increasing lower bound. */
  readonly significant: BoundedPairs;
  /** At-limit pairs whose |d| can reach the cutoff here. */
  readonly atLimit: PairList;
  /** Monitored indices whose envelope can bind below τ, by increasing bound. */
  readonly envelopes: Int32Array;
  readonly envelopeBound: Float64Array;
  /** The upper bound on every bus's attributable capacity used to discard. */
  readonly tauMw: number;
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

/** Upper bounds from the N-0 pairs whose d keeps its sign and size over the set. */
export function baseCaseUpperBounds(
  ctx: AllBusbarsContext,
  cs: CentreAndSpread,
  ub: UpperBounds,
  cutoff: number,
): void {
  const { monitored, baseFlowMw: f, limitN0Mw } = ctx;
  const { centre: c, spread: rho } = cs;
  for (let i = 0; i < monitored.length; i++) {
    const m = monitored[i];
    const up = limitN0Mw[i] - f[m];
    const down = limitN0Mw[i] + f[m];
    if (up <= 0 || down <= 0) continue;
    const lo = c[m] - rho[m];
    const hi = c[m] + rho[m];
    if (lo >= cutoff) ub.offer((up / lo) * UPPER);
    else if (hi <= -cutoff) ub.offer((down / -hi) * UPPER);
  }
}

/**
 * The significant pairs whose lower bound over the set is at most τ, and τ tightened by their
 * upper bounds (these pairs are within their limits, so each is a constraint of every bus).
 * Sorted by bound when asked (for the per-bus scans).
 */
export function boundPairs(
  ctx: AllBusbarsContext,
  pairs: PairList,
  cs: CentreAndSpread,
  ub: UpperBounds,
  tauMax: number,
  cutoff: number,
  sort: boolean,
): { pairs: BoundedPairs; tau: number } {
  const { monitored, limitPostMw } = ctx;
  const { centre: c, spread: rho } = cs;
  const { monitoredIndex: pmi, contingency: pk, lodf: pl, flowMw: pf } = pairs;
  let tau = Math.min(tauMax, ub.tau);
  let keep = new Int32Array(1024);
  let keepBound = new Float64Array(1024);
  let kept = 0;
  for (let p = 0; p < pairs.count; p++) {
    const i = pmi[p];
    const m = monitored[i];
    const k = pk[p];
    const l = pl[p];
    const d0 = c[m] + l * c[k];
    const r = rho[m] + Math.abs(l) * rho[k];
    const hi = d0 + r;
    const lo = d0 - r;
    if (hi < cutoff && lo > -cutoff) continue;
    const L = limitPostMw[i];
    const fc = pf[p];
    let t = hi >= cutoff ? (L - fc) / hi : Infinity;
    if (lo <= -cutoff) t = Math.min(t, (L + fc) / -lo);
    t *= LOWER;
    if (t > tau) continue;
    if (lo >= cutoff || hi <= -cutoff) {
      ub.offer((lo >= cutoff ? (L - fc) / lo : (L + fc) / -hi) * UPPER);
      tau = Math.min(tau, ub.tau);
    }
    if (kept === keep.length) {
      keep = grown(keep, 2 * kept);
      keepBound = grown(keepBound, 2 * kept);
    }
    keep[kept] = p;
    keepBound[kept++] = t;
  }
  return {
    pairs: sort
      ? bucketed(pairs, keep, keepBound, kept, tau)
      : compacted(pairs, keep, keepBound, kept, tau),
    tau,
  };
}

function compacted(
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
 * The pairs under τ in increasing bound to bucket precision: counting sort into BUCKETS
 * buckets over [0, τ], each pair's bound lowered to its bucket's lower edge (still a lower
 * bound, and non-decreasing along the list, so a scan can stop at the first one past its T).
 */
function bucketed(
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

/** At-limit pairs whose |d| can reach the cutoff at some bus of the set. */
export function reachingPairs(
  ctx: AllBusbarsContext,
  pairs: PairList,
  cs: CentreAndSpread,
  cutoff: number,
): PairList {
  const { centre: c, spread: rho } = cs;
  const nl = c.length - 1;
  const out = emptyPairList();
  for (let p = 0; p < pairs.count; p++) {
    const i = pairs.monitoredIndex[p];
    const m = ctx.monitored[i];
    const k = pairs.contingency[p];
    const l = pairs.lodf[p];
    const kx = k < 0 ? nl : k;
    const reach = Math.abs(c[m] + l * c[kx]) + rho[m] + Math.abs(l) * rho[kx];
    if (reach >= cutoff * LOWER) pushPair(out, i, k, l, pairs.flowMw[p]);
  }
  return out;
}

/**
 * Monitored branches (among `among`, or all) whose envelope can bind at or under τ at some bus
 * of the set, by increasing bound.
 */
export function boundEnvelopes(
  ctx: AllBusbarsContext,
  stream: OutageStream,
  among: Int32Array | null,
  cs: CentreAndSpread,
  tau: number,
  cutoff: number,
): { monitoredIndex: Int32Array; bound: Float64Array } {
  const { monitored } = ctx;
  const { roomUpMw, roomDownMw, lodfMax } = stream;
  const { centre: c, spread: rho, reach } = cs;
  const n = among ? among.length : monitored.length;
  const list: number[] = [];
  const at: number[] = [];
  for (let q = 0; q < n; q++) {
    const i = among ? among[q] : q;
    const m = monitored[i];
    const extra = rho[m] + lodfMax[i] * reach;
    const upReach = c[m] + extra;
    const downReach = extra - c[m];
    let t = upReach >= cutoff * LOWER ? roomUpMw[i] / upReach : Infinity;
    if (downReach >= cutoff * LOWER) t = Math.min(t, roomDownMw[i] / downReach);
    t *= LOWER;
    if (t > tau) continue;
    list.push(i);
    at.push(t);
  }
  const order = list.map((_, j) => j).sort((a, b) => at[a] - at[b]);
  return {
    monitoredIndex: Int32Array.from(order, (j) => list[j]),
    bound: Float64Array.from(order, (j) => at[j]),
  };
}

/** Nested sets: what a group leaves for its clusters, then what a cluster leaves for its buses. */
export interface SetCandidates {
  readonly significant: BoundedPairs;
  readonly atLimit: PairList;
  readonly envelopes: Int32Array;
  readonly tauMw: number;
}

/**
 * What the buses of a set (a group, or a cluster inside its group's candidates) must look at
 * for rankings of `size` entries.
 */
export function setCandidates(
  ctx: AllBusbarsContext,
  stream: OutageStream,
  parent: SetCandidates | null,
  cs: CentreAndSpread,
  capMw: number,
  cutoff: number,
  size: number,
  sort: boolean,
): ClusterCandidates {
  const tauMax = parent ? parent.tauMw : capMw;
  const ub = new UpperBounds(size, capMw);
  baseCaseUpperBounds(ctx, cs, ub, cutoff);
  const { pairs, tau } = boundPairs(
    ctx,
    parent ? parent.significant : stream.significant,
    cs,
    ub,
    tauMax,
    cutoff,
    sort,
  );
  const atLimit = reachingPairs(ctx, parent ? parent.atLimit : stream.atLimit, cs, cutoff);
  const env = boundEnvelopes(ctx, stream, parent ? parent.envelopes : null, cs, tau, cutoff);
  return {
    significant: pairs,
    atLimit,
    envelopes: env.monitoredIndex,
    envelopeBound: env.bound,
    tauMw: tau,
  };
}

function grown<T extends Int32Array | Float64Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
