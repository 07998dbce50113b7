import type { ClusterCandidates } from './all-busbars-cluster';
import { LOWER } from './all-busbars-cluster';
import type { OutageStream } from './all-busbars-stream';
import type { ScreenContext } from './screen';
import { isPreExisting } from './screen';

/**
 * Stage 4 of the all-busbar capacity (all-busbars.ts): the exact figures of one bus from its
 * column D = D(·, b) and its cluster's candidates. In this order, each with early stops:
 *   1. the at-limit pairs: which give T = 0 (strict figure), which are pre-existing violations
 *      the injection worsens (the one with the largest |d| is reported), which the injection
 *      relieves (a T like any other);
 *   2. the significant pairs by increasing cluster bound, until the bound passes the best T;
 *   3. the envelopes of the monitored branches, by increasing bound at this bus: where one is
 *      at or under the best T, that branch's whole LODF row (N-0 included) is evaluated exactly.
 * Every comparison of T breaks ties as the N-1 screen and busbarCapacity do: N-0 first, then by
 * contingency row, then by monitored row.
 */
/** One figure per bus: capacity and the constraint that sets it. */
export interface BusbarFigures {
  /** MW; the cap when nothing binds before it; NaN for a bus not computed. */
  readonly capacityMw: Float64Array;
  /** 0-based branch row of the limiting monitored branch; −1 when the cap binds. */
  readonly monitored: Int32Array;
  /** 0-based branch row of its contingency; −1 for N-0 (or when the cap binds). */
  readonly contingency: Int32Array;
  /** d(c), MW per MW injected at the bus; 0 when the cap binds. */
  readonly distributionFactor: Float64Array;
}

/** The pre-existing violation a bus's injection worsens most; monitored −1 when none. */
export interface WorsenedViolations {
  readonly monitored: Int32Array;
  readonly contingency: Int32Array;
  readonly distributionFactor: Float64Array;
}

export interface BusbarTables {
  /** ANALYSIS.md §4 as written (option 'limit'): a worsened pre-existing violation gives 0. */
  readonly strict: BusbarFigures;
  /** Option 'ignore': constraints over their limit at T = 0 that the bus worsens are left out. */
  readonly attributable: BusbarFigures;
  readonly worsened: WorsenedViolations;
}

function figures(n: number): BusbarFigures {
  return {
    capacityMw: new Float64Array(n).fill(NaN),
    monitored: new Int32Array(n).fill(-1),
    contingency: new Int32Array(n).fill(-1),
    distributionFactor: new Float64Array(n),
  };
}

export function makeBusbarTables(n: number): BusbarTables {
  return {
    strict: figures(n),
    attributable: figures(n),
    worsened: {
      monitored: new Int32Array(n).fill(-1),
      contingency: new Int32Array(n).fill(-1),
      distributionFactor: new Float64Array(n),
    },
  };
}

/** A monitored branch's LODF row over ctx.outages, computed once and kept while it is used. */
export type LodfRows = (monitoredIndex: number) => Float64Array;

export interface BusCounters {
  /** Exact T evaluations over all buses. */
  evaluated: number;
  /** Monitored rows evaluated at a bus because their envelope bound. */
  rowsEvaluated: number;
}

export interface BusInputs {
  readonly ctx: ScreenContext;
  readonly stream: OutageStream;
  readonly capMw: number;
  readonly cutoff: number;
  readonly rows: LodfRows;
  readonly counters: BusCounters;
}

/** (k, m) before (k2, m2): N-0 (−1) first, then contingency row, then monitored row. */
const before = (k: number, m: number, k2: number, m2: number): boolean =>
  k !== k2 ? k < k2 : m < m2;

class Best {
  t: number;
  m = -1;
  k = -1;
  d = 0;
  constructor(cap: number) {
    this.t = cap;
  }
  offer(t: number, m: number, k: number, d: number): void {
    if (t < this.t || (t === this.t && this.m >= 0 && before(k, m, this.k, this.m))) {
      this.t = t;
      this.m = m;
      this.k = k;
      this.d = d;
    }
  }
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
  out: BusbarTables,
  slot: number,
): void {
  const { values, offset: o, nl } = col;
  const { ctx, stream, capMw, cutoff, counters } = input;
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const best = new Best(capMw);

  // 1. At-limit pairs.
  let zeroM = -1;
  let zeroK = -1;
  let zeroD = 0;
  let worseM = -1;
  let worseK = -1;
  let worseD = 0;
  const at = cand.atLimit;
  for (let p = 0; p < at.count; p++) {
    const i = at.monitoredIndex[p];
    const m = monitored[i];
    const k = at.contingency[p];
    const d = values[o + m] + at.lodf[p] * values[o + (k < 0 ? nl : k)];
    if (d < cutoff && d > -cutoff) continue;
    const fc = at.flowMw[p];
    const L = k < 0 ? limitN0Mw[i] : limitPostMw[i];
    const raw = d > 0 ? (L - fc) / d : (L + fc) / -d;
    if (raw > 0) {
      best.offer(raw, m, k, d);
      continue;
    }
    if (zeroM < 0 || before(k, m, zeroK, zeroM)) {
      zeroM = m;
      zeroK = k;
      zeroD = d;
    }
    if (!isPreExisting(fc, d, L)) {
      best.offer(0, m, k, d);
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

  // 2. Significant pairs, by increasing bound.
  const sig = cand.significant;
  const { bound, monitoredIndex: cmi, contingency: ck, lodf: cl, flowMw: cf } = sig;
  let evaluated = at.count;
  for (let q = 0; q < sig.count; q++) {
    if (bound[q] > best.t) break;
    evaluated++;
    const i = cmi[q];
    const m = monitored[i];
    const k = ck[q];
    const d = values[o + m] + cl[q] * values[o + k];
    if (d < cutoff && d > -cutoff) continue;
    const L = limitPostMw[i];
    // Within its limits at T = 0: T > 0 whichever way d points.
    const t = d > 0 ? (L - cf[q]) / d : (L + cf[q]) / -d;
    if (t <= best.t) best.offer(t, m, k, d);
  }

  // 3. Envelopes whose bound at this bus does not exceed the best T, smallest first.
  const { roomUpMw, roomDownMw, lodfMax } = stream;
  const hot: number[] = [];
  const hotBound: number[] = [];
  for (let q = 0; q < cand.envelopes.length; q++) {
    if (cand.envelopeBound[q] > best.t) break;
    const i = cand.envelopes[q];
    const dm = values[o + monitored[i]];
    const extra = lodfMax[i] * outageReach;
    let t = Infinity;
    if (dm + extra >= cutoff * LOWER) t = roomUpMw[i] / (dm + extra);
    if (extra - dm >= cutoff * LOWER) t = Math.min(t, roomDownMw[i] / (extra - dm));
    t *= LOWER;
    if (t > best.t) continue;
    hot.push(i);
    hotBound.push(t);
  }
  const order = hot.map((_, h) => h).sort((a, b) => hotBound[a] - hotBound[b]);
  for (const h of order) {
    if (hotBound[h] > best.t) break;
    evaluated += evaluateRow(input, hot[h], col, best);
  }
  counters.evaluated += evaluated;

  const { strict, attributable, worsened } = out;
  attributable.capacityMw[slot] = best.t;
  attributable.monitored[slot] = best.m;
  attributable.contingency[slot] = best.m >= 0 ? best.k : -1;
  attributable.distributionFactor[slot] = best.m >= 0 ? best.d : 0;
  // Strict: 0 as soon as one pair is at T = 0; among those, the same tie-break.
  const zero = zeroM >= 0;
  strict.capacityMw[slot] = zero ? 0 : best.t;
  strict.monitored[slot] = zero ? zeroM : best.m;
  strict.contingency[slot] = zero ? zeroK : best.m >= 0 ? best.k : -1;
  strict.distributionFactor[slot] = zero ? zeroD : best.m >= 0 ? best.d : 0;
  worsened.monitored[slot] = worseM;
  worsened.contingency[slot] = worseK;
  worsened.distributionFactor[slot] = worseD;
}

/** Every pair of monitored index i at this bus, N-0 included; returns how many. */
function evaluateRow(input: BusInputs, i: number, col: BusColumn, best: Best): number {
  const { values, offset: o } = col;
  const { ctx, cutoff, rows, counters } = input;
  const { monitored, outages, baseFlowMw: f } = ctx;
  counters.rowsEvaluated++;
  const row = rows(i);
  const m = monitored[i];
  const dm = values[o + m];
  const fm = f[m];
  const L = ctx.limitPostMw[i];
  let bt = best.t;
  for (let kk = 0; kk < outages.length; kk++) {
    const k = outages[kk];
    const l = row[kk];
    const d = dm + l * values[o + k];
    if ((d < cutoff && d > -cutoff) || k === m) continue;
    const fc = fm + l * f[k];
    const raw = d > 0 ? (L - fc) / d : (L + fc) / -d;
    if (raw > bt) continue;
    if (raw <= 0 && isPreExisting(fc, d, L)) continue;
    best.offer(raw > 0 ? raw : 0, m, k, d);
    bt = best.t;
  }
  if (dm >= cutoff || dm <= -cutoff) {
    const L0 = ctx.limitN0Mw[i];
    const raw = dm > 0 ? (L0 - fm) / dm : (L0 + fm) / -dm;
    if (raw <= bt && !(raw <= 0 && isPreExisting(fm, dm, L0))) {
      best.offer(raw > 0 ? raw : 0, m, -1, dm);
    }
  }
  return outages.length + 1;
}
