import type { ClusterCandidates } from './cluster-bounds';
import type { ViolationCandidates } from './violations';
import { LOWER, UPPER } from './bounds';
import { BLOCK } from './violation-store';
import type { Ranking } from './ranking';
import { before } from './ranking';
import type { OutageStream } from './stream';
import type { AllBusbarsContext } from './context';

/**
 * Stage 4 of the all-busbar capacity (capacities.ts): the exact ranking of one bus from its
 * column D = D(·, b) and its cluster's candidates. In this order, each with early stops:
 *   1. the pairs at or over their limit at T = 0 (violations.ts, one by one and in
 *      groups of the violation store): the first ones the injection pushes further, in
 *      tie-break order (T = 0: the strict figure's limits), the one it worsens most (largest
 *      |d|), and those it relieves (a T like any other);
 *   2. the significant pairs by increasing cluster bound, until the bound passes the ranking's
 *      threshold;
 *   3. the envelopes of the monitored branches, by increasing bound at this bus: where one is at
 *      or under the threshold, that branch's whole LODF row (N-0 included) is evaluated exactly.
 * The attributable ranking leaves out the pre-existing violations the bus worsens; the strict
 * one is the zeros (every pair at T = 0, whatever its cause) followed by the attributable.
 */

/**
 * A monitored branch's LODF row over ctx.outages, computed once and kept while it is used
 * (run.ts), with its pairs of |LODF| < ε (those its envelope stands for) in classes
 * of |LODF| (halving from ε down), each by increasing room, so that a bus reads only the classes
 * whose |LODF| can take d past the cutoff, each until no room is small enough to bind.
 */
export interface RowScan {
  /** LODF(m, k) per outage, in ctx.outages order. */
  readonly lodf: Float64Array;
  /** Outage indices of the pairs with |LODF| < ε (the branch itself left out). */
  readonly order: Int32Array;
  /** Class c is positions [classStart[c], classStart[c + 1]), its runs [runStart[c], …). */
  readonly classStart: Int32Array;
  readonly runStart: Int32Array;
  /**
   * Per run of ROW_RUN positions of a class: at most the room, min over the sides with room > 0
   * of L ∓ f(c), of every pair from that run to its class's end (non-decreasing in a class).
   */
  readonly runRoom: Float32Array;
  /** Per run: at least the largest |LODF| from it to its class's end (non-increasing). */
  readonly lodfAfter: Float32Array;
}

/** Positions per bound test when a row is read. */
export const ROW_RUN = 16;
/** Classes of |LODF| in a row: [ε/2, ε), [ε/4, ε/2), …, and the last one down to 0. */
export const ROW_CLASSES = 10;

export type LodfRows = (monitoredIndex: number) => RowScan;

export interface BusCounters {
  /** Exact T evaluations over all buses. */
  evaluated: number;
  /** Monitored rows evaluated at a bus because their envelope bound. */
  rowsEvaluated: number;
}

/** Per slot: the pre-existing violation the bus worsens most; monitored −1 when none. */
export interface WorsenedViolations {
  readonly monitored: Int32Array;
  readonly contingency: Int32Array;
  readonly distributionFactor: Float64Array;
}

export interface BusInputs {
  readonly ctx: AllBusbarsContext;
  readonly stream: OutageStream;
  readonly cutoff: number;
  readonly rows: LodfRows;
  readonly counters: BusCounters;
  readonly attributable: Ranking;
  /** Pairs at T = 0, ranked by the tie-break alone (a ranking capped at 0). */
  readonly zeros: Ranking;
  readonly worsened: WorsenedViolations;
}

/** The bus's column in a group's storage: D(x, b) = values[offset + x], entry nl 0. */
export interface BusColumn {
  readonly values: Float64Array;
  readonly offset: number;
  readonly nl: number;
}

export function evaluateBus(
  input: BusInputs,
  cand: ClusterCandidates,
  col: BusColumn,
  outageReach: number,
  slot: number,
): void {
  const { values, offset: o } = col;
  const { ctx, stream, cutoff, counters, attributable: rank, zeros } = input;
  const { monitored, limitPostMw } = ctx;
  rank.start(slot);
  zeros.start(slot);

  // 1. Pairs at or over their limit at T = 0.
  let evaluated = evaluateViolations(input, cand.violations, col, outageReach, slot);

  // 2. Significant pairs, by increasing bound.
  const sig = cand.significant;
  const { bound, monitoredIndex: cmi, contingency: ck, lodf: cl, flowMw: cf } = sig;
  for (let q = 0; q < sig.count; q++) {
    if (bound[q] > rank.threshold) break;
    evaluated++;
    const i = cmi[q];
    const m = monitored[i];
    const k = ck[q];
    const l = cl[q];
    const d = values[o + m] + l * values[o + k];
    if (d < cutoff && d > -cutoff) continue;
    const L = limitPostMw[i];
    // Within its limits at T = 0: T > 0 whichever way d points.
    const t = d > 0 ? (L - cf[q]) / d : (L + cf[q]) / -d;
    if (t <= rank.threshold) rank.offer(t, m, k, d, l, cf[q], L);
  }

  // 3. Envelopes whose bound at this bus does not exceed the threshold, smallest first.
  const { roomUpMw, roomDownMw, lodfMax } = stream;
  const hot: number[] = [];
  const hotBound: number[] = [];
  for (let q = 0; q < cand.envelopes.length; q++) {
    if (cand.envelopeBound[q] > rank.threshold) break;
    const i = cand.envelopes[q];
    const dm = values[o + monitored[i]];
    const extra = lodfMax[i] * outageReach;
    let t = Infinity;
    if (dm + extra >= cutoff * LOWER) t = roomUpMw[i] / (dm + extra);
    if (extra - dm >= cutoff * LOWER) t = Math.min(t, roomDownMw[i] / (extra - dm));
    t *= LOWER;
    if (t > rank.threshold) continue;
    hot.push(i);
    hotBound.push(t);
  }
  const order = hot.map((_, h) => h).sort((a, b) => hotBound[a] - hotBound[b]);
  for (const h of order) {
    if (hotBound[h] > rank.threshold) break;
    evaluated += evaluateRow(input, hot[h], col, outageReach);
  }
  counters.evaluated += evaluated;
  rank.finish(slot);
  zeros.finish(slot);
}

/**
 * Step 1: the violations and at-limit pairs of the bus's cluster (violations.ts):
 * the one-by-one pairs, then the groups of the violation store (violation-store.ts)
 * for the same three questions. Returns how many pairs it evaluated.
 */
function evaluateViolations(
  input: BusInputs,
  v: ViolationCandidates,
  col: BusColumn,
  outageReach: number,
  slot: number,
): number {
  const { values, offset: o, nl } = col;
  const { ctx, cutoff, attributable: rank, zeros } = input;
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const { monitoredIndex: pmi, contingency: pk, lodf: pl, flowMw: pf } = v.pairs;
  const dOf = (p: number): number => {
    const k = pk[p];
    return values[o + monitored[pmi[p]]] + pl[p] * values[o + (k < 0 ? nl : k)];
  };
  const limitOf = (p: number): number => (pk[p] < 0 ? limitN0Mw[pmi[p]] : limitPostMw[pmi[p]]);
  let evaluated = 0;
  // At their limit to round-off: T = 0 both ways where the bus pushes them over.
  for (let q = 0; q < v.boundary.length; q++) {
    const p = v.boundary[q];
    const d = dOf(p);
    evaluated++;
    if (d < cutoff && d > -cutoff) continue;
    const m = monitored[pmi[p]];
    const L = limitOf(p);
    const f = pf[p];
    const raw = d > 0 ? (L - f) / d : (L + f) / -d;
    if (raw <= 0) zeros.offer(0, m, pk[p], d, pl[p], f, L);
    rank.offer(raw > 0 ? raw : 0, m, pk[p], d, pl[p], f, L);
  }
  // The strict figure's limits: the first worsened violations in tie-break order.
  for (let q = 0; q < v.worsenable.length; q++) {
    const p = v.worsenable[q];
    const m = monitored[pmi[p]];
    if (!zeros.admits(0, m, pk[p])) break;
    const d = dOf(p);
    evaluated++;
    if (pf[p] > 0 ? d >= cutoff : d <= -cutoff)
      zeros.offer(0, m, pk[p], d, pl[p], pf[p], limitOf(p));
  }
  evaluated += strictGroups(input, v, col, outageReach);
  // The violation worsened most, by decreasing bound on |d|.
  const worst: Worst = { m: -1, k: -1, d: 0, abs: 0 };
  for (let q = 0; q < v.worseOrder.length; q++) {
    if (worst.m >= 0 && v.worseBound[q] < worst.abs) break;
    const p = v.worseOrder[q];
    const d = dOf(p);
    evaluated++;
    if (!(pf[p] > 0 ? d >= cutoff : d <= -cutoff)) continue;
    offerWorst(worst, monitored[pmi[p]], pk[p], d);
  }
  evaluated += worstOfGroups(input, v, col, outageReach, worst);
  input.worsened.monitored[slot] = worst.m;
  input.worsened.contingency[slot] = worst.k;
  input.worsened.distributionFactor[slot] = worst.d;
  // Relieved violations limit where the flow would cross the opposite limit.
  const r = v.relievable;
  for (let q = 0; q < r.count; q++) {
    if (r.bound[q] > rank.threshold) break;
    const k = r.contingency[q];
    const i = r.monitoredIndex[q];
    const d = values[o + monitored[i]] + r.lodf[q] * values[o + (k < 0 ? nl : k)];
    evaluated++;
    const f = r.flowMw[q];
    if (!(f > 0 ? d <= -cutoff : d >= cutoff)) continue;
    const L = k < 0 ? limitN0Mw[i] : limitPostMw[i];
    const t = (L + Math.abs(f)) / Math.abs(d);
    if (t <= rank.threshold) rank.offer(t, monitored[i], k, d, r.lodf[q], f, L);
  }
  evaluated += relievedGroups(input, v, col, outageReach);
  return evaluated;
}

/** The violation worsened most so far: monitored −1 when none. */
interface Worst {
  m: number;
  k: number;
  d: number;
  abs: number;
}

/** Largest |d|, ties to the first by contingency, then monitored row. */
function offerWorst(w: Worst, m: number, k: number, d: number): void {
  const ad = Math.abs(d);
  if (w.m < 0 || ad > w.abs || (ad === w.abs && before(k, m, w.k, w.m))) {
    w.m = m;
    w.k = k;
    w.d = d;
    w.abs = ad;
  }
}

/*
 * The groups of the violation store, read group by group and block by block, each group or
 * block skipped when its bound at this bus shows none of its pairs can count: with s the side,
 * s·d ≤ s·D(m) + lodfMax·reach and −s·d ≤ −s·D(m) + lodfMax·reach, reach = max|D(k)| over the
 * outages. The bounds are computed as d is (the rounding of D(m) + LODF·D(k) cannot pass
 * them), so every figure is the one a pair-by-pair scan gives.
 */

/**
 * The strict figure's limits among the groups, which come by (first contingency, monitored
 * row): none after one whose first pair is not admitted can enter. First each group's first
 * pair (where a bus worsens a group it usually worsens every pair of it), then the rest.
 */
function strictGroups(
  input: BusInputs,
  v: ViolationCandidates,
  col: BusColumn,
  outageReach: number,
): number {
  const { values, offset: o, nl } = col;
  const { ctx, stream, cutoff, zeros } = input;
  const { monitored, limitN0Mw, limitPostMw, baseFlowMw: f } = ctx;
  const st = stream.violations;
  const { start, contingency: sk, lodf: sl, blockStart, blockLodfMax } = st;
  const reach = cutoff * LOWER;
  const groups = v.groupsWorsenable;
  let evaluated = 0;
  const offer = (g: number, p: number): void => {
    const i = g >> 1;
    const m = monitored[i];
    const k = sk[p];
    const l = sl[p];
    const d = values[o + m] + l * values[o + (k < 0 ? nl : k)];
    evaluated++;
    if ((g & 1 ? -d : d) >= cutoff) {
      const L = k < 0 ? limitN0Mw[i] : limitPostMw[i];
      zeros.offer(0, m, k, d, l, k < 0 ? f[m] : f[m] + l * f[k], L);
    }
  };
  for (let pass = 0; pass < 2; pass++) {
    groups: for (let q = 0; q < groups.length; q++) {
      const g = groups[q];
      const m = monitored[g >> 1];
      if (!zeros.admits(0, m, sk[start[g]])) break;
      const sm = (g & 1 ? -1 : 1) * values[o + m];
      if (sm + st.lodfMax[g] * outageReach < reach) continue;
      if (pass === 0) {
        offer(g, start[g]);
        continue;
      }
      for (let b = blockStart[g]; b < blockStart[g + 1]; b++) {
        const from = start[g] + (b - blockStart[g]) * BLOCK;
        if (!zeros.admits(0, m, sk[from])) continue groups;
        if (sm + blockLodfMax[b] * outageReach < reach) continue;
        const to = Math.min(from + BLOCK, start[g + 1]);
        for (let p = Math.max(from, start[g] + 1); p < to; p++) {
          if (!zeros.admits(0, m, sk[p])) continue groups;
          offer(g, p);
        }
      }
    }
  }
  return evaluated;
}

/**
 * The violation worsened most among the groups, by decreasing bound over the cluster, blocks by
 * decreasing |LODF|, until no bound reaches the largest |d| found.
 */
function worstOfGroups(
  input: BusInputs,
  v: ViolationCandidates,
  col: BusColumn,
  outageReach: number,
  worst: Worst,
): number {
  const { values, offset: o, nl } = col;
  const { ctx, stream, cutoff } = input;
  const { monitored } = ctx;
  const st = stream.violations;
  const { start, contingency: sk, lodf: sl, blockStart, blockLodfMax, blockOrder } = st;
  const reach = cutoff * LOWER;
  let evaluated = 0;
  for (let q = 0; q < v.groupWorseOrder.length; q++) {
    if (worst.m >= 0 && v.groupWorseBound[q] < worst.abs) break;
    const g = v.groupWorseOrder[q];
    const m = monitored[g >> 1];
    const s = g & 1 ? -1 : 1;
    const dm = values[o + m];
    const sm = s * dm;
    const most = sm + st.lodfMax[g] * outageReach;
    if (most < reach || (worst.m >= 0 && most * UPPER < worst.abs)) continue;
    for (let j = blockStart[g]; j < blockStart[g + 1]; j++) {
      const b = blockOrder[j];
      const bound = sm + blockLodfMax[b] * outageReach;
      if (bound < reach || (worst.m >= 0 && bound * UPPER < worst.abs)) break;
      const from = start[g] + (b - blockStart[g]) * BLOCK;
      const to = Math.min(from + BLOCK, start[g + 1]);
      for (let p = from; p < to; p++) {
        const k = sk[p];
        const d = dm + sl[p] * values[o + (k < 0 ? nl : k)];
        evaluated++;
        if (s * d >= cutoff) offerWorst(worst, m, k, d);
      }
    }
  }
  return evaluated;
}

/** Relieved violations among the groups, by increasing bound over the cluster. */
function relievedGroups(
  input: BusInputs,
  v: ViolationCandidates,
  col: BusColumn,
  outageReach: number,
): number {
  const { values, offset: o, nl } = col;
  const { ctx, stream, cutoff, attributable: rank } = input;
  const { monitored, limitN0Mw, limitPostMw, baseFlowMw: f } = ctx;
  const st = stream.violations;
  const { start, contingency: sk, lodf: sl, blockStart, blockLodfMax } = st;
  const reach = cutoff * LOWER;
  let evaluated = 0;
  for (let q = 0; q < v.groupsRelievable.length; q++) {
    if (v.groupRelieveBound[q] > rank.threshold) break;
    const g = v.groupsRelievable[q];
    const i = g >> 1;
    const m = monitored[i];
    const s = g & 1 ? -1 : 1;
    const dm = values[o + m];
    // T = (L + |f|)/|d| with |f| > L: at least 2·L over the largest |d| that relieves.
    const room = 2 * Math.min(limitN0Mw[i], limitPostMw[i]);
    const most = -s * dm + st.lodfMax[g] * outageReach;
    if (most < reach || (room / most) * LOWER > rank.threshold) continue;
    for (let b = blockStart[g]; b < blockStart[g + 1]; b++) {
      const bound = -s * dm + blockLodfMax[b] * outageReach;
      if (bound < reach || (room / bound) * LOWER > rank.threshold) continue;
      const from = start[g] + (b - blockStart[g]) * BLOCK;
      const to = Math.min(from + BLOCK, start[g + 1]);
      for (let p = from; p < to; p++) {
        const k = sk[p];
        const l = sl[p];
        const d = dm + l * values[o + (k < 0 ? nl : k)];
        evaluated++;
        if (!(s * d <= -cutoff)) continue;
        const L = k < 0 ? limitN0Mw[i] : limitPostMw[i];
        const fc = k < 0 ? f[m] : f[m] + l * f[k];
        const t = (L + Math.abs(fc)) / Math.abs(d);
        if (t <= rank.threshold) rank.offer(t, m, k, d, l, fc, L);
      }
    }
  }
  return evaluated;
}

/**
 * The pairs of monitored index i at this bus that its envelope stands for (|LODF| < ε), N-0
 * included: in each class of |LODF| whose pairs can reach the cutoff, by increasing room until
 * the room over the largest |d| they can have here, |D(m)| + |LODF|·reach, passes the
 * threshold; returns how many it evaluated. The pairs with
 * |LODF| ≥ ε, significant or at their limit, were ranked in steps 1 and 2 from the stream's
 * own LODF, and a pair the bounds left out there has T over the threshold.
 */
function evaluateRow(input: BusInputs, i: number, col: BusColumn, outageReach: number): number {
  const { values, offset: o } = col;
  const { ctx, cutoff, rows, counters, attributable: rank } = input;
  const { monitored, outages, baseFlowMw: f } = ctx;
  counters.rowsEvaluated++;
  const { lodf: row, order, classStart, runStart, runRoom, lodfAfter } = rows(i);
  const m = monitored[i];
  const dm = values[o + m];
  const adm = Math.abs(dm);
  const fm = f[m];
  const L = ctx.limitPostMw[i];
  const reach = cutoff * LOWER;
  let evaluated = 1;
  for (let c = 0; c < ROW_CLASSES; c++) {
    for (let r = runStart[c]; r < runStart[c + 1]; r++) {
      // |d| ≤ |D(m)| + |LODF|·reach for every pair from this run on in the class.
      const most = adm + lodfAfter[r] * outageReach;
      const j0 = classStart[c] + (r - runStart[c]) * ROW_RUN;
      if (most < reach || (runRoom[r] / most) * LOWER > rank.threshold) break;
      const j1 = Math.min(classStart[c + 1], j0 + ROW_RUN);
      evaluated += j1 - j0;
      for (let j = j0; j < j1; j++) {
        const kk = order[j];
        const k = outages[kk];
        const l = row[kk];
        const d = dm + l * values[o + k];
        if (d < cutoff && d > -cutoff) continue;
        const fc = fm + l * f[k];
        const raw = d > 0 ? (L - fc) / d : (L + fc) / -d;
        if (raw > rank.threshold) continue;
        // At-limit pairs were ranked in step 1; the row's own LODF may differ in the last bit.
        if (raw <= 0) continue;
        rank.offer(raw, m, k, d, l, fc, L);
      }
    }
  }
  if (dm >= cutoff || dm <= -cutoff) {
    const L0 = ctx.limitN0Mw[i];
    const raw = dm > 0 ? (L0 - fm) / dm : (L0 + fm) / -dm;
    if (raw > 0 && raw <= rank.threshold) rank.offer(raw, m, -1, dm, 0, fm, L0);
  }
  return evaluated;
}
