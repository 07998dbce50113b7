import type { Csc } from '../linalg/csc';
import { fromTriplets } from '../linalg/csc';
import type { Ybus } from './make-ybus';

/**
 * The polar Newton Jacobian [∂P/∂Va ∂P/∂Vm; ∂Q/∂Va ∂Q/∂Vm] over P rows/Va columns of PV+PQ
 * buses and Q rows/Vm columns of PQ buses, laid out once: `slot` maps each Ybus entry and block
 * to its place in `jac.values`, so each Newton iteration writes numbers with no searching.
 */
export interface JacobianLayout {
  readonly jac: Csc;
  /** Per Ybus entry p: value index for block b at slot[4p + b] (b: 0 PVa, 1 PVm, 2 QVa, 3 QVm), or -1. */
  readonly slot: Int32Array;
  /** Variable position per bus: angle index (PV+PQ) and magnitude index (PQ), or -1. */
  readonly vaPos: Int32Array;
  readonly vmPos: Int32Array;
  readonly size: number;
}

export function layoutJacobian(y: Ybus, isPvpq: Uint8Array, isPq: Uint8Array): JacobianLayout {
  const nb = y.n;
  const vaPos = new Int32Array(nb).fill(-1);
  const vmPos = new Int32Array(nb).fill(-1);
  let nva = 0;
  for (let i = 0; i < nb; i++) if (isPvpq[i]) vaPos[i] = nva++;
  let size = nva;
  for (let i = 0; i < nb; i++) if (isPq[i]) vmPos[i] = size++;
  const nnzY = y.colPtr[nb];
  const rows: number[] = [];
  const cols: number[] = [];
  const ids: number[] = [];
  for (let k = 0; k < nb; k++) {
    for (let p = y.colPtr[k]; p < y.colPtr[k + 1]; p++) {
      const i = y.rowIdx[p];
      const place = (r: number, c: number, b: number): void => {
        if (r < 0 || c < 0) return;
        rows.push(r);
        cols.push(c);
        ids.push(4 * p + b + 1);
      };
      place(vaPos[i], vaPos[k], 0);
      place(vaPos[i], vmPos[k], 1);
      place(vmPos[i], vaPos[k], 2);
      place(vmPos[i], vmPos[k], 3);
    }
  }
  // Each (row, col) comes from exactly one Ybus entry and block, so the summed "values" are the
  // ids themselves: read them back to learn where each entry landed.
  const jac = fromTriplets(size, size, rows, cols, ids);
  const slot = new Int32Array(4 * nnzY).fill(-1);
  for (let q = 0; q < jac.values.length; q++) slot[jac.values[q] - 1] = q;
  return { jac, slot, vaPos, vmPos, size };
}

/**
 * Writes MATPOWER dSbus_dV (polar) into the layout:
 *   ∂S_i/∂Va_k = −j·V_i·conj(Y_ik·V_k) + δ_ik·j·V_i·conj(I_i)
 *   ∂S_i/∂Vm_k = V_i·conj(Y_ik·V_k/|V_k|) + δ_ik·conj(I_i)·V_i/|V_i|
 * with P rows taking the real part and Q rows the imaginary part. `iRe/iIm` = Ybus·V.
 */
export function fillJacobian(
  lay: JacobianLayout,
  y: Ybus,
  vRe: Float64Array,
  vIm: Float64Array,
  vm: Float64Array,
  iRe: Float64Array,
  iIm: Float64Array,
): void {
  const { slot } = lay;
  const jv = lay.jac.values;
  const { colPtr, rowIdx, re, im } = y;
  for (let k = 0; k < y.n; k++) {
    const vkRe = vRe[k];
    const vkIm = vIm[k];
    const vkm = vm[k];
    for (let p = colPtr[k]; p < colPtr[k + 1]; p++) {
      const i = rowIdx[p];
      const base = 4 * p;
      if (slot[base] < 0 && slot[base + 1] < 0 && slot[base + 2] < 0 && slot[base + 3] < 0)
        continue;
      // a = Y_ik·V_k
      const aRe = re[p] * vkRe - im[p] * vkIm;
      const aIm = re[p] * vkIm + im[p] * vkRe;
      // V_i·conj(a)
      const cRe = vRe[i] * aRe + vIm[i] * aIm;
      const cIm = vIm[i] * aRe - vRe[i] * aIm;
      // dVa = −j·c (+ diagonal), dVm = c/|V_k| (+ diagonal)
      let dvaRe = cIm;
      let dvaIm = -cRe;
      let dvmRe = cRe / vkm;
      let dvmIm = cIm / vkm;
      if (i === k) {
        // j·V_i·conj(I_i) and conj(I_i)·V_i/|V_i|
        const sRe = vRe[i] * iRe[i] + vIm[i] * iIm[i];
        const sIm = vIm[i] * iRe[i] - vRe[i] * iIm[i];
        dvaRe += -sIm;
        dvaIm += sRe;
        dvmRe += sRe / vkm;
        dvmIm += sIm / vkm;
      }
      if (slot[base] >= 0) jv[slot[base]] = dvaRe;
      if (slot[base + 1] >= 0) jv[slot[base + 1]] = dvmRe;
      if (slot[base + 2] >= 0) jv[slot[base + 2]] = dvaIm;
      if (slot[base + 3] >= 0) jv[slot[base + 3]] = dvmIm;
    }
  }
}
