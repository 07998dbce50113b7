/** Seeded generator (mulberry32) so a failing random test can be replayed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Dense solve by Gaussian elimination with partial pivoting: the oracle for sparse tests. */
export function denseSolve(a: Float64Array[], b: ArrayLike<number>): Float64Array {
  const n = a.length;
  const m = a.map((row) => Float64Array.from(row));
  const x = Float64Array.from(b);
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(m[i][k]) > Math.abs(m[p][k])) p = i;
    [m[k], m[p]] = [m[p], m[k]];
    [x[k], x[p]] = [x[p], x[k]];
    for (let i = k + 1; i < n; i++) {
      const f = m[i][k] / m[k][k];
      if (f === 0) continue;
      for (let j = k; j < n; j++) m[i][j] -= f * m[k][j];
      x[i] -= f * x[k];
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    let s = x[k];
    for (let j = k + 1; j < n; j++) s -= m[k][j] * x[j];
    x[k] = s / m[k][k];
  }
  return x;
}
