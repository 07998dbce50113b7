import type { BaseCaseOptions, BaseCaseReport } from '../../base/base-case';
import { prepareBaseCase } from '../../base/base-case';
import type { Network } from '../../model/network';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import { branchKv, postLimit, screenN1, type PostRating } from '../n1';
import { TopK } from '../top-k';
import type { Contingency, ContingencyCounts } from './contingency-set';
import { countContingencies } from './contingency-set';
import { makeOutageEvaluator, type GenerationPickup } from './outage-flows';

export interface SetScreenOptions extends BaseCaseOptions {
  /** How many of the worst post-contingency loadings to keep (default 20). */
  readonly top?: number;
  readonly postRating?: PostRating;
  /** Only monitored branches whose higher-voltage end is at least this kV. */
  readonly minKv?: number;
  readonly pickup?: GenerationPickup;
  /**
   * Single-branch outages through the N-1 screen's batched solves (default true); false sends
   * every contingency through the general evaluator, as the tests cross-check both.
   */
  readonly batchedSingles?: boolean;
  /**
   * The branches to monitor (0-based rows, a .mon file's); default every rated in-service
   * branch. A branch without RATE_A has no limit to check and stays unmonitored either way.
   */
  readonly monitored?: ArrayLike<number>;
  /** Sums of branch flows with their own limits (flowgates), checked after every contingency. */
  readonly interfaces?: readonly ScreenedInterface[];
}

export interface ScreenedInterface {
  readonly name: string;
  /** 0-based rows; each member's flow from its from-bus to its to-bus times its coefficient. */
  readonly members: readonly { readonly branch: number; readonly coefficient: number }[];
  /** MW; null: no rating given, the flows are reported without a loading. */
  readonly limitMw: number | null;
}

/** An interface over the set: its base-case flow and its worst post-contingency one. */
export interface InterfaceResult {
  readonly name: string;
  readonly limitMw: number | null;
  readonly baseFlowMw: number;
  /** The largest |flow| over the computed contingencies (its index), null when none ran. */
  readonly worst: { readonly contingency: number; readonly flowMw: number } | null;
  /** Contingencies after which |flow| exceeds the limit. */
  readonly overloads: number;
}

/** One monitored branch after one contingency of the set (0-based rows; index into the set). */
export interface SetLoading {
  readonly monitored: number;
  /** Index of the contingency in the set; −1: the base case (N-0). */
  readonly contingency: number;
  readonly flowMw: number;
  readonly preFlowMw: number;
  readonly limitMva: number;
  /** |flow| / limit (1 = 100 %). */
  readonly loading: number;
}

export interface SetScreenResult {
  readonly counts: ContingencyCounts;
  /** Contingencies whose flows were computed. */
  readonly evaluated: number;
  readonly islanding: { contingency: number; disconnectedMw: number; buses: number }[];
  readonly skipped: { contingency: number; reason: 'already-out' | 'no-pickup' }[];
  /** Contingencies whose lost units needed more than the others' room up (headroom pickup). */
  readonly pickupShort: { contingency: number; shortMw: number }[];
  readonly nMonitored: number;
  readonly baseCaseOverloads: number;
  readonly overloadedPairs: number;
  /** Per contingency of the set: worst loading over the monitored branches (NaN: not computed). */
  readonly worstLoading: Float64Array;
  readonly worstMonitored: Int32Array;
  readonly top: SetLoading[];
  readonly baseCaseTop: SetLoading[];
  readonly interfaces: InterfaceResult[];
  readonly baseCase: BaseCaseReport;
  readonly timingsMs: { model: number; screening: number };
}

/**
 * The N-1 screen of docs/analysis.md §3 on a contingency set a planner chose (issue #30): each
 * contingency's exact post-outage flows (outage-flows.ts) checked against every rated branch's
 * post-contingency limit; the base case against RATE_A.
 */
export function screenContingencySet(
  input: Network,
  contingencies: readonly Contingency[],
  options: SetScreenOptions = {},
): SetScreenResult {
  const t0 = performance.now();
  // The base case keeps the topology: the input's model serves it (as screenN1 does).
  const model = buildDcModel(input);
  const baseCase = prepareBaseCase(input, options, model);
  const net = baseCase.net;
  const base = runDcPowerFlow(net, model);
  const t1 = performance.now();
  const rule = options.postRating ?? 'emergency';
  const minKv = options.minKv ?? 0;
  const { rateAMva } = net.branches;
  const chosen = options.monitored === undefined ? null : new Set(Array.from(options.monitored));
  const monitored: number[] = [];
  for (let m = 0; m < net.branches.count; m++) {
    const eligible =
      chosen === null ? !net.branches.switch?.[m] && branchKv(net, m) >= minKv : chosen.has(m);
    if (model.active.branchActive[m] && rateAMva[m] !== 0 && eligible) monitored.push(m);
  }
  const interfaces = options.interfaces ?? [];
  const interfaceFlow = (flowsMw: ArrayLike<number>, i: number) =>
    interfaces[i]!.members.reduce((sum, m) => sum + m.coefficient * flowsMw[m.branch]!, 0);
  const interfaceWorst = interfaces.map(() => ({ contingency: -1, flowMw: 0 }));
  const interfaceOverloads = interfaces.map(() => 0);
  const limit = Float64Array.from(monitored, (m) => postLimit(net, m, rule));
  const topSize = options.top ?? 20;
  const baseTop = new TopK<SetLoading>(topSize);
  let baseCaseOverloads = 0;
  for (const m of monitored) {
    const loading = Math.abs(base.pfMw[m]!) / rateAMva[m]!;
    if (loading > 1) baseCaseOverloads++;
    baseTop.offer({
      monitored: m,
      contingency: -1,
      flowMw: base.pfMw[m]!,
      preFlowMw: base.pfMw[m]!,
      limitMva: rateAMva[m]!,
      loading,
    });
  }

  const evaluator = makeOutageEvaluator(
    model,
    { flowsMw: base.pfMw, pgMw: base.pgMw },
    options.pickup === undefined ? {} : { pickup: options.pickup },
  );
  const flows = new Float64Array(net.branches.count);
  const worstLoading = new Float64Array(contingencies.length).fill(Number.NaN);
  const worstMonitored = new Int32Array(contingencies.length).fill(-1);
  const top = new TopK<SetLoading>(topSize);
  const islanding: SetScreenResult['islanding'] = [];
  const skipped: SetScreenResult['skipped'] = [];
  const pickupShort: SetScreenResult['pickupShort'] = [];
  let evaluated = 0;
  let overloadedPairs = 0;

  // Single in-service branches that keep their island — most of any list — go through the N-1
  // screen's batched solves (four outages per pass over the factors); the rest, one by one.
  const bridges = new Set<number>();
  const singleOf = new Map<number, number>();
  const general: number[] = [];
  for (const [c, contingency] of contingencies.entries()) {
    const k = contingency.branches[0];
    const single =
      options.batchedSingles !== false &&
      interfaces.length === 0 &&
      minKv === 0 &&
      contingency.generators.length === 0 &&
      contingency.branches.length === 1 &&
      k !== undefined &&
      model.active.branchActive[k] === 1 &&
      model.bdc.b[k] !== 0 &&
      !singleOf.has(k);
    if (single) singleOf.set(k, c);
    else general.push(c);
  }
  if (singleOf.size > 0) {
    // The N-1 screen monitors every rated branch: unrate the others for it (flows unchanged).
    let screened = input;
    if (chosen !== null) {
      const rate = new Float64Array(input.branches.count);
      for (const m of monitored) rate[m] = input.branches.rateAMva[m]!;
      screened = { ...input, branches: { ...input.branches, rateAMva: rate } };
    }
    const n1 = screenN1(
      screened,
      { ...options, top: topSize, postRating: rule, contingencies: [...singleOf.keys()] },
      model,
    );
    for (const outage of n1.islanding) {
      bridges.add(outage.branch);
      general.push(singleOf.get(outage.branch)!);
    }
    for (const [k, c] of singleOf) {
      if (bridges.has(k)) continue;
      evaluated++;
      worstLoading[c] = n1.worstLoadingByContingency[k]!;
      worstMonitored[c] = n1.worstMonitoredByContingency[k]!;
    }
    overloadedPairs += n1.overloadedPairs;
    for (const loading of n1.top) {
      top.offer({
        monitored: loading.monitored,
        contingency: singleOf.get(loading.contingency)!,
        flowMw: loading.flowMw,
        preFlowMw: loading.preFlowMw,
        limitMva: loading.limitMva,
        loading: loading.loading,
      });
    }
  }
  general.sort((a, b) => a - b);

  for (const c of general) {
    const contingency = contingencies[c]!;
    const outcome = evaluator.evaluate(contingency, flows);
    if (outcome.kind === 'islanding') {
      islanding.push({
        contingency: c,
        disconnectedMw: outcome.disconnectedMw,
        buses: outcome.buses,
      });
      continue;
    }
    if (outcome.kind === 'skipped') {
      skipped.push({ contingency: c, reason: outcome.reason });
      continue;
    }
    evaluated++;
    for (let i = 0; i < interfaces.length; i++) {
      const flow = interfaceFlow(flows, i);
      const limitMw = interfaces[i]!.limitMw;
      if (limitMw !== null && Math.abs(flow) > limitMw) interfaceOverloads[i]!++;
      const worst = interfaceWorst[i]!;
      if (worst.contingency < 0 || Math.abs(flow) > Math.abs(worst.flowMw)) {
        interfaceWorst[i] = { contingency: c, flowMw: flow };
      }
    }
    if (outcome.pickupShortMw > 1e-9) {
      pickupShort.push({ contingency: c, shortMw: outcome.pickupShortMw });
    }
    let worst = 0;
    let worstAt = -1;
    for (let i = 0; i < monitored.length; i++) {
      const m = monitored[i]!;
      const loading = Math.abs(flows[m]!) / limit[i]!;
      if (loading > 1) overloadedPairs++;
      if (loading > worst) {
        worst = loading;
        worstAt = m;
      }
      if (loading >= top.threshold) {
        top.offer({
          monitored: m,
          contingency: c,
          flowMw: flows[m]!,
          preFlowMw: base.pfMw[m]!,
          limitMva: limit[i]!,
          loading,
        });
      }
    }
    worstLoading[c] = worst;
    worstMonitored[c] = worstAt;
  }
  return {
    counts: countContingencies(contingencies),
    evaluated,
    islanding,
    skipped,
    pickupShort,
    nMonitored: monitored.length,
    baseCaseOverloads,
    overloadedPairs,
    worstLoading,
    worstMonitored,
    top: top.items,
    baseCaseTop: baseTop.items,
    interfaces: interfaces.map((item, i) => ({
      name: item.name,
      limitMw: item.limitMw,
      baseFlowMw: interfaceFlow(base.pfMw, i),
      worst: interfaceWorst[i]!.contingency < 0 ? null : interfaceWorst[i]!,
      overloads: interfaceOverloads[i]!,
    })),
    baseCase: baseCase.report,
    timingsMs: { model: t1 - t0, screening: performance.now() - t1 },
  };
}
