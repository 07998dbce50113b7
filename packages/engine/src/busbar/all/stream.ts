import {
  BATCH,
  factorStepOf,
  luSolve4Sparse,
  makeSparseBatch4Workspace,
} from '../../linalg/lu-batch';
import type { AllBusbarsContext } from './context';
import type { ViolationPart, ViolationStore } from './violation-store';
import { ViolationCollector, buildViolationStore, groupOf, overLimit } from './violation-store';

/**
 * Stage 1 of the all-busbar capacity (capacities.ts): ONE LODF stream for the whole job. Every
 * (monitored m, outage k) pair is seen once and sorted into one of four kinds:
 *
 * - significant, |LODF(m,k)| ≥ ε and within its limit at T = 0: kept explicitly, with LODF and
 *   post-contingency flow, for the per-cluster bounds (cluster-bounds.ts);
 * - over its limit at T = 0 (N-0 included), a pre-existing violation, with |LODF| < ε: handed
 *   to the violation store (violation-store.ts), by monitored branch and side, 12
 *   bytes a pair. A stressed case has millions, nearly all of this kind;
 * - at or over its limit otherwise (`atLimit`: the violations with |LODF| ≥ ε, under 1 % of
 *   them on stressed cases, and the pairs at their limit to round-off): kept explicitly, like
 *   the significant ones;
 * - the rest, |LODF| < ε: folded, with the N-0 pair, into ONE envelope per monitored branch: the
 *   smallest room up (L − f(m|k)) and down (L + f(m|k)) and the largest |LODF|. For a bus b with
 *   column D, such a pair has d = D(m) + LODF·D(k) within |LODF|·max|D(k)| of D(m), so
 *   T ≥ room / (|D(m)| + lodfMax·max|D(·)|) bounds all of them at once.
 *
 * Also kept: each outage's 1/(1 − h_k), with which one solve gives a monitored branch's whole
 * LODF row when its envelope binds at some bus (its exact row is then evaluated there).
 */
export interface PairList {
  count: number;
  /** Index into ctx.monitored. */
  monitoredIndex: Int32Array;
  /** Branch row; −1 for N-0. */
  contingency: Int32Array;
  lodf: Float64Array;
  /** f(m|k) at T = 0, MW. */
  flowMw: Float64Array;
}

/** The envelopes: per monitored index, over N-0 and the folded pairs. */
export interface Envelopes {
  /** min (L − f), +∞ when none. */
  readonly roomUpMw: Float64Array;
  /** min (L + f). */
  readonly roomDownMw: Float64Array;
  /** max |LODF| of the folded pairs (0 when only N-0 is folded). */
  readonly lodfMax: Float64Array;
}

/** What one thread's share of the stream (some of the outages) gathers. */
export interface StreamPart extends Envelopes {
  significant: PairList;
  atLimit: PairList;
  readonly violations: ViolationCollector;
}

/** The same as handed from a helper thread: the violations as plain records. */
export interface StreamPartData extends Envelopes {
  readonly significant: PairList;
  readonly atLimit: PairList;
  readonly violations: ViolationPart;
  /** Time the helper spent on its outages, ms. */
  readonly streamMs: number;
}

/** The whole stream, every outage, as the bounds and the buses read it. */
export interface OutageStream extends Envelopes {
  /** ε: the |LODF| under which a pair within its limit is folded into its envelope. */
  readonly epsilon: number;
  /** 1 / (1 − h_k) per outage, in ctx.outages order. */
  readonly outageScale: Float64Array;
  /** By monitored index, then contingency row. */
  readonly significant: PairList;
  /**
   * At or over their limit and not in the store (at it to round-off, or |LODF| ≥ ε),
   * by contingency row (N-0 first), then monitored row.
   */
  readonly atLimit: PairList;
  readonly violations: ViolationStore;
}

export function emptyPairList(capacity = 1024): PairList {
  return {
    count: 0,
    monitoredIndex: new Int32Array(capacity),
    contingency: new Int32Array(capacity),
    lodf: new Float64Array(capacity),
    flowMw: new Float64Array(capacity),
  };
}

export function pushPair(list: PairList, i: number, k: number, l: number, f: number): void {
  if (list.count === list.lodf.length) {
    const size = 2 * list.count;
    const grow = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    list.monitoredIndex = grow(list.monitoredIndex);
    list.contingency = grow(list.contingency);
    list.lodf = grow(list.lodf);
    list.flowMw = grow(list.flowMw);
  }
  const n = list.count++;
  list.monitoredIndex[n] = i;
  list.contingency[n] = k;
  list.lodf[n] = l;
  list.flowMw[n] = f;
}

/** An empty share of the stream for `nMon` monitored branches, to be filled. */
export function makeStreamPart(nMon: number): StreamPart {
  return {
    significant: emptyPairList(),
    atLimit: emptyPairList(),
    violations: new ViolationCollector(nMon),
    roomUpMw: new Float64Array(nMon).fill(Infinity),
    roomDownMw: new Float64Array(nMon).fill(Infinity),
    lodfMax: new Float64Array(nMon),
  };
}

/** N-0 pairs: folded into the envelopes, or kept as violations (LODF 0) or at-limit pairs. */
export function foldBaseCase(ctx: AllBusbarsContext, out: StreamPart): void {
  const { monitored, baseFlowMw: f, limitN0Mw } = ctx;
  for (let i = 0; i < monitored.length; i++) {
    const fm = f[monitored[i]];
    const up = limitN0Mw[i] - fm;
    const down = limitN0Mw[i] + fm;
    if (up <= 0 || down <= 0) {
      if (overLimit(fm, limitN0Mw[i])) out.violations.push(groupOf(i, fm), -1, 0);
      else pushPair(out.atLimit, i, -1, 0, fm);
    } else {
      out.roomUpMw[i] = Math.min(out.roomUpMw[i], up);
      out.roomDownMw[i] = Math.min(out.roomDownMw[i], down);
    }
  }
}

export interface StreamKernel {
  run(from: number, to: number): void;
  finish(): void;
}

/**
 * The stream's kernel: run(from, to) takes the outages ctx.outages[from .. to), four per pass
 * over the factors; finish() folds what the runs saw into the envelopes. The
 * four outages of a pass are read together for each monitored branch: their angle differences
 * share a cache line, and most groups of four pairs are folded at once (all |LODF| < ε, all
 * within the limit), so a pair costs about what it costs the N-1 screen.
 */
export function makeStreamKernel(
  ctx: AllBusbarsContext,
  epsilon: number,
  out: StreamPart,
  outageScale: Float64Array,
): StreamKernel {
  const { monitored, outages, baseFlowMw: f, limitPostMw, fromBus, toBus, branchB: b } = ctx;
  const { lu, reducedOf } = ctx.reduced;
  const nR = lu.n;
  const nMon = monitored.length;
  // Angles are read in factor order (luSolve4Sparse); grounded buses map to step nR, always 0.
  const stepOf = factorStepOf(lu);
  const slot = (bus: number): number => BATCH * (reducedOf[bus] >= 0 ? stepOf[reducedOf[bus]] : nR);
  const monFrom = Int32Array.from(monitored, (m) => slot(fromBus[m]));
  const monTo = Int32Array.from(monitored, (m) => slot(toBus[m]));
  const monB = Float64Array.from(monitored, (m) => b[m]);
  const monF = Float64Array.from(monitored, (m) => f[m]);
  const monitoredIndexOf = new Int32Array(ctx.nl).fill(-1);
  monitored.forEach((m, i) => (monitoredIndexOf[m] = i));
  const { lodfMax, violations } = out;
  // Folded flows are tracked as their extremes; rooms are L − max and L + min at the end.
  const maxPost = new Float64Array(nMon).fill(-Infinity);
  const minPost = new Float64Array(nMon).fill(Infinity);
  const ws = makeSparseBatch4Workspace(nR);
  const rows = new Int32Array(2 * BATCH);
  const x = ws.y;
  const ks = new Int32Array(BATCH);
  const fk = new Float64Array(BATCH);
  const scale = new Float64Array(BATCH);
  const self = new Int32Array(BATCH);
  const l = new Float64Array(BATCH);
  const post = new Float64Array(BATCH);
  const run = (from: number, to: number): void => {
    for (let start = from; start < to; start += BATCH) {
      const count = Math.min(BATCH, to - start);
      let nRows = 0;
      for (let j = 0; j < count; j++) {
        const k = outages[start + j];
        const fr = reducedOf[fromBus[k]];
        const tr = reducedOf[toBus[k]];
        if (fr >= 0) {
          ws.r[BATCH * fr + j] += 1;
          rows[nRows++] = fr;
        }
        if (tr >= 0) {
          ws.r[BATCH * tr + j] -= 1;
          rows[nRows++] = tr;
        }
      }
      luSolve4Sparse(lu, rows.subarray(0, nRows), ws);
      for (let j = 0; j < BATCH; j++) {
        // A short last pass repeats its first outage: the same pairs, folded or kept once.
        const k = outages[start + (j < count ? j : 0)];
        const h = b[k] * (x[slot(fromBus[k]) + j] - x[slot(toBus[k]) + j]);
        ks[j] = k;
        fk[j] = f[k];
        scale[j] = 1 / (1 - h);
        // The outaged branch is not a constraint of its own outage.
        self[j] = monitoredIndexOf[k];
        if (j < count) outageScale[start + j] = scale[j];
      }
      if (count < BATCH) {
        for (let j = count; j < BATCH; j++) {
          for (let r = 0; r < nR; r++) x[BATCH * r + j] = x[BATCH * r];
          x[BATCH * nR + j] = 0;
        }
      }
      const [f0, f1, f2, f3] = fk;
      const [s0, s1, s2, s3] = scale;
      const [i0, i1, i2, i3] = self;
      for (let i = 0; i < nMon; i++) {
        const a = monFrom[i];
        const c = monTo[i];
        const bm = monB[i];
        const fm = monF[i];
        const L = limitPostMw[i];
        const l0 = bm * (x[a] - x[c]) * s0;
        const l1 = bm * (x[a + 1] - x[c + 1]) * s1;
        const l2 = bm * (x[a + 2] - x[c + 2]) * s2;
        const l3 = bm * (x[a + 3] - x[c + 3]) * s3;
        const p0 = fm + l0 * f0;
        const p1 = fm + l1 * f1;
        const p2 = fm + l2 * f2;
        const p3 = fm + l3 * f3;
        const a0 = Math.abs(l0);
        const a1 = Math.abs(l1);
        const a2 = Math.abs(l2);
        const a3 = Math.abs(l3);
        // Compare-and-branch, taken the same way almost always (min/max would cost more).
        if (
          a0 < epsilon &&
          a1 < epsilon &&
          a2 < epsilon &&
          a3 < epsilon &&
          Math.abs(p0) < L &&
          Math.abs(p1) < L &&
          Math.abs(p2) < L &&
          Math.abs(p3) < L &&
          i !== i0 &&
          i !== i1 &&
          i !== i2 &&
          i !== i3
        ) {
          let hi = maxPost[i];
          let lo = minPost[i];
          let al = lodfMax[i];
          if (p0 > hi) hi = p0;
          if (p1 > hi) hi = p1;
          if (p2 > hi) hi = p2;
          if (p3 > hi) hi = p3;
          if (p0 < lo) lo = p0;
          if (p1 < lo) lo = p1;
          if (p2 < lo) lo = p2;
          if (p3 < lo) lo = p3;
          if (a0 > al) al = a0;
          if (a1 > al) al = a1;
          if (a2 > al) al = a2;
          if (a3 > al) al = a3;
          maxPost[i] = hi;
          minPost[i] = lo;
          lodfMax[i] = al;
          continue;
        }
        l[0] = l0;
        l[1] = l1;
        l[2] = l2;
        l[3] = l3;
        post[0] = p0;
        post[1] = p1;
        post[2] = p2;
        post[3] = p3;
        for (let j = 0; j < count; j++) {
          if (i === self[j]) continue;
          const lj = l[j];
          const pj = post[j];
          const alj = Math.abs(lj);
          if (!(pj < L && pj > -L)) {
            if (alj < epsilon && overLimit(pj, L)) violations.push(groupOf(i, pj), start + j, lj);
            else pushPair(out.atLimit, i, ks[j], lj, pj);
          } else if (alj >= epsilon) pushPair(out.significant, i, ks[j], lj, pj);
          else {
            if (pj > maxPost[i]) maxPost[i] = pj;
            if (pj < minPost[i]) minPost[i] = pj;
            if (alj > lodfMax[i]) lodfMax[i] = alj;
          }
        }
      }
    }
  };
  const finish = (): void => {
    for (let i = 0; i < nMon; i++) {
      out.roomUpMw[i] = Math.min(out.roomUpMw[i], limitPostMw[i] - maxPost[i]);
      out.roomDownMw[i] = Math.min(out.roomDownMw[i], limitPostMw[i] + minPost[i]);
    }
  };
  return { run, finish };
}

/**
 * The list ordered by monitored index, then contingency (two counting sorts): the bound passes
 * then read the monitored branch's values in order and gather only the contingency's, and the
 * order does not depend on which thread streamed which outage.
 */
export function sortedPairs(list: PairList, nMon: number, nl: number): PairList {
  const byK = countingSort(list, nl + 1, (p) => list.contingency[p] + 1);
  return countingSort(byK, nMon, (p) => byK.monitoredIndex[p]);
}

/** The list ordered by contingency (N-0 first), then monitored: the tie-break order at T = 0. */
export function sortedByContingency(list: PairList, nMon: number, nl: number): PairList {
  const byM = countingSort(list, nMon, (p) => list.monitoredIndex[p]);
  return countingSort(byM, nl + 1, (p) => byM.contingency[p] + 1);
}

function countingSort(list: PairList, keys: number, key: (p: number) => number): PairList {
  const start = new Int32Array(keys + 1);
  for (let p = 0; p < list.count; p++) start[key(p) + 1]++;
  for (let q = 0; q < keys; q++) start[q + 1] += start[q];
  const out = emptyPairList(Math.max(1, list.count));
  out.count = list.count;
  for (let p = 0; p < list.count; p++) {
    const at = start[key(p)]++;
    out.monitoredIndex[at] = list.monitoredIndex[p];
    out.contingency[at] = list.contingency[p];
    out.lodf[at] = list.lodf[p];
    out.flowMw[at] = list.flowMw[p];
  }
  return out;
}

/**
 * Two threads' shares of the stream (disjoint outages; `b` may be null) as one, ordered, with
 * the violation store on `alloc`'s buffers.
 */
export function mergedStreams(
  ctx: AllBusbarsContext,
  epsilon: number,
  a: StreamPart,
  b: StreamPartData | null,
  outageScale: Float64Array,
  alloc?: (bytes: number) => ArrayBufferLike,
): OutageStream {
  const nMon = ctx.monitored.length;
  const nl = ctx.nl;
  if (b) {
    for (let i = 0; i < nMon; i++) {
      a.roomUpMw[i] = Math.min(a.roomUpMw[i], b.roomUpMw[i]);
      a.roomDownMw[i] = Math.min(a.roomDownMw[i], b.roomDownMw[i]);
      a.lodfMax[i] = Math.max(a.lodfMax[i], b.lodfMax[i]);
    }
  }
  const join = (x: PairList, y: PairList | undefined): PairList => {
    if (!y) return x;
    const out = emptyPairList(Math.max(1, x.count + y.count));
    for (const l of [x, y]) {
      for (let p = 0; p < l.count; p++) {
        pushPair(out, l.monitoredIndex[p], l.contingency[p], l.lodf[p], l.flowMw[p]);
      }
    }
    return out;
  };
  const parts = [a.violations.part(), ...(b ? [b.violations] : [])];
  return {
    epsilon,
    outageScale,
    roomUpMw: a.roomUpMw,
    roomDownMw: a.roomDownMw,
    lodfMax: a.lodfMax,
    significant: sortedPairs(join(a.significant, b?.significant), nMon, nl),
    atLimit: sortedByContingency(join(a.atLimit, b?.atLimit), nMon, nl),
    violations: buildViolationStore(ctx, parts, alloc),
  };
}

/** Stage 1 on one thread: N-0, every outage, then the pairs ordered and the violations stored. */
export function runOutageStream(ctx: AllBusbarsContext, epsilon: number): OutageStream {
  const nMon = ctx.monitored.length;
  const part = makeStreamPart(nMon);
  const outageScale = new Float64Array(ctx.outages.length);
  foldBaseCase(ctx, part);
  // Nothing monitored: no pair can bind, so no outage needs solving.
  if (nMon > 0) {
    const kernel = makeStreamKernel(ctx, epsilon, part, outageScale);
    kernel.run(0, ctx.outages.length);
    kernel.finish();
  }
  return mergedStreams(ctx, epsilon, part, null, outageScale);
}
