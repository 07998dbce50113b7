import type { AllBusbarsContext } from './context';

/**
 * The pre-existing violations of the all-busbar capacity (capacities.ts): the (monitored m,
 * contingency k) pairs over their limit at T = 0 with |LODF| < ε (the stream's folding
 * threshold, stream.ts), N-0 included. A stressed case has millions of them (9241pegase with its ratings halved: 7.8·10⁶), almost all on a few hundred monitored
 * branches that are over their limit under nearly every outage, so they are kept the way the
 * buses read them rather than one by one:
 *
 * - in GROUPS, one per monitored branch and side (over +L, or under −L: the side the flow is
 *   over), each group by contingency row, N-0 first: the tie-break order of the strict figure;
 * - a pair is 12 bytes (contingency row and LODF; the flow at T = 0 is f(m) + LODF·f(k), the
 *   stream's own arithmetic, so it is recomputed, not stored);
 * - each group in BLOCKS of consecutive pairs, with the largest |LODF| of the group and of
 *   each block (rounded up to single precision) and its blocks by decreasing |LODF|. At a bus
 *   with column D, a pair of the group has
 *   d = D(m) + LODF·D(k), within |LODF|·max|D(·)| of D(m): one test per group or block tells
 *   whether any of its pairs can be worsened (for the strict figure and the worst violation) or
 *   relieved under a transfer T (for the attributable figure), so a bus only reads the blocks
 *   that matter (violations.ts, bus.ts).
 *
 * The stream (stream.ts) hands each violation to a collector as it finds it, per
 * thread: 12 bytes a record in chunks, never copied while growing. The store is then built once
 * from the collectors, each chunk dropped as soon as it has been placed.
 */

/** Pairs per block. */
export const BLOCK = 16;

/** Outages per window: a record keeps its outage index within its window (6 bits). */
const WINDOW_BITS = 6;
const WINDOW_MASK = (1 << WINDOW_BITS) - 1;
/** Records per chunk of a collector (768 kB). */
const CHUNK = 1 << 16;

/** Over its limit (not only at it to round-off): the same slack as isPreExisting. */
export function overLimit(f: number, limit: number): boolean {
  const slack = 1e-10 * Math.max(1, limit);
  return f > limit + slack || f < -limit - slack;
}

/** Group of monitored index i, over +L (side 0) or under −L (side 1). */
export const groupOf = (i: number, flow: number): number => 2 * i + (flow > 0 ? 0 : 1);

/** One thread's violations: runs of records, each run within one window of outages. */
export interface ViolationPart {
  /** Violations per group. */
  readonly counts: Int32Array;
  /** Per record: group << 6 | its outage index within the window; and its LODF. */
  readonly packed: Int32Array[];
  readonly lodf: Float64Array[];
  /** Per run, four numbers: window (−1: N-0), chunk, first record, end. */
  readonly runs: Int32Array;
  readonly nRuns: number;
}

/** Where a thread's stream puts the violations it finds (push order: outage index, then m). */
export class ViolationCollector {
  readonly counts: Int32Array;
  private readonly packed: Int32Array[] = [];
  private readonly lodf: Float64Array[] = [];
  private chunkPacked = new Int32Array(0);
  private chunkLodf = new Float64Array(0);
  private runs = new Int32Array(256);
  private nRuns = 0;
  private at = 0;
  private window = -2;

  constructor(nMon: number) {
    // A record keeps its group in 25 bits.
    if (2 * nMon >= 2 ** (31 - WINDOW_BITS)) throw new RangeError('too many monitored branches');
    this.counts = new Int32Array(2 * nMon);
  }

  /** A violation of group g under outage index kk (−1: N-0), with its LODF. */
  push(g: number, kk: number, l: number): void {
    const w = kk < 0 ? -1 : kk >> WINDOW_BITS;
    if (w !== this.window || this.at === this.chunkPacked.length) this.newRun(w);
    this.chunkPacked[this.at] = (g << WINDOW_BITS) | (kk & WINDOW_MASK);
    this.chunkLodf[this.at++] = l;
    this.counts[g]++;
  }

  /** Closes the current run at `at`; opens one for window w (a new chunk when full). */
  private newRun(w: number): void {
    if (this.nRuns > 0) this.runs[4 * this.nRuns - 1] = this.at;
    if (this.at === this.chunkPacked.length) {
      this.chunkPacked = new Int32Array(CHUNK);
      this.chunkLodf = new Float64Array(CHUNK);
      this.packed.push(this.chunkPacked);
      this.lodf.push(this.chunkLodf);
      this.at = 0;
    }
    if (4 * (this.nRuns + 1) > this.runs.length) {
      const grown = new Int32Array(2 * this.runs.length);
      grown.set(this.runs);
      this.runs = grown;
    }
    const r = 4 * this.nRuns++;
    this.runs[r] = w;
    this.runs[r + 1] = this.packed.length - 1;
    this.runs[r + 2] = this.at;
    this.runs[r + 3] = this.at;
    this.window = w;
  }

  /** The records, to be handed over (their buffers can be transferred to another thread). */
  part(): ViolationPart {
    if (this.nRuns > 0) this.runs[4 * this.nRuns - 1] = this.at;
    return {
      counts: this.counts,
      packed: this.packed,
      lodf: this.lodf,
      runs: this.runs,
      nRuns: this.nRuns,
    };
  }

  /** The buffers part() refers to, for a transfer list. */
  buffers(): ArrayBuffer[] {
    return [
      ...this.packed.map((a) => a.buffer as ArrayBuffer),
      ...this.lodf.map((a) => a.buffer as ArrayBuffer),
    ];
  }
}

/**
 * Every violation, by group. Plain typed arrays (on shared memory when a helper thread reads
 * them too). Group g = 2·i + side (i: monitored index; side 0 over +L, 1 under −L).
 */
export interface ViolationStore {
  /** Pairs of group g: positions [start[g], start[g + 1]), by contingency row, N-0 first. */
  readonly start: Int32Array;
  /** Contingency branch row per pair; −1 for N-0. */
  readonly contingency: Int32Array;
  readonly lodf: Float64Array;
  /** Per group: at least the largest |LODF| of its pairs (0 for N-0 alone). */
  readonly lodfMax: Float32Array;
  /**
   * Blocks of group g: [blockStart[g], blockStart[g + 1]); block b holds the BLOCK pairs from
   * start[g] + (b − blockStart[g])·BLOCK (fewer at the group's end).
   */
  readonly blockStart: Int32Array;
  /** At least the largest |LODF| of the block: rounded up to single precision. */
  readonly blockLodfMax: Float32Array;
  /** Per group, its blocks by decreasing blockLodfMax (block numbers, in its block range). */
  readonly blockOrder: Int32Array;
  /** The groups with pairs, by (first contingency row, monitored row): the tie-break order. */
  readonly byFirst: Int32Array;
  /** Pairs in all. */
  readonly count: number;
}

/**
 * The store from every thread's records (disjoint windows of outages), on `alloc`'s buffers.
 * The parts' chunks are emptied as they are placed.
 */
export function buildViolationStore(
  ctx: AllBusbarsContext,
  parts: ViolationPart[],
  alloc: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes),
): ViolationStore {
  const { monitored, outages } = ctx;
  const nGroups = 2 * monitored.length;
  const start = new Int32Array(alloc(4 * (nGroups + 1)));
  for (const p of parts) for (let g = 0; g < nGroups; g++) start[g + 1] += p.counts[g];
  for (let g = 0; g < nGroups; g++) start[g + 1] += start[g];
  const count = start[nGroups];
  const contingency = new Int32Array(alloc(4 * count));
  const lodf = new Float64Array(alloc(8 * count));

  // Runs in window order (N-0 first): each group's pairs then come by outage index.
  const runs: { window: number; part: number; run: number }[] = [];
  parts.forEach((p, q) => {
    for (let r = 0; r < p.nRuns; r++) runs.push({ window: p.runs[4 * r], part: q, run: r });
  });
  runs.sort((a, b) => a.window - b.window || a.part - b.part || a.run - b.run);
  // Runs left per chunk: a chunk is dropped after its last run.
  const left = parts.map((p) => new Int32Array(p.packed.length));
  parts.forEach((p, q) => {
    for (let r = 0; r < p.nRuns; r++) left[q][p.runs[4 * r + 1]]++;
  });
  const at = start.slice(0, nGroups);
  for (const { window, part, run } of runs) {
    const p = parts[part];
    const chunk = p.runs[4 * run + 1];
    const packed = p.packed[chunk];
    const l = p.lodf[chunk];
    const base = window << WINDOW_BITS;
    for (let r = p.runs[4 * run + 2]; r < p.runs[4 * run + 3]; r++) {
      const g = packed[r] >> WINDOW_BITS;
      const pos = at[g]++;
      contingency[pos] = window < 0 ? -1 : outages[base + (packed[r] & WINDOW_MASK)];
      lodf[pos] = l[r];
    }
    if (--left[part][chunk] === 0) {
      release(p.packed[chunk]);
      release(p.lodf[chunk]);
      p.packed[chunk] = new Int32Array(0);
      p.lodf[chunk] = new Float64Array(0);
    }
  }
  // An explicit contingency list need not be in row order: sort each group then.
  let ascending = true;
  for (let kk = 1; kk < outages.length; kk++) if (outages[kk] < outages[kk - 1]) ascending = false;
  if (!ascending) {
    for (let g = 0; g < nGroups; g++) sortByContingency(contingency, lodf, start[g], start[g + 1]);
  }
  return summarised(ctx, start, contingency, lodf, alloc);
}

/**
 * Frees a chunk's memory now (detaching its buffer) rather than at some later collection: the
 * store being built and the records it is built from would otherwise coexist.
 */
function release(a: Int32Array | Float64Array): void {
  const buffer = a.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  buffer.transfer?.(0);
}

/** Positions [from, to) ordered by contingency row. */
function sortByContingency(k: Int32Array, l: Float64Array, from: number, to: number): void {
  if (to - from < 2) return;
  const order = Array.from({ length: to - from }, (_, j) => from + j).sort((a, b) => k[a] - k[b]);
  const ks = order.map((p) => k[p]);
  const ls = order.map((p) => l[p]);
  k.set(ks, from);
  l.set(ls, from);
}

/** x rounded up to single precision (an upper bound that sorts exactly as stored). */
const f32 = new Float32Array(1);
const f32Bits = new Uint32Array(f32.buffer);
function upTo32(x: number): number {
  f32[0] = x;
  if (f32[0] < x) f32Bits[0]++;
  return f32[0];
}

function summarised(
  ctx: AllBusbarsContext,
  start: Int32Array,
  contingency: Int32Array,
  lodf: Float64Array,
  alloc: (bytes: number) => ArrayBufferLike,
): ViolationStore {
  const { monitored } = ctx;
  const nGroups = start.length - 1;
  const blockStart = new Int32Array(alloc(4 * (nGroups + 1)));
  let most = 0;
  for (let g = 0; g < nGroups; g++) {
    const blocks = Math.ceil((start[g + 1] - start[g]) / BLOCK);
    blockStart[g + 1] = blockStart[g] + blocks;
    most = Math.max(most, blocks);
  }
  const nBlocks = blockStart[nGroups];
  const blockLodfMax = new Float32Array(alloc(4 * nBlocks));
  const blockOrder = new Int32Array(alloc(4 * nBlocks));
  const lodfMax = new Float32Array(alloc(4 * nGroups));
  // A group's blocks by decreasing |LODF|: sort keys (the single-precision bits, which order as
  // the values do, then the block) sorted as numbers, read from the end.
  const keys = new Float64Array(most);
  const SHIFT = 2 ** 21;
  const nonEmpty: number[] = [];
  for (let g = 0; g < nGroups; g++) {
    const b0 = blockStart[g];
    const nb = blockStart[g + 1] - b0;
    if (nb === 0) continue;
    nonEmpty.push(g);
    let gl = 0;
    for (let j = 0; j < nb; j++) {
      const from = start[g] + j * BLOCK;
      const to = Math.min(from + BLOCK, start[g + 1]);
      let bl = 0;
      for (let p = from; p < to; p++) {
        const a = Math.abs(lodf[p]);
        if (a > bl) bl = a;
      }
      const up = upTo32(bl);
      const bits = f32Bits[0]; // up's own bits (upTo32 leaves them there)
      blockLodfMax[b0 + j] = up;
      if (up > gl) gl = up;
      keys[j] = bits * SHIFT + j;
    }
    lodfMax[g] = gl;
    const sorted = keys.subarray(0, nb).sort();
    for (let j = 0; j < nb; j++) blockOrder[b0 + j] = b0 + (sorted[nb - 1 - j] % SHIFT);
  }
  nonEmpty.sort(
    (a, b) =>
      contingency[start[a]] - contingency[start[b]] || monitored[a >> 1] - monitored[b >> 1],
  );
  return {
    start,
    contingency,
    lodf,
    lodfMax,
    blockStart,
    blockLodfMax,
    blockOrder,
    byFirst: Int32Array.from(nonEmpty),
    count: start[nGroups],
  };
}
