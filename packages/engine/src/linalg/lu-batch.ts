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
