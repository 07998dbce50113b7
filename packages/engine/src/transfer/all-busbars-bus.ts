import type { ClusterCandidates } from './all-busbars-cluster';
import { LOWER } from './all-busbars-cluster';
import type { Ranking } from './all-busbars-ranking';
import { before } from './all-busbars-ranking';
import type { OutageStream } from './all-busbars-stream';
import type { AllBusbarsContext } from './all-busbars-context';
import { isPreExisting } from './screen';

/**
 * Stage 4 of the all-busbar capacity (all-busbars.ts): the exact ranking of one bus from its
 * column D = D(·, b) and its cluster's candidates. In this order, each with early stops:
 *   1. the at-limit pairs: those at T = 0 (the strict figure's), the pre-existing violations
 *      the injection worsens (the one with the largest |d| is reported), those it relieves (a
 *      T like any other);
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
  const { values, offset: o, nl } = col;
  const { ctx, stream, cutoff, counters, attributable: rank, zeros } = input;
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  rank.start(slot);
  zeros.start(slot);

  // 1. At-limit pairs.
  let worseM = -1;
  let worseK = -1;
  let worseD = 0;
  const at = cand.atLimit;
  for (let p = 0; p < at.count; p++) {
    const i = at.monitoredIndex[p];
    const m = monitored[i];
    const k = at.contingency[p];
    const l = at.lodf[p];
    const d = values[o + m] + l * values[o + (k < 0 ? nl : k)];
    if (d < cutoff && d > -cutoff) continue;
    const fc = at.flowMw[p];
    const L = k < 0 ? limitN0Mw[i] : limitPostMw[i];
    const raw = d > 0 ? (L - fc) / d : (L + fc) / -d;
    if (raw > 0) {
      rank.offer(raw, m, k, d, l, fc, L);
      continue;
    }
    zeros.offer(0, m, k, d, l, fc, L);
    if (!isPreExisting(fc, d, L)) {
      rank.offer(0, m, k, d, l, fc, L);
      continue;
    }
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

  // 2. Significant pairs, by increasing bound.
  const sig = cand.significant;
  const { bound, monitoredIndex: cmi, contingency: ck, lodf: cl, flowMw: cf } = sig;
  let evaluated = at.count;
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
