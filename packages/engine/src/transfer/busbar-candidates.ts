import type { ScreenContext } from './screen';
import { streamOutages } from './screen';

/**
 * For a chunk of bus clusters, the constraints c = (m, k) that could limit a new unit at some
 * bus of each cluster below the cap, with a lower bound on T(c) valid for every bus of it.
 * With D(x,b) = PTDF(x,b) − PTDF(x,·)·sink, a cluster's centre b0 and its spread
 * ρ(x) = max over the cluster of |D(x,b) − D(x,b0)|:
 *   d_b(c) = D(m,b) + LODF(m,k)·D(k,b) ∈ [d0 − r, d0 + r],
 *   d0 = D(m,b0) + LODF(m,k)·D(k,b0),  r = ρ(m) + |LODF(m,k)|·ρ(k),
 * so T_b(c) ≥ (L − f)/(d0 + r) in the positive direction and (L + f)/(r − d0) in the negative.
 * Buses of a cluster are electrically close, so ρ is small away from them and the bound is
 * tight: few pairs per cluster survive. Pairs are dropped as they stream by; the survivors are
 * stored per cluster and bucketed by bound, so each bus scans them in increasing bound and
 * stops once the bound passes its own fifth-smallest T.
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

/** Centre values and spreads of a chunk of clusters, at [x·count + g]; row nl is all zero. */
export interface ClusterBounds {
  readonly count: number;
  readonly center: Float64Array;
  readonly spread: Float64Array;
}

const BUCKETS = 1024;

class Growable {
  monitored = new Int32Array(1024);
  contingency = new Int32Array(1024);
  lodf = new Float64Array(1024);
  flowMw = new Float64Array(1024);
  limitMw = new Float64Array(1024);
  /** Single precision, rounded down, is enough for a bucket key and halves its memory. */
  bound = new Float32Array(1024);
  count = 0;
  /** Pairs with a bound at or above this are not kept: the cap, lowered if memory runs out. */
  frontier: number;
  private budget: number;
  private readonly histogram = new Float64Array(BUCKETS);
  private readonly width: number;

  constructor(capMw: number, budget: number) {
    this.frontier = capMw;
    this.budget = budget;
    this.width = capMw / BUCKETS;
  }

  push(m: number, k: number, l: number, f: number, lim: number, t: number): void {
    if (this.count === this.monitored.length) this.grow();
    this.histogram[Math.min(BUCKETS - 1, Math.floor(t / this.width))]++;
    const n = this.count++;
    this.monitored[n] = m;
    this.contingency[n] = k;
    this.lodf[n] = l;
    this.flowMw[n] = f;
    this.limitMw[n] = lim;
    this.bound[n] = Math.fround(t * (1 - 1e-6));
    if (this.count > this.budget) this.shed();
  }

  /** Over the memory budget: keep the buckets with the lowest bounds, lower the frontier. */
  private shed(): void {
    const h = this.histogram;
    let kept = 0;
    let q = 0;
    while (q < BUCKETS && kept + h[q] <= this.budget / 2) kept += h[q++];
    this.frontier = Math.max(q, 1) * this.width;
    h.fill(0, Math.max(q, 1));
    this.compact(this.frontier);
    // One bucket alone over the budget (many violations at T = 0): let the budget grow.
    if (this.count > this.budget / 2) this.budget = 2 * this.count;
  }

  private grow(): void {
    const size = this.monitored.length * 2;
    const g = <T extends Int32Array | Float32Array | Float64Array>(a: T): T => {
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

  private compact(edge: number): void {
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
  bounds: ClusterBounds,
  capMw: number,
  cutoff: number,
  top: number,
  maxPerCluster: number,
): Candidates[] {
  const { monitored, baseFlowMw: f, net } = ctx;
  const nl = net.branches.count;
  const nMon = monitored.length;
  const G = bounds.count;
  const { center, spread } = bounds;
  const stores = Array.from({ length: G }, () => new Growable(capMw, maxPerCluster));
  // Per cluster, the `top` smallest UPPER bounds on T seen so far, from pairs whose |d| is at
  // least the cutoff at every bus of the cluster: every bus has `top` constraints at or below
  // the largest of them, so its scan never goes past it and pairs bounded above it are useless.
  const upper = new Float64Array(G * top).fill(capMw);
  const useful = new Float64Array(G).fill(capMw);
  let usefulMax = capMw;
  // Largest |d| any bus of the chunk can see on each branch: one test rejects most pairs.
  const reach = new Float64Array(nl + 1);
  for (let x = 0; x < nl; x++) {
    for (let g = 0; g < G; g++) {
      const v = Math.abs(center[x * G + g]) + spread[x * G + g];
      if (v > reach[x]) reach[x] = v;
    }
  }
  const offer = (m: number, k: number, l: number, fc: number, lim: number): void => {
    const up = lim - fc;
    const down = lim + fc;
    const al = l < 0 ? -l : l;
    const ok = (k < 0 ? nl : k) * G;
    // Below this |d| the pair cannot bind before any cluster's useful limit: skip it.
    const need = up <= 0 || down <= 0 ? 0 : (up < down ? up : down) / usefulMax;
    if (reach[m] + al * reach[k < 0 ? nl : k] < need) return;
    const om = m * G;
    for (let g = 0; g < G; g++) {
      const d0 = center[om + g] + l * center[ok + g];
      const r = spread[om + g] + al * spread[ok + g];
      if ((d0 < 0 ? -d0 : d0) + r < need) continue;
      const hi = d0 + r;
      const lo = d0 - r;
      let t = Infinity;
      if (hi >= cutoff) t = up <= 0 ? 0 : up / hi;
      if (lo <= -cutoff) t = Math.min(t, down <= 0 ? 0 : down / -lo);
      if (t >= useful[g] || t >= stores[g].frontier) continue;
      stores[g].push(m, k, l, fc, lim, t);
      let u = Infinity;
      if (lo >= cutoff) u = up <= 0 ? 0 : up / lo;
      else if (hi <= -cutoff) u = down <= 0 ? 0 : down / -hi;
      if (u < useful[g]) {
        useful[g] = insertUpper(upper, g * top, top, u);
        usefulMax = 0;
        for (let h = 0; h < G; h++) usefulMax = Math.max(usefulMax, useful[h]);
      }
    }
  };
  for (let i = 0; i < nMon; i++) offer(monitored[i], -1, 0, f[monitored[i]], ctx.limitN0Mw[i]);
  const limitPost = ctx.limitPostMw;
  streamOutages(ctx, (k, lodf) => {
    const fk = f[k];
    for (let i = 0; i < nMon; i++) {
      const m = monitored[i];
      if (m !== k) offer(m, k, lodf[i], f[m] + lodf[i] * fk, limitPost[i]);
    }
  });
  return stores.map((store) => bucketed(store, capMw));
}

/** Inserts u into the sorted run upper[o .. o + n); returns its new largest entry. */
function insertUpper(upper: Float64Array, o: number, n: number, u: number): number {
  let at = o + n - 1;
  while (at > o && upper[at - 1] > u) {
    upper[at] = upper[at - 1];
    at--;
  }
  upper[at] = u;
  return upper[o + n - 1];
}

function bucketed(store: Growable, capMw: number): Candidates {
  const width = capMw / BUCKETS;
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
  return { count: n, ...out, bucketStart, bucketWidthMw: width, frontierMw: store.frontier };
}
