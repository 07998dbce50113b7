import { inServiceMask } from '../model/indexing';
import { findIslands } from '../model/islands';
import type { Network } from '../model/network';
import { BusType } from '../model/network';
import type { Ybus } from './make-ybus';
import { makeYbus } from './make-ybus';
import type { NewtonOptions } from './newtonpf';
import { newtonPf } from './newtonpf';

export interface AcPowerFlow {
  readonly converged: boolean;
  readonly iterations: number;
  /** Final ∞-norm power mismatch, pu. */
  readonly mismatchPu: number;
  readonly vmPu: Float64Array;
  readonly vaDeg: Float64Array;
  readonly pfMw: Float64Array;
  readonly qfMvar: Float64Array;
  readonly ptMw: Float64Array;
  readonly qtMvar: Float64Array;
  readonly pgMw: Float64Array;
  readonly qgMvar: Float64Array;
}

/**
 * MATPOWER runpf with the Newton solver and its defaults: start from the case's voltages with
 * VG at generator buses, no reactive limits. Bus roles follow bustypes: a PV or REF bus with no
 * in-service generator is solved as PQ; an island with no REF bus left uses its first PV bus.
 * De-energised buses (isolated, or in an island without generation) report 0 pu and 0°.
 */
export function runAcPowerFlow(net: Network, options: NewtonOptions = {}): AcPowerFlow {
  const { buses, generators: gen, branches: br } = net;
  const nb = buses.count;
  const base = net.baseMva;
  const active = inServiceMask(net);
  const islands = findIslands(net, active);
  const hasGen = new Uint8Array(nb);
  for (let g = 0; g < gen.count; g++) if (active.genActive[g]) hasGen[gen.bus[g]] = 1;
  // Bus roles as MATPOWER bustypes, per island (docs/analysis.md §2): every REF bus with generation
  // and each island's chosen reference hold their angle; islands without generation are
  // de-energised and left out of the solve.
  const isRef = new Uint8Array(nb);
  const isPvpq = new Uint8Array(nb);
  const isPq = new Uint8Array(nb);
  const energised = new Uint8Array(nb);
  for (let i = 0; i < nb; i++) {
    const isl = islands.islandByBus[i];
    if (isl < 0 || !islands.hasGeneration[isl]) continue;
    energised[i] = 1;
    const t = buses.type[i];
    if (islands.refBus[isl] === i || (t === BusType.REF && hasGen[i])) {
      isRef[i] = 1;
    } else if ((t === BusType.PV || t === BusType.REF) && hasGen[i]) {
      isPvpq[i] = 1;
    } else {
      isPvpq[i] = 1;
      isPq[i] = 1;
    }
  }

  const vm0 = Float64Array.from(buses.vmPu);
  const va0 = Float64Array.from(buses.vaDeg, (d) => (d * Math.PI) / 180);
  // Generator set-points: V0(gbus) = VG·V0/|V0| at PV and REF buses (the last gen listed wins,
  // as in MATPOWER's vectorised assignment).
  for (let g = 0; g < gen.count; g++) {
    const i = gen.bus[g];
    if (active.genActive[g] && energised[i] && !isPq[i]) vm0[i] = gen.vgPu[g];
  }
  const sRe = new Float64Array(nb);
  const sIm = new Float64Array(nb);
  for (let i = 0; i < nb; i++) {
    sRe[i] = -buses.pdMw[i] / base;
    sIm[i] = -buses.qdMvar[i] / base;
  }
  for (let g = 0; g < gen.count; g++) {
    if (!active.genActive[g]) continue;
    sRe[gen.bus[g]] += gen.pgMw[g] / base;
    sIm[gen.bus[g]] += gen.qgMvar[g] / base;
  }

  const y = makeYbus(net, active.branchActive);
  const nr = newtonPf(y, sRe, sIm, vm0, va0, isPvpq, isPq, options);
  const { vm, va } = nr;
  for (let i = 0; i < nb; i++) {
    if (energised[i]) continue;
    vm[i] = 0;
    va[i] = 0;
  }

  const vRe = Float64Array.from(vm, (m, i) => m * Math.cos(va[i]));
  const vIm = Float64Array.from(vm, (m, i) => m * Math.sin(va[i]));
  const nl = br.count;
  const pf = new Float64Array(nl);
  const qf = new Float64Array(nl);
  const pt = new Float64Array(nl);
  const qt = new Float64Array(nl);
  for (let k = 0; k < nl; k++) {
    if (!active.branchActive[k]) continue;
    const f = br.fromBus[k];
    const t = br.toBus[k];
    // If = yff·Vf + yft·Vt; Sf = Vf·conj(If)
    const ifRe =
      y.yffRe[k] * vRe[f] - y.yffIm[k] * vIm[f] + y.yftRe[k] * vRe[t] - y.yftIm[k] * vIm[t];
    const ifIm =
      y.yffRe[k] * vIm[f] + y.yffIm[k] * vRe[f] + y.yftRe[k] * vIm[t] + y.yftIm[k] * vRe[t];
    const itRe =
      y.ytfRe[k] * vRe[f] - y.ytfIm[k] * vIm[f] + y.yttRe[k] * vRe[t] - y.yttIm[k] * vIm[t];
    const itIm =
      y.ytfRe[k] * vIm[f] + y.ytfIm[k] * vRe[f] + y.yttRe[k] * vIm[t] + y.yttIm[k] * vRe[t];
    pf[k] = (vRe[f] * ifRe + vIm[f] * ifIm) * base;
    qf[k] = (vIm[f] * ifRe - vRe[f] * ifIm) * base;
    pt[k] = (vRe[t] * itRe + vIm[t] * itIm) * base;
    qt[k] = (vIm[t] * itRe - vRe[t] * itIm) * base;
  }

  const { pgMw, qgMvar } = generatorOutputs(net, active.genActive, isRef, y, vRe, vIm);
  return {
    converged: nr.converged,
    iterations: nr.iterations,
    mismatchPu: nr.mismatch,
    vmPu: vm,
    vaDeg: Float64Array.from(va, (a) => (a * 180) / Math.PI),
    pfMw: pf,
    qfMvar: qf,
    ptMw: pt,
    qtMvar: qt,
    pgMw,
    qgMvar,
  };
}

/**
 * MATPOWER pfsoln for generators: Q of generators at PV/REF buses from the bus injection,
 * shared by reactive range when a bus has several; P of the first generator at each reference
 * bus from the bus injection, less the other generators there.
 */
function generatorOutputs(
  net: Network,
  genActive: Uint8Array,
  isRef: Uint8Array,
  y: Ybus,
  vRe: Float64Array,
  vIm: Float64Array,
): { pgMw: Float64Array; qgMvar: Float64Array } {
  const { buses, generators: gen } = net;
  const nb = buses.count;
  const base = net.baseMva;
  const pInj = new Float64Array(nb);
  const qInj = new Float64Array(nb);
  for (let k = 0; k < nb; k++) {
    for (let p = y.colPtr[k]; p < y.colPtr[k + 1]; p++) {
      const i = y.rowIdx[p];
      const iRe = y.re[p] * vRe[k] - y.im[p] * vIm[k];
      const iIm = y.re[p] * vIm[k] + y.im[p] * vRe[k];
      pInj[i] += vRe[i] * iRe + vIm[i] * iIm;
      qInj[i] += vIm[i] * iRe - vRe[i] * iIm;
    }
  }
  const pg = Float64Array.from(gen.pgMw);
  // pfsoln zeroes the Q of generators that are off; P keeps the file's value.
  const qg = Float64Array.from(gen.qgMvar, (q, g) => (genActive[g] ? q : 0));
  // pfsoln picks generators by the case's bus type (not PQ), not by the solved roles.
  const on: number[] = [];
  for (let g = 0; g < gen.count; g++) {
    if (genActive[g] && buses.type[gen.bus[g]] !== BusType.PQ) on.push(g);
  }
  const nAt = new Int32Array(nb);
  const qminAt = new Float64Array(nb);
  const qmaxAt = new Float64Array(nb);
  for (const g of on) {
    nAt[gen.bus[g]]++;
    qminAt[gen.bus[g]] += gen.qminMvar[g];
    qmaxAt[gen.bus[g]] += gen.qmaxMvar[g];
  }
  for (const g of on) {
    const i = gen.bus[g];
    const total = qInj[i] * base + buses.qdMvar[i];
    if (nAt[i] === 1) {
      qg[g] = total;
      continue;
    }
    const range = qmaxAt[i] - qminAt[i];
    if (Math.abs(range) < 10 * Number.EPSILON) {
      qg[g] = gen.qminMvar[g] + (total - qminAt[i]) / nAt[i];
    } else {
      qg[g] =
        gen.qminMvar[g] +
        ((total - qminAt[i]) / (range + Number.EPSILON)) * (gen.qmaxMvar[g] - gen.qminMvar[g]);
    }
  }
  for (let i = 0; i < nb; i++) {
    if (!isRef[i]) continue;
    let first = -1;
    let others = 0;
    for (const g of on) {
      if (gen.bus[g] !== i) continue;
      if (first < 0) first = g;
      else others += pg[g];
    }
    if (first >= 0) pg[first] = pInj[i] * base + buses.pdMw[i] - others;
  }
  return { pgMw: pg, qgMvar: qg };
}
