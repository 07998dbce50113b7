import type { LuFactors } from './lu';

/** Right-hand sides solved together by `luSolve4`: each index's 4 values are adjacent. */
export const BATCH = 4;

/** Scratch for `luSolve4`, allocated once per analysis. */
export interface Batch4Workspace {
  readonly r: Float64Array;
  readonly y: Float64Array;
}

export function makeBatch4Workspace(n: number): Batch4Workspace {
  return { r: new Float64Array(n * BATCH), y: new Float64Array(n * BATCH) };
}

/**
 * Solves A·X = B for four right-hand sides at once, interleaved (B[4i + j] is row i of column
 * j). One pass over the factors serves all four, so the index arrays are read a quarter as
 * often as with four `luSolve` calls: the N-1 screen spends most of its time here.
 * `b` is read, not modified; `out` receives X (at least 4n long).
 */
export function luSolve4(
  f: LuFactors,
  b: Float64Array,
  out: Float64Array,
  ws: Batch4Workspace,
): Float64Array {
  const { n, colPerm, prow, lp, li, lx, up, ui, ux } = f;
  const r = ws.r;
  const y = ws.y;
  r.set(b.subarray(0, 4 * n));
  for (let k = 0; k < n; k++) {
    const p = 4 * prow[k];
    const v0 = r[p];
    const v1 = r[p + 1];
    const v2 = r[p + 2];
    const v3 = r[p + 3];
    const kk = 4 * k;
    y[kk] = v0;
    y[kk + 1] = v1;
    y[kk + 2] = v2;
    y[kk + 3] = v3;
    if (v0 === 0 && v1 === 0 && v2 === 0 && v3 === 0) continue;
    for (let q = lp[k] + 1; q < lp[k + 1]; q++) {
      const i = 4 * li[q];
      const l = lx[q];
      r[i] -= l * v0;
      r[i + 1] -= l * v1;
      r[i + 2] -= l * v2;
      r[i + 3] -= l * v3;
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    const end = up[k + 1] - 1;
    const d = ux[end];
    const kk = 4 * k;
    const v0 = y[kk] / d;
    const v1 = y[kk + 1] / d;
    const v2 = y[kk + 2] / d;
    const v3 = y[kk + 3] / d;
    y[kk] = v0;
    y[kk + 1] = v1;
    y[kk + 2] = v2;
    y[kk + 3] = v3;
    for (let p = up[k]; p < end; p++) {
      const i = 4 * ui[p];
      const u = ux[p];
      y[i] -= u * v0;
      y[i + 1] -= u * v1;
      y[i + 2] -= u * v2;
      y[i + 3] -= u * v3;
    }
  }
  for (let k = 0; k < n; k++) {
    const o = 4 * colPerm[k];
    const kk = 4 * k;
    out[o] = y[kk];
    out[o + 1] = y[kk + 1];
    out[o + 2] = y[kk + 2];
    out[o + 3] = y[kk + 3];
  }
  return out;
}

/**
 * Scratch for `luSolve4Sparse`: `r` must hold the right-hand sides (interleaved, in original
 * row order) on the rows the call names, and zeros elsewhere; the call leaves it all zero.
 */
export interface SparseBatch4Workspace {
  readonly r: Float64Array;
  /** The solution in factor order, lane j of step k at 4k + j; entries 4n .. 4n + 3 stay 0. */
  readonly y: Float64Array;
  readonly mark: Int32Array;
  readonly stack: Int32Array;
  readonly next: Int32Array;
  readonly reach: Int32Array;
  stamp: number;
}

export function makeSparseBatch4Workspace(n: number): SparseBatch4Workspace {
  return {
    r: new Float64Array(BATCH * n),
    y: new Float64Array(BATCH * (n + 1)),
    mark: new Int32Array(n),
    stack: new Int32Array(n),
    next: new Int32Array(n),
    reach: new Int32Array(n),
    stamp: 0,
  };
}

/**
 * luSolve4 for right-hand sides with a few non-zero rows (a bus injection, a branch's two
 * ends), the same numbers to the last bit. The forward solve visits only the steps those rows
 * reach in the graph of L (found by depth-first search, then taken in increasing order, as the
 * dense loop takes them), and the solution is left in factor order, so no permutation pass:
 * row i of the solution is ws.y[4·qinv[i] + j] with qinv the inverse of f.colPerm.
 * The backward solve is dense, as the solution is. `rows` lists the non-zero rows of ws.r.
 */
export function luSolve4Sparse(
  f: LuFactors,
  rows: ArrayLike<number>,
  ws: SparseBatch4Workspace,
): Float64Array {
  const { n, prow, pinv, lp, li, lx, up, ui, ux } = f;
  const { r, y, mark, stack, next, reach } = ws;
  const stamp = ++ws.stamp;
  // Steps reached from the rows' pivot steps: edges go from step k to the steps of its L rows.
  let count = 0;
  for (let s = 0; s < rows.length; s++) {
    const start = pinv[rows[s]];
    if (mark[start] === stamp) continue;
    mark[start] = stamp;
    let head = 0;
    stack[0] = start;
    next[0] = lp[start] + 1;
    while (head >= 0) {
      const k = stack[head];
      const end = lp[k + 1];
      let q = next[head];
      while (q < end && mark[pinv[li[q]]] === stamp) q++;
      if (q < end) {
        next[head] = q + 1;
        const child = pinv[li[q]];
        mark[child] = stamp;
        stack[++head] = child;
        next[head] = lp[child] + 1;
      } else {
        reach[count++] = k;
        head--;
      }
    }
  }
  const steps = reach.subarray(0, count).sort();
  y.fill(0);
  for (let t = 0; t < count; t++) {
    const k = steps[t];
    const p = 4 * prow[k];
    const v0 = r[p];
    const v1 = r[p + 1];
    const v2 = r[p + 2];
    const v3 = r[p + 3];
    const kk = 4 * k;
    y[kk] = v0;
    y[kk + 1] = v1;
    y[kk + 2] = v2;
    y[kk + 3] = v3;
    r[p] = r[p + 1] = r[p + 2] = r[p + 3] = 0;
    if (v0 === 0 && v1 === 0 && v2 === 0 && v3 === 0) continue;
    for (let q = lp[k] + 1; q < lp[k + 1]; q++) {
      const i = 4 * li[q];
      const l = lx[q];
      r[i] -= l * v0;
      r[i + 1] -= l * v1;
      r[i + 2] -= l * v2;
      r[i + 3] -= l * v3;
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    const end = up[k + 1] - 1;
    const d = ux[end];
    const kk = 4 * k;
    const v0 = y[kk] / d;
    const v1 = y[kk + 1] / d;
    const v2 = y[kk + 2] / d;
    const v3 = y[kk + 3] / d;
    y[kk] = v0;
    y[kk + 1] = v1;
    y[kk + 2] = v2;
    y[kk + 3] = v3;
    for (let p = up[k]; p < end; p++) {
      const i = 4 * ui[p];
      const u = ux[p];
      y[i] -= u * v0;
      y[i + 1] -= u * v1;
      y[i + 2] -= u * v2;
      y[i + 3] -= u * v3;
    }
  }
  return y;
}

/** Step of each row of the solution in factor order (the inverse of colPerm). */
export function factorStepOf(f: LuFactors): Int32Array {
  const step = new Int32Array(f.n);
  for (let k = 0; k < f.n; k++) step[f.colPerm[k]] = k;
  return step;
}
