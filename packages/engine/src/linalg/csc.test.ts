import { describe, expect, it } from 'vitest';
import { fromTriplets, matTVec, matVec, submatrix, toDense, transpose } from './csc';

describe('CSC matrices', () => {
  it('sums duplicate triplets and sorts rows within each column', () => {
    const a = fromTriplets(3, 2, [2, 0, 2, 1], [0, 1, 0, 0], [1, 5, 2, 4]);
    expect(Array.from(a.colPtr)).toEqual([0, 2, 3]);
    expect(Array.from(a.rowIdx)).toEqual([1, 2, 0]);
    expect(Array.from(a.values)).toEqual([4, 3, 5]);
  });

  it('transposes and multiplies consistently with the dense matrix', () => {
    const a = fromTriplets(3, 4, [0, 1, 2, 2, 0], [0, 3, 1, 3, 2], [1, -2, 3, 4, 5]);
    const x = [1, 2, 3, 4];
    const y = matVec(a, x, new Float64Array(3));
    expect(Array.from(y)).toEqual([1 + 15, -8, 6 + 16]);
    const at = transpose(a);
    const dense = toDense(a).map((row) => Array.from(row));
    const denseT = toDense(at).map((row) => Array.from(row));
    expect(denseT).toEqual(dense[0].map((_, j) => dense.map((row) => row[j])));
    const z = matTVec(a, [1, 1, 1], new Float64Array(4));
    expect(Array.from(z)).toEqual(Array.from(matVec(at, [1, 1, 1], new Float64Array(4))));
  });

  it('extracts a submatrix by index maps', () => {
    const a = fromTriplets(3, 3, [0, 1, 2, 0, 2], [0, 1, 2, 2, 0], [1, 2, 3, 4, 5]);
    const s = submatrix(a, Int32Array.from([0, -1, 1]), Int32Array.from([0, -1, 1]));
    expect(toDense(s).map((r) => Array.from(r))).toEqual([
      [1, 4],
      [5, 3],
    ]);
  });
});
