import { describe, expect, it } from 'vitest';
import { fromTriplets } from './csc';
import { luFactor, luNonzeros } from './lu';
import { minimumDegree } from './minimum-degree';

describe('minimum degree ordering', () => {
  it('returns a permutation', () => {
    const a = fromTriplets(4, 4, [0, 1, 2, 3, 0], [0, 1, 2, 3, 3], [1, 1, 1, 1, 1]);
    expect(Array.from(minimumDegree(a)).sort()).toEqual([0, 1, 2, 3]);
  });

  it('orders an arrow matrix hub last, so LU has no fill', () => {
    const n = 30;
    const r: number[] = [];
    const c: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < n; i++) {
      r.push(i);
      c.push(i);
      v.push(n + 1);
      if (i > 0) {
        r.push(0, i);
        c.push(i, 0);
        v.push(1, 1);
      }
    }
    const a = fromTriplets(n, n, r, c, v);
    const order = minimumDegree(a);
    expect(order[n - 1] === 0 || order[n - 2] === 0).toBe(true);
    const natural = luFactor(
      a,
      Int32Array.from({ length: n }, (_, i) => i),
    );
    const ordered = luFactor(a, order);
    expect(luNonzeros(ordered)).toBe(a.colPtr[n] + n);
    expect(luNonzeros(natural)).toBeGreaterThan(luNonzeros(ordered));
  });
});
