import type { DcModel } from '../powerflow/dcpf';
import type { ReducedB } from '../powerflow/reduced-b';
import { solveReducedB } from '../powerflow/reduced-b';

/**
 * PTDF and LODF on demand, one sparse solve each, with MATPOWER makePTDF / makeLODF semantics:
 * PTDF(m, j) = MW on branch m per MW injected at bus j and withdrawn at the island's reference
 * (makePTDF's slack: the first REF bus); LODF(m, k) = PTDF(m,·)·(e_f(k) − e_t(k)) / (1 − h_k)
 * with h_k the same for m = k, and LODF(k, k) = −1.
 *
 * Workspaces live here and are reused: one `Dfactors` per thread of analysis.
 */
export interface Dfactors {
  readonly model: DcModel;
  readonly injection: Float64Array;
  readonly theta: Float64Array;
}

export function makeDfactors(model: DcModel): Dfactors {
  const nb = model.net.buses.count;
  return { model, injection: new Float64Array(nb), theta: new Float64Array(nb) };
}

/** Flow on every branch (pu of θ-difference times b) for the angles in `theta`. */
function branchFlows(d: Dfactors, out: Float64Array): Float64Array {
  const { fromBus, toBus, count } = d.model.net.branches;
  const b = d.model.bdc.b;
  const th = d.theta;
  for (let m = 0; m < count; m++) out[m] = b[m] === 0 ? 0 : b[m] * (th[fromBus[m]] - th[toBus[m]]);
  return out;
}

/** Angles for a unit injection pattern; slack and inactive buses stay at 0. */
function solveAngles(d: Dfactors): void {
  d.theta.fill(0);
  solveReducedB(d.model.sensitivity, d.injection, d.theta);
}

/** Column j of PTDF (all branches) into `out`: MW per MW injected at bus index j. */
export function ptdfColumn(d: Dfactors, bus: number, out: Float64Array): Float64Array {
  d.injection.fill(0);
  if (d.model.slackGrounded[bus]) return out.fill(0);
  d.injection[bus] = 1;
  solveAngles(d);
  return branchFlows(d, out);
}

/**
 * Row m of PTDF (all buses) into `out`. B is symmetric, so the row is one solve with Bf(m,·)ᵀ
 * on the right-hand side.
 */
export function ptdfRow(d: Dfactors, branch: number, out: Float64Array): Float64Array {
  const { fromBus, toBus } = d.model.net.branches;
  const bk = d.model.bdc.b[branch];
  d.injection.fill(0);
  out.fill(0);
  if (bk === 0) return out;
  d.injection[fromBus[branch]] += bk;
  d.injection[toBus[branch]] -= bk;
  solveAngles(d);
  const g = d.model.slackGrounded;
  for (let j = 0; j < out.length; j++) out[j] = g[j] ? 0 : d.theta[j];
  return out;
}

/**
 * Angles in `d.theta` for 1 pu moved from the from-bus to the to-bus of `branch`; returns h_k,
 * the share of that transfer the branch itself carries (MATPOWER's diag(PTDF·Cft)). An inactive
 * branch returns 0 and zero angles. The N-1 screen uses this directly so it only touches the
 * monitored branches.
 */
export function solveBranchTransfer(d: Dfactors, branch: number): number {
  const { fromBus, toBus } = d.model.net.branches;
  const bk = d.model.bdc.b[branch];
  d.injection.fill(0);
  if (bk === 0) {
    d.theta.fill(0);
    return 0;
  }
  d.injection[fromBus[branch]] = 1;
  d.injection[toBus[branch]] = -1;
  solveAngles(d);
  return bk * (d.theta[fromBus[branch]] - d.theta[toBus[branch]]);
}

/**
 * Column k of LODF into `out` (all branches). Returns h_k; 1 − h_k ≈ 0 means k is a bridge and
 * the column is meaningless (check bridges with `findBridges`, not with h). An inactive k gives
 * a zero column and h = 0.
 */
export function lodfColumn(d: Dfactors, outage: number, out: Float64Array): number {
  const h = solveBranchTransfer(d, outage);
  if (d.model.bdc.b[outage] === 0) {
    out.fill(0);
    return 0;
  }
  branchFlows(d, out);
  const scale = 1 / (1 - h);
  for (let m = 0; m < out.length; m++) out[m] *= scale;
  out[outage] = -1;
  return h;
}

/**
 * LODF(m, k) for every k of `outages` into out[0 .. outages.length), given each outage's
 * 1 / (1 − h_k) as an outage stream computes it: one solve for PTDF row m (B is symmetric),
 * then LODF(m, k) = (PTDF(m, f_k) − PTDF(m, t_k)) / (1 − h_k); LODF(m, m) = −1. What a
 * monitored branch's whole row costs when only a few rows are needed.
 */
export function lodfRow(
  d: Dfactors,
  monitored: number,
  outages: ArrayLike<number>,
  outageScale: ArrayLike<number>,
  out: Float64Array,
): Float64Array {
  const { fromBus, toBus } = d.model.net.branches;
  const branches = { fromBus, toBus, b: d.model.bdc.b };
  return lodfRowOf(d.model.sensitivity, branches, d, monitored, outages, outageScale, out);
}

/** lodfRow on the bare arrays (what a worker thread has): scratch in `ws`. */
export function lodfRowOf(
  reduced: ReducedB,
  branches: { fromBus: ArrayLike<number>; toBus: ArrayLike<number>; b: ArrayLike<number> },
  ws: { injection: Float64Array; theta: Float64Array },
  monitored: number,
  outages: ArrayLike<number>,
  outageScale: ArrayLike<number>,
  out: Float64Array,
): Float64Array {
  const { fromBus, toBus, b } = branches;
  const bm = b[monitored];
  ws.injection.fill(0);
  ws.injection[fromBus[monitored]] += bm;
  ws.injection[toBus[monitored]] -= bm;
  ws.theta.fill(0);
  solveReducedB(reduced, ws.injection, ws.theta);
  const th = ws.theta;
  for (let kk = 0; kk < outages.length; kk++) {
    const k = outages[kk];
    out[kk] = k === monitored ? -1 : (th[fromBus[k]] - th[toBus[k]]) * outageScale[kk];
  }
  return out;
}
