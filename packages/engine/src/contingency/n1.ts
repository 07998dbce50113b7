import type { BaseCaseOptions, BaseCaseReport } from '../base/base-case';
import { prepareBaseCase } from '../base/base-case';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel, runDcPowerFlow } from '../powerflow/dcpf';
import { findBridges } from '../sensitivity/bridges';
import { BATCH, luSolve4, makeBatch4Workspace } from '../linalg/lu-batch';
import { TopK } from './top-k';

/**
 * Which rating limits a monitored branch after a contingency: 'A', 'B', 'C' literally, or
 * 'emergency' (docs/analysis.md §3, the default): RATE_B when non-zero, else RATE_A. The base case
 * always uses RATE_A, and RATE_A = 0 means unmonitored.
 */
export type PostRating = 'A' | 'B' | 'C' | 'emergency';

export interface N1Options extends BaseCaseOptions {
  /** How many of the worst post-contingency loadings to keep (default 20). */
  readonly top?: number;
  readonly postRating?: PostRating;
  /** Only outages / monitored branches whose higher-voltage end is at least this kV. */
  readonly minKv?: number;
  /** Explicit contingency list (0-based branch indices); default every in-service branch. */
  readonly contingencies?: ArrayLike<number>;
}

/** One (monitored, contingency) loading; contingency −1 is the base case (N-0). 0-based. */
export interface Loading {
  readonly monitored: number;
  readonly contingency: number;
  readonly flowMw: number;
  readonly limitMva: number;
  /** |flow| / limit, as a fraction (1 = 100 %). */
  readonly loading: number;
  readonly preFlowMw: number;
  readonly contingencyPreFlowMw: number;
  readonly lodf: number;
}

export interface IslandingOutage {
  readonly branch: number;
  /** MW the outage disconnects: in a lossless DC model, the flow the bridge was carrying. */
  readonly disconnectedMw: number;
}

export interface N1Result {
  readonly nContingencies: number;
  readonly islanding: IslandingOutage[];
  readonly nMonitored: number;
  readonly baseCaseOverloads: number;
  readonly overloadedPairs: number;
  /**
   * Pairs within 1e-9 of 100 %: at the limit to round-off, so whether they count as overloaded
   * depends on the last bit (MATPOWER's count can differ from ours by at most this many).
   */
  readonly borderlinePairs: number;
  /** Per branch: worst post-contingency loading (fraction) over monitored branches; NaN if not run. */
  readonly worstLoadingByContingency: Float64Array;
  /** Per branch: the monitored branch with that worst loading, −1 if none. */
  readonly worstMonitoredByContingency: Int32Array;
  /** Worst post-contingency loadings, descending. */
  readonly top: Loading[];
  /** Worst base-case loadings, descending (contingency −1). */
  readonly baseCaseTop: Loading[];
  /** The base case screened: its dispatch and the input checks (base/base-case.ts). */
  readonly baseCase: BaseCaseReport;
  readonly timingsMs: { model: number; basePowerFlow: number; screening: number };
}

/** The limit of monitored branch `m` after a contingency, by `rule` (docs/analysis.md §3). */
export function postLimit(net: Network, m: number, rule: PostRating): number {
  const { rateAMva, rateBMva, rateCMva } = net.branches;
  switch (rule) {
    case 'A':
      return rateAMva[m];
    case 'B':
      return rateBMva[m] || rateAMva[m];
    case 'C':
      return rateCMva[m] || rateAMva[m];
    case 'emergency':
      return rateBMva[m] !== 0 ? rateBMva[m] : rateAMva[m];
  }
}

/** A branch's voltage for the minimum-kV filters: the higher of its two ends. */
export function branchKv(net: Network, k: number): number {
  const kv = net.buses.baseKv;
  return Math.max(kv[net.branches.fromBus[k]], kv[net.branches.toBus[k]]);
}

/**
 * DC N-1 screening (docs/analysis.md §3): f(m|k) = f(m) + LODF(m,k)·f(k) for every monitored m and
 * every non-islanding outage k. One sparse solve per outage (four outages per pass over the
 * factors); memory is O(buses + branches).
 */
export function screenN1(input: Network, options: N1Options = {}, prebuilt?: DcModel): N1Result {
  const t0 = performance.now();
  const model = prebuilt ?? buildDcModel(input);
  const baseCase = prepareBaseCase(input, options, model);
  const net = baseCase.net;
  const t1 = performance.now();
  const base = runDcPowerFlow(net, model);
  const f = base.pfMw;
  const t2 = performance.now();
  const nl = net.branches.count;
  const active = model.active.branchActive;
  const rule = options.postRating ?? 'emergency';
  const minKv = options.minKv ?? 0;
  const rateA = net.branches.rateAMva;

  const monitored: number[] = [];
  for (let m = 0; m < nl; m++) {
    // Closed switches and jumpers (branches.switch) are topology: never monitored, and not
    // outaged by default (an explicit list is taken as given).
    if (active[m] && rateA[m] !== 0 && !net.branches.switch?.[m] && branchKv(net, m) >= minKv)
      monitored.push(m);
  }
  // Compact per-monitored arrays: the inner loop below streams through them in order.
  const nMon = monitored.length;
  const mon = Int32Array.from(monitored);
  const monB = new Float64Array(nMon);
  const monF = new Float64Array(nMon);
  const invLimit = new Float64Array(nMon);
  for (let i = 0; i < nMon; i++) {
    const m = mon[i];
    monB[i] = model.bdc.b[m];
    monF[i] = f[m];
    invLimit[i] = 1 / postLimit(net, m, rule);
  }

  const baseTop = new TopK<Loading>(options.top ?? 20);
  let baseCaseOverloads = 0;
  for (const m of monitored) {
    const loading = Math.abs(f[m]) / rateA[m];
    if (loading > 1) baseCaseOverloads++;
    baseTop.offer({
      monitored: m,
      contingency: -1,
      flowMw: f[m],
      limitMva: rateA[m],
      loading,
      preFlowMw: f[m],
      contingencyPreFlowMw: 0,
      lodf: 0,
    });
  }

  const candidates: number[] = [];
  if (options.contingencies) {
    for (let i = 0; i < options.contingencies.length; i++)
      candidates.push(options.contingencies[i]);
  } else {
    for (let k = 0; k < nl; k++) if (!net.branches.switch?.[k]) candidates.push(k);
  }
  const bridges = findBridges(net, active);
  const worst = new Float64Array(nl).fill(NaN);
  const worstAt = new Int32Array(nl).fill(-1);
  const top = new TopK<Loading>(options.top ?? 20);
  const islanding: IslandingOutage[] = [];
  const outages: number[] = [];
  for (const k of candidates) {
    if (!active[k] || branchKv(net, k) < minKv) continue;
    if (bridges[k]) islanding.push({ branch: k, disconnectedMw: Math.abs(f[k]) });
    else outages.push(k);
  }

  // Angles live in the reduced system; grounded buses map to slot nR, which stays 0.
  const { lu, reducedOf } = model.sensitivity;
  const nR = lu.n;
  const slot = (bus: number): number => (reducedOf[bus] >= 0 ? reducedOf[bus] : nR);
  const monFromR = Int32Array.from(monitored, (m) => BATCH * slot(net.branches.fromBus[m]));
  const monToR = Int32Array.from(monitored, (m) => BATCH * slot(net.branches.toBus[m]));
  const ws = makeBatch4Workspace(nR);
  const rhs = new Float64Array(BATCH * nR);
  const x = new Float64Array(BATCH * (nR + 1));
  const b = model.bdc.b;
  let overloadedPairs = 0;
  let borderlinePairs = 0;
  // Nothing monitored: every outage's worst loading is 0 with no solve (13659pegase has no
  // ratings at all).
  const solved = nMon > 0 ? outages.length : 0;
  for (let i = solved; i < outages.length; i++) worst[outages[i]] = 0;
  for (let start = 0; start < solved; start += BATCH) {
    const count = Math.min(BATCH, outages.length - start);
    rhs.fill(0);
    for (let j = 0; j < count; j++) {
      const k = outages[start + j];
      const fr = reducedOf[net.branches.fromBus[k]];
      const tr = reducedOf[net.branches.toBus[k]];
      if (fr >= 0) rhs[BATCH * fr + j] += 1;
      if (tr >= 0) rhs[BATCH * tr + j] -= 1;
    }
    luSolve4(lu, rhs, x, ws);
    for (let j = 0; j < count; j++) {
      const k = outages[start + j];
      // h_k: share of a from→to transfer that k itself carries; LODF(m,k) = Δf_m / (1 − h_k).
      const kf = BATCH * slot(net.branches.fromBus[k]) + j;
      const kt = BATCH * slot(net.branches.toBus[k]) + j;
      const scale = 1 / (1 - b[k] * (x[kf] - x[kt]));
      const fk = f[k];
      let w = 0;
      let wAt = -1;
      let threshold = top.threshold;
      for (let i = 0; i < nMon; i++) {
        const m = mon[i];
        if (m === k) continue;
        const lodfMk = monB[i] * (x[monFromR[i] + j] - x[monToR[i] + j]) * scale;
        const post = monF[i] + lodfMk * fk;
        const loading = Math.abs(post) * invLimit[i];
        if (loading >= 1 - 1e-9) {
          if (loading > 1) overloadedPairs++;
          if (loading <= 1 + 1e-9) borderlinePairs++;
        }
        if (loading > w) {
          w = loading;
          wAt = m;
        }
        if (loading >= threshold) {
          top.offer({
            monitored: m,
            contingency: k,
            flowMw: post,
            limitMva: 1 / invLimit[i],
            loading,
            preFlowMw: monF[i],
            contingencyPreFlowMw: fk,
            lodf: lodfMk,
          });
          threshold = top.threshold;
        }
      }
      worst[k] = w;
      worstAt[k] = wAt;
    }
  }
  const nContingencies = outages.length + islanding.length;
  const t3 = performance.now();
  return {
    nContingencies,
    islanding,
    nMonitored: monitored.length,
    baseCaseOverloads,
    overloadedPairs,
    borderlinePairs,
    worstLoadingByContingency: worst,
    worstMonitoredByContingency: worstAt,
    top: top.items,
    baseCaseTop: baseTop.items,
    baseCase: baseCase.report,
    timingsMs: { model: t1 - t0, basePowerFlow: t2 - t1, screening: t3 - t2 },
  };
}
