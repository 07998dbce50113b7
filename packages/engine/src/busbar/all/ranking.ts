/**
 * The few best constraints of every bus, in flat typed arrays (slot·size + rank), so a whole
 * case's rankings are a handful of arrays a worker can fill in shared memory. Ranked by T
 * ascending, ties as the N-1 screen and busbarCapacity break them: N-0 (contingency −1) first,
 * then by contingency row, then by monitored row.
 */
export interface RankedConstraints {
  /** Entries kept per bus. */
  readonly size: number;
  /** Entries found per slot (≤ size). */
  readonly count: Int32Array;
  readonly transferMw: Float64Array;
  /** 0-based branch rows; contingency −1 for N-0. */
  readonly monitored: Int32Array;
  readonly contingency: Int32Array;
  readonly distributionFactor: Float64Array;
  readonly lodf: Float64Array;
  /** f(c) at T = 0 and the limit it is held to, MW. */
  readonly flowMw: Float64Array;
  readonly limitMw: Float64Array;
}

/** Arrays for `slots` buses of `size` entries, on `alloc`'s buffers (shared ones for workers). */
export function makeRankedConstraints(
  slots: number,
  size: number,
  alloc: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes),
): RankedConstraints {
  const n = slots * size;
  return {
    size,
    count: new Int32Array(alloc(4 * slots)),
    transferMw: new Float64Array(alloc(8 * n)),
    monitored: new Int32Array(alloc(4 * n)),
    contingency: new Int32Array(alloc(4 * n)),
    distributionFactor: new Float64Array(alloc(8 * n)),
    lodf: new Float64Array(alloc(8 * n)),
    flowMw: new Float64Array(alloc(8 * n)),
    limitMw: new Float64Array(alloc(8 * n)),
  };
}

/** (k, m) before (k2, m2): N-0 (−1) first, then contingency row, then monitored row. */
export const before = (k: number, m: number, k2: number, m2: number): boolean =>
  k !== k2 ? k < k2 : m < m2;

/**
 * One bus's ranking while it is evaluated: inserts in place in the slot's entries. Accepts T up
 * to `capMw` (a constraint binding exactly at the cap is listed, as computeFcitc lists it).
 */
export class Ranking {
  private base = 0;
  private n = 0;
  /** A constraint must have T at most this to enter (ties then go by the tie-break). */
  threshold: number;

  constructor(
    private readonly r: RankedConstraints,
    private readonly capMw: number,
  ) {
    this.threshold = capMw;
  }

  start(slot: number): void {
    this.base = slot * this.r.size;
    this.n = 0;
    this.threshold = this.capMw;
  }

  finish(slot: number): void {
    this.r.count[slot] = this.n;
  }

  get found(): number {
    return this.n;
  }

  /** Whether T = t for (m, k) would enter: the ranking is not full, or it beats the last. */
  admits(t: number, m: number, k: number): boolean {
    if (t > this.threshold) return false;
    if (this.n < this.r.size) return true;
    const last = this.base + this.r.size - 1;
    const tl = this.r.transferMw[last];
    return t < tl || (t === tl && before(k, m, this.r.contingency[last], this.r.monitored[last]));
  }

  offer(t: number, m: number, k: number, d: number, l: number, f: number, limit: number): void {
    if (t > this.threshold) return;
    const { size, transferMw: ts, monitored: ms, contingency: ks } = this.r;
    const o = this.base;
    const last = o + size - 1;
    if (this.n === size && t === ts[last] && !before(k, m, ks[last], ms[last])) return;
    // A pair can come twice (significant, then in its monitored branch's row): the first stays.
    for (let q = o; q < o + this.n; q++) if (ms[q] === m && ks[q] === k) return;
    let at = o + (this.n < size ? this.n++ : size - 1);
    while (
      at > o &&
      (t < ts[at - 1] || (t === ts[at - 1] && before(k, m, ks[at - 1], ms[at - 1])))
    ) {
      this.move(at - 1, at);
      at--;
    }
    ts[at] = t;
    ms[at] = m;
    ks[at] = k;
    this.r.distributionFactor[at] = d;
    this.r.lodf[at] = l;
    this.r.flowMw[at] = f;
    this.r.limitMw[at] = limit;
    if (this.n === size) this.threshold = ts[last];
  }

  private move(from: number, to: number): void {
    const r = this.r;
    r.transferMw[to] = r.transferMw[from];
    r.monitored[to] = r.monitored[from];
    r.contingency[to] = r.contingency[from];
    r.distributionFactor[to] = r.distributionFactor[from];
    r.lodf[to] = r.lodf[from];
    r.flowMw[to] = r.flowMw[from];
    r.limitMw[to] = r.limitMw[from];
  }
}
