import { branchKv, postLimit, type PostRating } from '../contingency/n1';
import { BATCH, luSolve4, makeBatch4Workspace } from '../linalg/lu-batch';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { runDcPowerFlow } from '../powerflow/dcpf';
import { solveReducedB } from '../powerflow/reduced-b';
import { findBridges } from '../sensitivity/bridges';

/**
 * What every transfer analysis of one case shares: the base flows at T = 0, the monitored set
 * with its N-0 and post-contingency limits (docs/analysis.md §3), the non-islanding outages, and the
 * LODF stream (one sparse solve per outage, four outages per pass over the factors, as the N-1
 * screen does). Memory is O(buses + branches).
 */
export interface ScreenOptions {
  readonly postRating?: PostRating;
  /** Only monitored branches and outages whose higher-voltage end is at least this kV. */
  readonly minKv?: number;
  /** Explicit outage list (0-based branch rows); default every in-service branch. */
  readonly contingencies?: ArrayLike<number>;
  /**
   * The branches to monitor (0-based rows, a .mon file's); default every rated in-service
   * branch. A branch without RATE_A, or a switch, has no limit to check and stays unmonitored.
   */
  readonly monitored?: ArrayLike<number>;
}

export interface ScreenContext {
  readonly net: Network;
  readonly model: DcModel;
  /** DC flow per branch at T = 0, intact network, MW. */
  readonly baseFlowMw: Float64Array;
  /** Monitored branch rows; per-monitored arrays below are in this order. */
  readonly monitored: Int32Array;
  readonly limitN0Mw: Float64Array;
  readonly limitPostMw: Float64Array;
  /** Non-islanding outages (branch rows). */
  readonly outages: Int32Array;
  /** Outages skipped because they split an island (bridges). */
  readonly islanding: number[];
  readonly postRating: PostRating;
}

/** The post-contingency limit, as N-1 screening applies it (one rule for both). */
export const postLimitMw = postLimit;

export function buildScreenContext(
  net: Network,
  model: DcModel,
  options: ScreenOptions = {},
): ScreenContext {
  const postRating = options.postRating ?? 'emergency';
  const minKv = options.minKv ?? 0;
  const active = model.active.branchActive;
  const rateA = net.branches.rateAMva;
  const nl = net.branches.count;
  const chosen = options.monitored === undefined ? null : new Set(Array.from(options.monitored));
  const monitored: number[] = [];
  for (let m = 0; m < nl; m++) {
    if (chosen !== null && !chosen.has(m)) continue;
    // Closed switches and jumpers (branches.switch) are topology: never monitored, and not
    // outaged by default (an explicit list is taken as given).
    if (active[m] && rateA[m] !== 0 && !net.branches.switch?.[m] && branchKv(net, m) >= minKv)
      monitored.push(m);
  }
  const candidates = options.contingencies
    ? Array.from(options.contingencies)
    : Array.from({ length: nl }, (_, k) => k).filter((k) => !net.branches.switch?.[k]);
  const bridges = findBridges(net, active);
  const outages: number[] = [];
  const islanding: number[] = [];
  for (const k of candidates) {
    if (!active[k] || branchKv(net, k) < minKv) continue;
    if (bridges[k]) islanding.push(k);
    else outages.push(k);
  }
  return {
    net,
    model,
    baseFlowMw: runDcPowerFlow(net, model).pfMw,
    monitored: Int32Array.from(monitored),
    limitN0Mw: Float64Array.from(monitored, (m) => rateA[m]),
    limitPostMw: Float64Array.from(monitored, (m) => postLimitMw(net, m, postRating)),
    outages: Int32Array.from(outages),
    islanding,
    postRating,
  };
}

/**
 * Branch flows per unit of the injection pattern `injectionByBus` (which must sum to 0 within
 * each island, so the slack takes nothing): `out[x] = PTDF(x,·)·injection`. One sparse solve.
 */
export function injectionFlows(
  model: DcModel,
  injectionByBus: ArrayLike<number>,
  theta: Float64Array,
  out: Float64Array,
): Float64Array {
  const { fromBus, toBus, count } = model.net.branches;
  const b = model.bdc.b;
  theta.fill(0);
  solveReducedB(model.sensitivity, injectionByBus, theta);
  for (let x = 0; x < count; x++)
    out[x] = b[x] === 0 ? 0 : b[x] * (theta[fromBus[x]] - theta[toBus[x]]);
  return out;
}

/**
 * Calls `visit(k, lodf)` for every outage, with `lodf[i] = LODF(monitored[i], k)` (−1 where the
 * monitored branch is k itself). `lodf` is a workspace reused between calls: read it, do not keep
 * it. Outages are solved four at a time with `luSolve4`.
 */
export function streamOutages(
  ctx: ScreenContext,
  visit: (k: number, lodf: Float64Array) => void,
): void {
  const { net, model, monitored, outages } = ctx;
  // Nothing monitored: no visit would read anything, so no outage is solved.
  if (monitored.length === 0) return;
  const { lu, reducedOf } = model.sensitivity;
  const nR = lu.n;
  const nMon = monitored.length;
  const b = model.bdc.b;
  const { fromBus, toBus } = net.branches;
  // Angles live in the reduced system; grounded buses map to slot nR, which stays 0.
  const slot = (bus: number): number => (reducedOf[bus] >= 0 ? reducedOf[bus] : nR);
  const monFrom = Int32Array.from(monitored, (m) => BATCH * slot(fromBus[m]));
  const monTo = Int32Array.from(monitored, (m) => BATCH * slot(toBus[m]));
  const monB = Float64Array.from(monitored, (m) => b[m]);
  const ws = makeBatch4Workspace(nR);
  const rhs = new Float64Array(BATCH * nR);
  const x = new Float64Array(BATCH * (nR + 1));
  const lodf = new Float64Array(nMon);
  for (let start = 0; start < outages.length; start += BATCH) {
    const count = Math.min(BATCH, outages.length - start);
    rhs.fill(0);
    for (let j = 0; j < count; j++) {
      const k = outages[start + j];
      const fr = reducedOf[fromBus[k]];
      const tr = reducedOf[toBus[k]];
      if (fr >= 0) rhs[BATCH * fr + j] += 1;
      if (tr >= 0) rhs[BATCH * tr + j] -= 1;
    }
    luSolve4(lu, rhs, x, ws);
    for (let j = 0; j < count; j++) {
      const k = outages[start + j];
      // h_k: the share of a from→to transfer k carries itself; LODF(m,k) = Δf_m / (1 − h_k).
      const h = b[k] * (x[BATCH * slot(fromBus[k]) + j] - x[BATCH * slot(toBus[k]) + j]);
      const scale = 1 / (1 - h);
      for (let i = 0; i < nMon; i++) {
        lodf[i] = monB[i] * (x[monFrom[i] + j] - x[monTo[i] + j]) * scale;
        if (monitored[i] === k) lodf[i] = -1;
      }
      visit(k, lodf);
    }
  }
}

/**
 * T(c) of docs/analysis.md §4 for flow `f` at T = 0, distribution factor `d` (non-zero) and limit
 * `L`. A constraint already over the limit the transfer pushes it towards gives 0 (see
 * `isPreExisting`); one the transfer relieves limits only where the flow would cross the
 * opposite limit, which the same formula gives.
 */
export function transferAtLimit(f: number, d: number, limit: number): number {
  const t = d > 0 ? (limit - f) / d : (limit + f) / -d;
  return t > 0 ? t : 0;
}

/**
 * Already over the limit on the side the transfer pushes the flow towards. A flow at the limit
 * to round-off (case30: 16 MW on a 16 MVA rating) is at the limit, not over it: its T(c) is 0
 * all the same, but it is not reported as a violation.
 */
export function isPreExisting(f: number, d: number, limit: number): boolean {
  const slack = 1e-10 * Math.max(1, limit);
  return d > 0 ? f > limit + slack : f < -limit - slack;
}
