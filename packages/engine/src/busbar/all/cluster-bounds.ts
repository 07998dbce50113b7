import type { BoundedPairs, CentreAndSpread } from './bounds';
import { LOWER, UPPER, UpperBounds, bucketed, compacted, grown } from './bounds';
import type { AllBusbarsContext } from './context';
import type { OutageStream, PairList } from './stream';
import type { ViolationCandidates } from './violations';
import { violationCandidates } from './violations';

/**
 * Stage 3 of the all-busbar capacity (capacities.ts): bounds for a set of close buses, so each
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
/** What the buses of one cluster must evaluate exactly. */
export interface ClusterCandidates {
  /** Significant pairs that can bind below τ, by increasing lower bound. */
  readonly significant: BoundedPairs;
  /** The pre-existing violations that matter here (violations.ts). */
  readonly violations: ViolationCandidates;
  /** Monitored indices whose envelope can bind below τ, by increasing bound. */
  readonly envelopes: Int32Array;
  readonly envelopeBound: Float64Array;
  /** The upper bound on every bus's attributable capacity used to discard. */
  readonly tauMw: number;
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
  readonly violations: ViolationCandidates;
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
  const violations = violationCandidates(
    ctx,
    stream.atLimit,
    stream.violations,
    parent ? parent.violations : null,
    cs,
    tau,
    cutoff,
    size,
    sort,
  );
  const env = boundEnvelopes(ctx, stream, parent ? parent.envelopes : null, cs, tau, cutoff);
  return {
    significant: pairs,
    violations,
    envelopes: env.monitoredIndex,
    envelopeBound: env.bound,
    tauMw: tau,
  };
}
