import type { ScreenContext } from './screen';
import { streamOutages } from './screen';

/**
 * The constraints c = (m, k) that could limit a new unit at SOME candidate busbar below the
 * cap, each with a lower bound on its T(c) valid for every candidate bus b:
 *   |d_b(c)| = |D(m,b) + LODF(m,k)·D(k,b)| ≤ R(m) + |LODF(m,k)|·R(k) = dmax(c),
 * where D(x,b) = PTDF(x,b) − PTDF(x,·)·sink and R(x) = max over the candidates of |D(x,b)|, so
 * T_b(c) ≥ margin(c)/dmax(c). Constraints whose bound reaches the cap are dropped as they
 * stream by; the rest are stored once (O(kept) memory) and bucketed by their bound so each bus
 * scans them in increasing bound and stops as soon as the bound passes what it has found.
 */
export interface Candidates {
  readonly count: number;
  readonly monitored: Int32Array;
  /** −1 for N-0. */
  readonly contingency: Int32Array;
  readonly lodf: Float64Array;
  readonly flowMw: Float64Array;
  readonly limitMw: Float64Array;
  /** The arrays are in bucket order: bucket q is [bucketStart[q], bucketStart[q + 1]). */
  readonly bucketStart: Uint32Array;
  /** Lower edge of bucket q is q·bucketWidthMw. */
  readonly bucketWidthMw: number;
  /** Constraints with a bound at or above this were dropped (the cap, unless memory bound). */
  readonly frontierMw: number;
}

const BUCKETS = 1024;

class Growable {
  monitored = new Int32Array(1024);
  contingency = new Int32Array(1024);
  lodf = new Float64Array(1024);
  flowMw = new Float64Array(1024);
  limitMw = new Float64Array(1024);
  bound = new Float64Array(1024);
  count = 0;

  push(m: number, k: number, l: number, f: number, lim: number, t: number): void {
    if (this.count === this.monitored.length) this.grow();
    const n = this.count++;
    this.monitored[n] = m;
    this.contingency[n] = k;
    this.lodf[n] = l;
    this.flowMw[n] = f;
    this.limitMw[n] = lim;
    this.bound[n] = t;
  }

  private grow(): void {
    const size = this.monitored.length * 2;
    const g = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.monitored = g(this.monitored);
    this.contingency = g(this.contingency);
    this.lodf = g(this.lodf);
    this.flowMw = g(this.flowMw);
    this.limitMw = g(this.limitMw);
    this.bound = g(this.bound);
  }

  /** Drops entries with bound ≥ edge, in place. */
  compact(edge: number): void {
    let n = 0;
    for (let c = 0; c < this.count; c++) {
      if (this.bound[c] >= edge) continue;
      this.monitored[n] = this.monitored[c];
      this.contingency[n] = this.contingency[c];
      this.lodf[n] = this.lodf[c];
      this.flowMw[n] = this.flowMw[c];
      this.limitMw[n] = this.limitMw[c];
      this.bound[n++] = this.bound[c];
    }
    this.count = n;
  }
}

export function collectCandidates(
  ctx: ScreenContext,
  rowBound: Float64Array,
  capMw: number,
  cutoff: number,
  maxCandidates: number,
): Candidates {
  const { monitored, baseFlowMw: f } = ctx;
  const nMon = monitored.length;
  const width = capMw / BUCKETS;
  const store = new Growable();
  const histogram = new Float64Array(BUCKETS);
  let frontier = capMw;
  let budget = maxCandidates;
  const offer = (i: number, k: number, l: number, fc: number, lim: number, dmax: number): void => {
    if (dmax < cutoff) return;
    const up = lim - fc;
    const down = lim + fc;
    const t = up <= 0 || down <= 0 ? 0 : Math.min(up, down) / dmax;
    if (t >= frontier) return;
    store.push(monitored[i], k, l, fc, lim, t);
    histogram[Math.min(BUCKETS - 1, Math.floor(t / width))]++;
    if (store.count <= budget) return;
    // Over the memory budget: keep the buckets with the lowest bounds, lower the frontier.
    let kept = 0;
    let q = 0;
    while (q < BUCKETS && kept + histogram[q] <= budget / 2) kept += histogram[q++];
    frontier = Math.max(q, 1) * width;
    histogram.fill(0, Math.max(q, 1));
    store.compact(frontier);
    // One bucket alone over the budget (many violations at T = 0): let the budget grow.
    if (store.count > budget / 2) budget = 2 * store.count;
  };
  for (let i = 0; i < nMon; i++)
    offer(i, -1, 0, f[monitored[i]], ctx.limitN0Mw[i], rowBound[monitored[i]]);
  streamOutages(ctx, (k, lodf) => {
    const rk = rowBound[k];
    const fk = f[k];
    for (let i = 0; i < nMon; i++) {
      const m = monitored[i];
      if (m === k) continue;
      const l = lodf[i];
      offer(i, k, l, f[m] + l * fk, ctx.limitPostMw[i], rowBound[m] + Math.abs(l) * rk);
    }
  });

  // Counting sort by bucket, then the arrays themselves in that order: each bus reads them
  // front to back.
  const bucketStart = new Uint32Array(BUCKETS + 1);
  const bucketOf = new Uint16Array(store.count);
  for (let c = 0; c < store.count; c++) {
    const q = Math.min(BUCKETS - 1, Math.floor(store.bound[c] / width));
    bucketOf[c] = q;
    bucketStart[q + 1]++;
  }
  for (let q = 0; q < BUCKETS; q++) bucketStart[q + 1] += bucketStart[q];
  const fill = bucketStart.slice(0, BUCKETS);
  const n = store.count;
  const out = {
    monitored: new Int32Array(n),
    contingency: new Int32Array(n),
    lodf: new Float64Array(n),
    flowMw: new Float64Array(n),
    limitMw: new Float64Array(n),
  };
  for (let c = 0; c < n; c++) {
    const p = fill[bucketOf[c]]++;
    out.monitored[p] = store.monitored[c];
    out.contingency[p] = store.contingency[c];
    out.lodf[p] = store.lodf[c];
    out.flowMw[p] = store.flowMw[c];
    out.limitMw[p] = store.limitMw[c];
  }
  return { count: n, ...out, bucketStart, bucketWidthMw: width, frontierMw: frontier };
}
