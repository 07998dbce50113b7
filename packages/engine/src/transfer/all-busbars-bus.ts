import type { ClusterCandidates } from './all-busbars-cluster';
import type { ViolationCandidates } from './all-busbars-violations';
import { LOWER } from './all-busbars-bounds';
import type { Ranking } from './all-busbars-ranking';
import { before } from './all-busbars-ranking';
import type { OutageStream } from './all-busbars-stream';
import type { AllBusbarsContext } from './all-busbars-context';

/**
 * Stage 4 of the all-busbar capacity (all-busbars.ts): the exact ranking of one bus from its
 * column D = D(·, b) and its cluster's candidates. In this order, each with early stops:
 *   1. the pairs at or over their limit at T = 0 (all-busbars-violations.ts): the first ones
 *      the injection pushes further, in tie-break order (T = 0: the strict figure's limits),
 *      the one it worsens most (largest |d|), and those it relieves (a T like any other);
 *   2. the significant pairs by increasing cluster bound, until the bound passes the ranking's
 *      threshold;
 *   3. the envelopes of the monitored branches, by increasing bound at this bus: where one is at
 *      or under the threshold, that branch's whole LODF row (N-0 included) is evaluated exactly.
 * The attributable ranking leaves out the pre-existing violations the bus worsens; the strict
 * one is the zeros (every pair at T = 0, whatever its cause) followed by the attributable.
 */

/** A monitored branch's LODF row over ctx.outages, computed once and kept while it is used. */
export type LodfRows = (monitoredIndex: number) => Float64Array;

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
  let evaluated = evaluateViolations(input, cand.violations, col, slot);

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
    evaluated += evaluateRow(input, hot[h], col);
  }
  counters.evaluated += evaluated;
  rank.finish(slot);
  zeros.finish(slot);
}

/**
 * Step 1: the violations of the bus's cluster (all-busbars-violations.ts). Returns how many
 * pairs it evaluated.
 */
function evaluateViolations(
  input: BusInputs,
  v: ViolationCandidates,
  col: BusColumn,
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
  // The violation worsened most, by decreasing bound on |d|.
  let worseM = -1;
  let worseK = -1;
  let worseD = 0;
  for (let q = 0; q < v.worseOrder.length; q++) {
    if (worseM >= 0 && v.worseBound[q] < Math.abs(worseD)) break;
    const p = v.worseOrder[q];
    const d = dOf(p);
    evaluated++;
    if (!(pf[p] > 0 ? d >= cutoff : d <= -cutoff)) continue;
    const m = monitored[pmi[p]];
    const k = pk[p];
    const ad = Math.abs(d);
    const aw = Math.abs(worseD);
    if (worseM < 0 || ad > aw || (ad === aw && before(k, m, worseK, worseM))) {
      worseM = m;
      worseK = k;
      worseD = d;
    }
  }
  input.worsened.monitored[slot] = worseM;
  input.worsened.contingency[slot] = worseK;
  input.worsened.distributionFactor[slot] = worseD;
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
  return evaluated;
}

/** Every pair of monitored index i at this bus, N-0 included; returns how many. */
function evaluateRow(input: BusInputs, i: number, col: BusColumn): number {
  const { values, offset: o } = col;
  const { ctx, cutoff, rows, counters, attributable: rank } = input;
  const { monitored, outages, baseFlowMw: f } = ctx;
  counters.rowsEvaluated++;
  const row = rows(i);
  const m = monitored[i];
  const dm = values[o + m];
  const fm = f[m];
  const L = ctx.limitPostMw[i];
  for (let kk = 0; kk < outages.length; kk++) {
    const k = outages[kk];
    const l = row[kk];
    const d = dm + l * values[o + k];
    if ((d < cutoff && d > -cutoff) || k === m) continue;
    const fc = fm + l * f[k];
    const raw = d > 0 ? (L - fc) / d : (L + fc) / -d;
    if (raw > rank.threshold) continue;
    // At-limit pairs were ranked in step 1; the row's own LODF may differ in the last bit.
    if (raw <= 0) continue;
    rank.offer(raw, m, k, d, l, fc, L);
  }
  if (dm >= cutoff || dm <= -cutoff) {
    const L0 = ctx.limitN0Mw[i];
    const raw = dm > 0 ? (L0 - fm) / dm : (L0 + fm) / -dm;
    if (raw > 0 && raw <= rank.threshold) rank.offer(raw, m, -1, dm, 0, fm, L0);
  }
  return outages.length + 1;
}
