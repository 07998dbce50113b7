import { describe, expect, it } from 'vitest';
import { denseSolve, seededRandom } from '../../test/support/random';
import type { Csc } from './csc';
import { fromTriplets, toDense } from './csc';
import { luFactor, luRefactor, luSolve } from './lu';
import {
  factorStepOf,
  luSolve4,
  luSolve4Sparse,
  makeBatch4Workspace,
  makeSparseBatch4Workspace,
} from './lu-batch';
import { minimumDegree } from './minimum-degree';

function randomSparse(n: number, density: number, seed: number, zeroDiagonal = false): Csc {
  const rnd = seededRandom(seed);
  const r: number[] = [];
  const c: number[] = [];
  const v: number[] = [];
  for (let j = 0; j < n; j++) {
    // A permuted dominant entry keeps the matrix well conditioned even without its diagonal.
    const dominantRow = zeroDiagonal ? (j + 1) % n : j;
    r.push(dominantRow);
    c.push(j);
    v.push(n * (1 + rnd()));
    for (let i = 0; i < n; i++) {
      if (i === dominantRow || (zeroDiagonal && i === j)) continue;
      if (rnd() < density) {
        r.push(i);
        c.push(j);
        v.push(rnd() * 2 - 1);
      }
    }
  }
  return fromTriplets(n, n, r, c, v);
}

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string): void {
  for (let i = 0; i < expected.length; i++) {
    const err = Math.abs(actual[i] - expected[i]);
    if (err > 1e-10 * (1 + Math.abs(expected[i]))) {
      expect.fail(`${what}: x[${i}] = ${actual[i]}, dense solve gives ${expected[i]}`);
    }
  }
}

describe('sparse LU', () => {
  for (const [n, density, seed] of [
    [5, 0.4, 1],
    [30, 0.1, 2],
    [80, 0.05, 3],
  ] as const) {
    it(`matches a dense solve on a random ${n}×${n} matrix (seed ${seed})`, () => {
      const a = randomSparse(n, density, seed);
      const b = Array.from({ length: n }, (_, i) => Math.sin(i + 1));
      const f = luFactor(a, minimumDegree(a));
      const x = luSolve(f, b, new Float64Array(n));
      expectClose(x, denseSolve(toDense(a), b), `n=${n} seed=${seed}`);
    });
  }

  it('pivots off the diagonal when the diagonal is zero', () => {
    const a = randomSparse(40, 0.08, 7, true);
    const b = Array.from({ length: 40 }, (_, i) => i - 20);
    const f = luFactor(a, minimumDegree(a));
    expectClose(luSolve(f, b, new Float64Array(40)), denseSolve(toDense(a), b), 'zero diagonal');
  });

  it('refactors new values on the same pattern without a new symbolic analysis', () => {
    const a = randomSparse(50, 0.06, 11);
    const f = luFactor(a, minimumDegree(a));
    luSolve(f, new Float64Array(50).fill(3), new Float64Array(50)); // leaves scratch dirty
    const rnd = seededRandom(99);
    const values = a.values.map((v) => v * (0.5 + rnd()));
    const a2: Csc = { ...a, values };
    luRefactor(f, a2);
    const b = Array.from({ length: 50 }, (_, i) => Math.cos(i));
    expectClose(luSolve(f, b, new Float64Array(50)), denseSolve(toDense(a2), b), 'refactor');
  });

  it('refactors a matrix that needed off-diagonal pivots, after a solve', () => {
    const a = randomSparse(40, 0.08, 5, true);
    const f = luFactor(a, minimumDegree(a));
    const b = Array.from({ length: 40 }, (_, i) => 1 / (i + 1));
    luSolve(f, b, new Float64Array(40));
    const a2: Csc = { ...a, values: a.values.map((v, i) => v * (1 + 0.01 * Math.sin(i))) };
    luRefactor(f, a2);
    expectClose(luSolve(f, b, new Float64Array(40)), denseSolve(toDense(a2), b), 'refactor');
  });

  it('reports a singular matrix as LINALG_SINGULAR', () => {
    const a = fromTriplets(3, 3, [0, 1, 0, 1], [0, 0, 1, 1], [1, 2, 2, 4]);
    expect(() => luFactor(a, Int32Array.from([0, 1, 2]))).toThrow(
      expect.objectContaining({ code: 'LINALG_SINGULAR' }),
    );
  });
});

describe('batched LU solve', () => {
  it('solves four right-hand sides at once exactly as four single solves', () => {
    const a = randomSparse(60, 0.05, 21, true);
    const f = luFactor(a, minimumDegree(a));
    const ws = makeBatch4Workspace(60);
    const b = new Float64Array(240);
    const rnd = seededRandom(5);
    for (let i = 0; i < 240; i++) b[i] = i % 7 === 0 ? 0 : rnd() - 0.5;
    const x = luSolve4(f, b, new Float64Array(240), ws);
    for (let j = 0; j < 4; j++) {
      const bj = Array.from({ length: 60 }, (_, i) => b[4 * i + j]);
      const single = luSolve(f, bj, new Float64Array(60));
      const batched = Array.from({ length: 60 }, (_, i) => x[4 * i + j]);
      expectClose(batched, single, `batched column ${j}`);
    }
  });

  it('solves right-hand sides with a few non-zero rows to the same bits, in factor order', () => {
    // Off-diagonal pivots too, so the graph of L is not an elimination tree.
    for (const zeroDiagonal of [false, true]) {
      const n = 80;
      const a = randomSparse(n, 0.04, 33, zeroDiagonal);
      const f = luFactor(a, minimumDegree(a));
      const step = factorStepOf(f);
      const dense = makeBatch4Workspace(n);
      const sparse = makeSparseBatch4Workspace(n);
      const rnd = seededRandom(9);
      for (let trial = 0; trial < 20; trial++) {
        const b = new Float64Array(4 * n);
        const rows: number[] = [];
        for (let j = 0; j < 4; j++) {
          for (let e = 0; e < 2; e++) {
            const i = Math.floor(rnd() * n);
            const v = rnd() - 0.5;
            b[4 * i + j] += v;
            sparse.r[4 * i + j] += v;
            rows.push(i);
          }
        }
        const x = luSolve4(f, b, new Float64Array(4 * n), dense);
        const y = luSolve4Sparse(f, rows, sparse);
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < 4; j++) {
            const what = `row ${i} lane ${j}, trial ${trial}, zero diagonal ${zeroDiagonal}`;
            expect(y[4 * step[i] + j], what).toBe(x[4 * i + j]);
          }
        }
        expect(
          sparse.r.every((v) => v === 0),
          'workspace left clean',
        ).toBe(true);
      }
    }
  });
});
