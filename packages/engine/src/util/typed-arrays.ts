/** Small helpers over typed arrays; kept allocation-free where they run inside loops. */
export function fillRange(out: Int32Array, start = 0): Int32Array {
  for (let i = 0; i < out.length; i++) out[i] = start + i;
  return out;
}

export function maxAbs(x: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i]);
    if (a > m) m = a;
  }
  return m;
}

/** Inverse of a permutation: out[p[k]] = k. */
export function invertPermutation(p: Int32Array, out = new Int32Array(p.length)): Int32Array {
  for (let k = 0; k < p.length; k++) out[p[k]] = k;
  return out;
}
