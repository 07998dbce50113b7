import { assert } from '../util/assert';

/**
 * Compressed sparse column matrix. Row indices within a column are not required to be sorted
 * unless a function says so; `fromTriplets` and `transpose` produce sorted columns.
 */
export interface Csc {
  readonly nRows: number;
  readonly nCols: number;
  readonly colPtr: Int32Array;
  readonly rowIdx: Int32Array;
  readonly values: Float64Array;
}

/** Builds a CSC matrix from (row, col, value) triplets, summing duplicates (like MATLAB sparse). */
export function fromTriplets(
  nRows: number,
  nCols: number,
  rows: ArrayLike<number>,
  cols: ArrayLike<number>,
  vals: ArrayLike<number>,
  count = rows.length,
): Csc {
  // Compress by row first, then transpose: the transpose sorts columns and the row pass sums
  // duplicates, all in O(nnz + n) without a comparison sort.
  const rowCount = new Int32Array(nRows + 1);
  for (let k = 0; k < count; k++) {
    const r = rows[k];
    const c = cols[k];
    assert(r >= 0 && r < nRows && c >= 0 && c < nCols, `triplet ${k} (${r}, ${c}) in range`);
    rowCount[r + 1]++;
  }
  for (let i = 0; i < nRows; i++) rowCount[i + 1] += rowCount[i];
  const next = rowCount.slice(0, nRows);
  const rCols = new Int32Array(count);
  const rVals = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const p = next[rows[k]]++;
    rCols[p] = cols[k];
    rVals[p] = vals[k];
  }
  // Sum duplicates inside each row using a per-column marker.
  const mark = new Int32Array(nCols).fill(-1);
  const dPtr = new Int32Array(nRows + 1);
  let nz = 0;
  for (let i = 0; i < nRows; i++) {
    const start = nz;
    for (let p = rowCount[i]; p < rowCount[i + 1]; p++) {
      const c = rCols[p];
      const q = mark[c];
      if (q >= start) {
        rVals[q] += rVals[p];
      } else {
        mark[c] = nz;
        rCols[nz] = c;
        rVals[nz] = rVals[p];
        nz++;
      }
    }
    dPtr[i + 1] = nz;
  }
  const byRow: Csc = {
    nRows: nCols,
    nCols: nRows,
    colPtr: dPtr,
    rowIdx: rCols.subarray(0, nz),
    values: rVals.subarray(0, nz),
  };
  return transpose(byRow);
}

export function transpose(a: Csc): Csc {
  const nnz = a.colPtr[a.nCols];
  const ptr = new Int32Array(a.nRows + 1);
  for (let p = 0; p < nnz; p++) ptr[a.rowIdx[p] + 1]++;
  for (let i = 0; i < a.nRows; i++) ptr[i + 1] += ptr[i];
  const next = ptr.slice(0, a.nRows);
  const idx = new Int32Array(nnz);
  const val = new Float64Array(nnz);
  for (let j = 0; j < a.nCols; j++) {
    for (let p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
      const q = next[a.rowIdx[p]]++;
      idx[q] = j;
      val[q] = a.values[p];
    }
  }
  return { nRows: a.nCols, nCols: a.nRows, colPtr: ptr, rowIdx: idx, values: val };
}

/** out = A·x (out is overwritten). */
export function matVec(a: Csc, x: ArrayLike<number>, out: Float64Array): Float64Array {
  assert(x.length >= a.nCols && out.length >= a.nRows, 'matVec dimensions');
  out.fill(0, 0, a.nRows);
  const { colPtr, rowIdx, values } = a;
  for (let j = 0; j < a.nCols; j++) {
    const xj = x[j];
    if (xj === 0) continue;
    for (let p = colPtr[j]; p < colPtr[j + 1]; p++) out[rowIdx[p]] += values[p] * xj;
  }
  return out;
}

/** out = Aᵀ·x, without forming the transpose. */
export function matTVec(a: Csc, x: ArrayLike<number>, out: Float64Array): Float64Array {
  assert(x.length >= a.nRows && out.length >= a.nCols, 'matTVec dimensions');
  const { colPtr, rowIdx, values } = a;
  for (let j = 0; j < a.nCols; j++) {
    let s = 0;
    for (let p = colPtr[j]; p < colPtr[j + 1]; p++) s += values[p] * x[rowIdx[p]];
    out[j] = s;
  }
  return out;
}

/**
 * A(rows, cols) where `keepRows`/`keepCols` give the new index of each old index, or -1 to drop
 * it. New indices must increase with old ones (a selection, not a permutation).
 */
export function submatrix(a: Csc, keepRows: Int32Array, keepCols: Int32Array): Csc {
  let nr = 0;
  for (let i = 0; i < keepRows.length; i++) if (keepRows[i] >= 0) nr++;
  let nc = 0;
  for (let j = 0; j < keepCols.length; j++) if (keepCols[j] >= 0) nc++;
  const ptr = new Int32Array(nc + 1);
  let nz = 0;
  for (let j = 0; j < a.nCols; j++) {
    const nj = keepCols[j];
    if (nj < 0) continue;
    for (let p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) if (keepRows[a.rowIdx[p]] >= 0) nz++;
    ptr[nj + 1] = nz;
  }
  const idx = new Int32Array(nz);
  const val = new Float64Array(nz);
  let q = 0;
  for (let j = 0; j < a.nCols; j++) {
    if (keepCols[j] < 0) continue;
    for (let p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
      const ni = keepRows[a.rowIdx[p]];
      if (ni < 0) continue;
      idx[q] = ni;
      val[q++] = a.values[p];
    }
  }
  return { nRows: nr, nCols: nc, colPtr: ptr, rowIdx: idx, values: val };
}

export function toDense(a: Csc): Float64Array[] {
  const out: Float64Array[] = [];
  for (let i = 0; i < a.nRows; i++) out.push(new Float64Array(a.nCols));
  for (let j = 0; j < a.nCols; j++) {
    for (let p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) out[a.rowIdx[p]][j] += a.values[p];
  }
  return out;
}
