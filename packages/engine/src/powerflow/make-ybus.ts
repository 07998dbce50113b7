import type { Network } from '../model/network';

/**
 * Complex nodal admittance matrix in CSC form with separate real and imaginary value arrays,
 * plus the per-branch 2×2 admittances for flows. Every bus has a stored diagonal, so the
 * Newton Jacobian always has room for its diagonal terms.
 */
export interface Ybus {
  readonly n: number;
  readonly colPtr: Int32Array;
  readonly rowIdx: Int32Array;
  readonly re: Float64Array;
  readonly im: Float64Array;
  /** Per branch (0 when inactive): If = yff·Vf + yft·Vt, It = ytf·Vf + ytt·Vt. */
  readonly yffRe: Float64Array;
  readonly yffIm: Float64Array;
  readonly yftRe: Float64Array;
  readonly yftIm: Float64Array;
  readonly ytfRe: Float64Array;
  readonly ytfIm: Float64Array;
  readonly yttRe: Float64Array;
  readonly yttIm: Float64Array;
}

/**
 * MATPOWER makeYbus: Ys = 1/(r + jx), tap t = TAP·e^{j·shift} (TAP 0 → 1), Ytt = Ys + jB/2,
 * Yff = Ytt/|t|², Yft = −Ys/conj(t), Ytf = −Ys/t; bus shunts (GS + jBS)/baseMVA.
 */
export function makeYbus(net: Network, branchActive: Uint8Array): Ybus {
  const nb = net.buses.count;
  const br = net.branches;
  const nl = br.count;
  const yffRe = new Float64Array(nl);
  const yffIm = new Float64Array(nl);
  const yftRe = new Float64Array(nl);
  const yftIm = new Float64Array(nl);
  const ytfRe = new Float64Array(nl);
  const ytfIm = new Float64Array(nl);
  const yttRe = new Float64Array(nl);
  const yttIm = new Float64Array(nl);
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    const r = br.rPu[k];
    const x = br.xPu[k];
    const den = r * r + x * x;
    const ysRe = r / den;
    const ysIm = -x / den;
    const tapMag = br.tapRatio[k] === 0 ? 1 : br.tapRatio[k];
    const sh = (br.shiftDeg[k] * Math.PI) / 180;
    const tRe = tapMag * Math.cos(sh);
    const tIm = tapMag * Math.sin(sh);
    const t2 = tapMag * tapMag;
    yttRe[k] = ysRe;
    yttIm[k] = ysIm + br.bPu[k] / 2;
    yffRe[k] = yttRe[k] / t2;
    yffIm[k] = yttIm[k] / t2;
    // −Ys / conj(t) = −Ys·t / |t|²;  −Ys / t = −Ys·conj(t) / |t|².
    yftRe[k] = -(ysRe * tRe - ysIm * tIm) / t2;
    yftIm[k] = -(ysRe * tIm + ysIm * tRe) / t2;
    ytfRe[k] = -(ysRe * tRe + ysIm * tIm) / t2;
    ytfIm[k] = -(ysIm * tRe - ysRe * tIm) / t2;
  }
  // Pattern: the diagonal of every bus plus both off-diagonals of every active branch, rows
  // sorted per column so entries can be found by binary search.
  const rows: number[][] = [];
  for (let i = 0; i < nb; i++) rows.push([i]);
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    rows[br.fromBus[k]].push(br.toBus[k]);
    rows[br.toBus[k]].push(br.fromBus[k]);
  }
  const colPtr = new Int32Array(nb + 1);
  const mark = new Int32Array(nb).fill(-1);
  const idx: number[] = [];
  for (let j = 0; j < nb; j++) {
    const list = rows[j].sort((a, b) => a - b);
    for (const i of list) {
      if (mark[i] === j) continue;
      mark[i] = j;
      idx.push(i);
    }
    colPtr[j + 1] = idx.length;
  }
  const rowIdx = Int32Array.from(idx);
  const re = new Float64Array(rowIdx.length);
  const im = new Float64Array(rowIdx.length);
  const find = (i: number, j: number): number => {
    let lo = colPtr[j];
    let hi = colPtr[j + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (rowIdx[mid] < i) lo = mid + 1;
      else if (rowIdx[mid] > i) hi = mid - 1;
      else return mid;
    }
    throw new Error(`Ybus entry (${i}, ${j}) missing from its own pattern`);
  };
  for (let i = 0; i < nb; i++) {
    const p = find(i, i);
    re[p] += net.buses.gsMw[i] / net.baseMva;
    im[p] += net.buses.bsMvar[i] / net.baseMva;
  }
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    const f = br.fromBus[k];
    const t = br.toBus[k];
    let p = find(f, f);
    re[p] += yffRe[k];
    im[p] += yffIm[k];
    p = find(t, t);
    re[p] += yttRe[k];
    im[p] += yttIm[k];
    p = find(f, t);
    re[p] += yftRe[k];
    im[p] += yftIm[k];
    p = find(t, f);
    re[p] += ytfRe[k];
    im[p] += ytfIm[k];
  }
  return {
    n: nb,
    colPtr,
    rowIdx,
    re,
    im,
    yffRe,
    yffIm,
    yftRe,
    yftIm,
    ytfRe,
    ytfIm,
    yttRe,
    yttIm,
  };
}

/**
 * Bus voltages in rectangular form from polar (vRe, vIm) and the currents the network draws,
 * I = Ybus·V (iRe, iIm): what every Newton mismatch and injection starts from.
 */
export function ybusCurrents(
  y: Ybus,
  vm: ArrayLike<number>,
  va: ArrayLike<number>,
  vRe: Float64Array,
  vIm: Float64Array,
  iRe: Float64Array,
  iIm: Float64Array,
): void {
  const n = y.n;
  for (let i = 0; i < n; i++) {
    vRe[i] = vm[i] * Math.cos(va[i]);
    vIm[i] = vm[i] * Math.sin(va[i]);
  }
  iRe.fill(0);
  iIm.fill(0);
  const { colPtr, rowIdx, re, im } = y;
  for (let k = 0; k < n; k++) {
    const a = vRe[k];
    const b = vIm[k];
    for (let p = colPtr[k]; p < colPtr[k + 1]; p++) {
      const i = rowIdx[p];
      iRe[i] += re[p] * a - im[p] * b;
      iIm[i] += re[p] * b + im[p] * a;
    }
  }
}
