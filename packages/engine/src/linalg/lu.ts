import { EngineError } from '../util/engine-error';
import { assert } from '../util/assert';
import type { Csc } from './csc';

/**
 * Sparse LU, P·A·Q = L·U, left-looking (Gilbert–Peierls) with threshold partial pivoting that
 * prefers the diagonal, so symmetric matrices keep the fill of their ordering.
 *
 * Storage: L column k starts with its unit diagonal (row = prow[k]) and keeps ORIGINAL row
 * indices; U column k lists pivot positions in topological order with the diagonal last. That
 * order is what lets `luRefactor` redo the numbers with no graph search.
 */
export interface LuFactors {
  readonly n: number;
  /** Column order: column k of the factor is column colPerm[k] of A. */
  readonly colPerm: Int32Array;
  /** prow[k] = original row pivoted at step k; pinv is its inverse. */
  readonly prow: Int32Array;
  readonly pinv: Int32Array;
  lp: Int32Array;
  li: Int32Array;
  lx: Float64Array;
  up: Int32Array;
  ui: Int32Array;
  ux: Float64Array;
  /** Dense scratch vectors owned by the factors, so solves allocate nothing. */
  readonly work: Float64Array;
  readonly work2: Float64Array;
}

export interface LuOptions {
  /** Accept the diagonal as pivot when |diag| ≥ pivotTolerance · max |candidate|. */
  pivotTolerance?: number;
}

function grow<T extends Int32Array | Float64Array>(a: T, min: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(min, a.length * 2));
  b.set(a);
  return b;
}

export function luFactor(a: Csc, colPerm: Int32Array, options: LuOptions = {}): LuFactors {
  const n = a.nCols;
  if (a.nRows !== n) throw new EngineError('LINALG_DIMENSION_MISMATCH', 'LU needs a square matrix');
  assert(colPerm.length === n, 'column permutation length');
  const tol = options.pivotTolerance ?? 0.1;
  const nnzA = a.colPtr[n];
  const lp = new Int32Array(n + 1);
  let li = new Int32Array(2 * nnzA + n);
  let lx = new Float64Array(li.length);
  const up = new Int32Array(n + 1);
  let ui = new Int32Array(2 * nnzA + n);
  let ux = new Float64Array(ui.length);
  const prow = new Int32Array(n);
  const pinv = new Int32Array(n).fill(-1);
  const x = new Float64Array(n);
  const xi = new Int32Array(n); // reach, filled from the top
  const stack = new Int32Array(n);
  const pstack = new Int32Array(n);
  const mark = new Int32Array(n).fill(-1);
  let lnz = 0;
  let unz = 0;

  for (let k = 0; k < n; k++) {
    lp[k] = lnz;
    up[k] = unz;
    if (lnz + n > li.length) {
      li = grow(li, lnz + n);
      lx = grow(lx, lnz + n);
    }
    if (unz + n > ui.length) {
      ui = grow(ui, unz + n);
      ux = grow(ux, unz + n);
    }
    const col = colPerm[k];
    // Reach of A(:,col) in the graph of L, by iterative depth-first search.
    let top = n;
    for (let p = a.colPtr[col]; p < a.colPtr[col + 1]; p++) {
      const start = a.rowIdx[p];
      if (mark[start] === k) continue;
      let head = 0;
      stack[0] = start;
      while (head >= 0) {
        const j = stack[head];
        const jcol = pinv[j];
        if (mark[j] !== k) {
          mark[j] = k;
          pstack[head] = jcol < 0 ? 0 : lp[jcol] + 1;
        }
        let done = true;
        if (jcol >= 0) {
          const end = lp[jcol + 1];
          for (let q = pstack[head]; q < end; q++) {
            const i = li[q];
            if (mark[i] === k) continue;
            pstack[head] = q + 1;
            stack[++head] = i;
            done = false;
            break;
          }
        }
        if (done) {
          head--;
          xi[--top] = j;
        }
      }
    }
    // Sparse triangular solve x = L \ A(:,col) over the reach, in topological order.
    for (let p = a.colPtr[col]; p < a.colPtr[col + 1]; p++) x[a.rowIdx[p]] += a.values[p];
    for (let t = top; t < n; t++) {
      const j = xi[t];
      const jcol = pinv[j];
      if (jcol < 0) continue;
      const xj = x[j];
      for (let q = lp[jcol] + 1; q < lp[jcol + 1]; q++) x[li[q]] -= lx[q] * xj;
    }
    // Pivot choice among rows not yet pivoted.
    let ipiv = -1;
    let amax = -1;
    for (let t = top; t < n; t++) {
      const i = xi[t];
      if (pinv[i] < 0) {
        const v = Math.abs(x[i]);
        if (v > amax) {
          amax = v;
          ipiv = i;
        }
      } else {
        ui[unz] = pinv[i];
        ux[unz++] = x[i];
      }
    }
    if (ipiv < 0 || amax <= 0) {
      throw new EngineError(
        'LINALG_SINGULAR',
        `matrix is structurally or numerically singular at column ${col}`,
      );
    }
    if (pinv[col] < 0 && mark[col] === k && Math.abs(x[col]) >= tol * amax) ipiv = col;
    const pivot = x[ipiv];
    ui[unz] = k;
    ux[unz++] = pivot;
    pinv[ipiv] = k;
    prow[k] = ipiv;
    li[lnz] = ipiv;
    lx[lnz++] = 1;
    for (let t = top; t < n; t++) {
      const i = xi[t];
      if (pinv[i] < 0) {
        li[lnz] = i;
        lx[lnz++] = x[i] / pivot;
      }
      x[i] = 0;
    }
  }
  lp[n] = lnz;
  up[n] = unz;
  return {
    n,
    colPerm,
    prow,
    pinv,
    lp,
    li: li.slice(0, lnz),
    lx: lx.slice(0, lnz),
    up,
    ui: ui.slice(0, unz),
    ux: ux.slice(0, unz),
    work: new Float64Array(n),
    work2: new Float64Array(n),
  };
}

/**
 * New numbers, same pattern and pivots: for a matrix with the pattern `f` was built from (a
 * Newton Jacobian, a B matrix with other reactances). Throws LINALG_SINGULAR on a zero pivot;
 * callers that expect a badly conditioned matrix should factor afresh instead.
 */
export function luRefactor(f: LuFactors, a: Csc): void {
  const { n, colPerm, prow, lp, li, lx, up, ui, ux } = f;
  // work is also luSolve's scratch, so it is not clean here.
  const x = f.work.fill(0);
  for (let k = 0; k < n; k++) {
    const col = colPerm[k];
    for (let p = a.colPtr[col]; p < a.colPtr[col + 1]; p++) x[a.rowIdx[p]] += a.values[p];
    const uEnd = up[k + 1] - 1;
    for (let p = up[k]; p < uEnd; p++) {
      const i = ui[p];
      const r = prow[i];
      const v = x[r];
      ux[p] = v;
      x[r] = 0;
      if (v === 0) continue;
      for (let q = lp[i] + 1; q < lp[i + 1]; q++) x[li[q]] -= lx[q] * v;
    }
    const r = prow[k];
    const pivot = x[r];
    x[r] = 0;
    if (pivot === 0 || !Number.isFinite(pivot)) {
      for (let q = lp[k] + 1; q < lp[k + 1]; q++) x[li[q]] = 0;
      throw new EngineError('LINALG_SINGULAR', `zero pivot at step ${k} in refactorization`);
    }
    ux[uEnd] = pivot;
    for (let q = lp[k] + 1; q < lp[k + 1]; q++) {
      const i = li[q];
      lx[q] = x[i] / pivot;
      x[i] = 0;
    }
  }
}

/**
 * Solves A·x = b. `b` is read, not modified; `out` receives x. Uses the factors' scratch, so one
 * solve at a time per factorization.
 */
export function luSolve(f: LuFactors, b: ArrayLike<number>, out: Float64Array): Float64Array {
  const { n, colPerm, prow, lp, li, lx, up, ui, ux } = f;
  const r = f.work;
  const y = f.work2;
  for (let i = 0; i < n; i++) r[i] = b[i];
  // L solve in original row space: step k eliminates pivot row prow[k] from the others.
  for (let k = 0; k < n; k++) {
    const v = r[prow[k]];
    y[k] = v;
    if (v === 0) continue;
    for (let q = lp[k] + 1; q < lp[k + 1]; q++) r[li[q]] -= lx[q] * v;
  }
  // U solve, column-oriented, diagonal stored last in each column.
  for (let k = n - 1; k >= 0; k--) {
    const end = up[k + 1] - 1;
    const v = y[k] / ux[end];
    y[k] = v;
    if (v === 0) continue;
    for (let p = up[k]; p < end; p++) y[ui[p]] -= ux[p] * v;
  }
  for (let k = 0; k < n; k++) out[colPerm[k]] = y[k];
  return out;
}

export function luNonzeros(f: LuFactors): number {
  return f.lp[f.n] + f.up[f.n];
}
