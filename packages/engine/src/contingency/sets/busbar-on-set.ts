import type { Network } from '../../model/network';
import { busbarStudy, type BusbarStudyOptions } from '../../busbar/setup';
import { runDcPowerFlow } from '../../powerflow/dcpf';
import { injectionFlows, isPreExisting, transferAtLimit } from '../../transfer/screen';
import type { Contingency } from './contingency-set';
import { lostSinkShare, sinkWithoutLost, WHOLE_SINK } from './lost-sink';
import { makeOutageEvaluator, type GenerationPickup } from './outage-flows';
import type { ScreenedInterface } from './screen-set';

export interface BusbarOnSetOptions extends BusbarStudyOptions {
  /** 'ignore' (the product's default since issue #25) or 'limit' (docs/analysis.md §4). */
  readonly preExisting?: 'limit' | 'ignore';
  readonly pickup?: GenerationPickup;
  /**
   * Interfaces (a .mon's flowgates) with a rating: the sum of their members' flows, each times
   * its coefficient, kept within ±limitMw in the base case and after every contingency.
   */
  readonly interfaces?: readonly ScreenedInterface[];
  /** How many of the lowest constraints to keep in `top` (default 1: the limiting one). */
  readonly top?: number;
}

/** `monitored` of a constraint on interface i (a sum of flows, not one branch). */
export const interfaceMonitored = (i: number): number => INTERFACE_MONITORED_BASE - i;
/** The interface index of a `monitored` value, or null for a branch row (or none). */
export const interfaceOfMonitored = (monitored: number): number | null =>
  monitored <= INTERFACE_MONITORED_BASE ? INTERFACE_MONITORED_BASE - monitored : null;
/** Below every branch row and every other negative code (−1 none, −2 … a set's contingency). */
export const INTERFACE_MONITORED_BASE = -1_000_000;

/** The constraint that sets a bus's figure: a monitored branch after a contingency of the set. */
export interface SetConstraint {
  /** 0-based branch row, or interfaceMonitored(i) for the options' interface i. */
  readonly monitored: number;
  /** Index into the set; −1: the base case (N-0). */
  readonly contingency: number;
  readonly flowAtZeroMw: number;
  readonly distributionFactor: number;
  readonly limitMw: number;
  readonly transferAtLimitMw: number;
  readonly preExistingViolation: boolean;
}

export interface BusbarOnSetResult {
  /** MW a new unit at the bus can inject, capped; null outside the transfer island. */
  readonly capacityMw: number | null;
  /** null: the cap (or the sink's room) binds first. */
  readonly limiting: SetConstraint | null;
  /** Up to `top` constraints, T ascending (ties: base case first, then the set's order), cap or not. */
  readonly top: SetConstraint[];
  readonly capMw: number;
  /** Contingencies that split the island or had nobody to pick up a lost unit: not screened. */
  readonly notScreened: number[];
}

/**
 * The connection capacity of one bus (docs/analysis.md §6) on a contingency set a planner chose
 * (issue #30): for the base case and every contingency c of the set, the flows at T = 0 after c
 * (outage-flows.ts: a lost unit's output moved to its pickup, outaged branches cancelled) and
 * the transfer's distribution factors after c — the same compensation applied to the transfer's
 * flows, the lost units taken out of the sink (the rest renormalised) — then
 * T(c) = min over monitored m of the MW that brings m to its limit. Exact: equal to re-solving
 * the network without c's elements (outage-flows.test.ts, busbar-on-set.test.ts).
 */
export function busbarCapacityOnSet(
  input: Network,
  bus: number,
  contingencies: readonly Contingency[],
  options: BusbarOnSetOptions = {},
): BusbarOnSetResult {
  const study = busbarStudy(input, { ...options, buses: [bus] });
  const { model, net, setup, capMw, cutoff } = study;
  const { ctx, sinkByBus } = setup;
  if (setup.buses.length === 0) {
    return { capacityMw: null, limiting: null, top: [], capMw, notScreened: [] };
  }
  const nb = net.buses.count;
  const nl = net.branches.count;
  const ignorePre = options.preExisting === 'ignore';
  const theta = new Float64Array(nb);

  /** Branch flows per MW of the new unit at `bus` against the sink `sink` (per bus, sums 1). */
  const transferFlows = (sink: ArrayLike<number>, out: Float64Array) => {
    const injection = new Float64Array(nb);
    for (let i = 0; i < nb; i++) injection[i] = -sink[i]!;
    injection[bus]! += 1;
    return injectionFlows(model, injection, theta, out);
  };
  const d0 = transferFlows(sinkByBus, new Float64Array(nl));
  const base = runDcPowerFlow(net, model);
  const flowEvaluator = makeOutageEvaluator(
    model,
    { flowsMw: base.pfMw, pgMw: base.pgMw },
    options.pickup === undefined ? {} : { pickup: options.pickup },
  );
  const zeros = new Float64Array(net.generators.count);
  const transferEvaluator = makeOutageEvaluator(model, { flowsMw: d0, pgMw: zeros });

  const topSize = Math.max(1, options.top ?? 1);
  const top: SetConstraint[] = [];
  const offer = (
    monitored: number,
    contingency: number,
    f: number,
    dm: number,
    limit: number,
  ): void => {
    if (Math.abs(dm) < cutoff) return;
    const pre = isPreExisting(f, dm, limit);
    if (pre && ignorePre) return;
    const t = pre ? 0 : transferAtLimit(f, dm, limit);
    if (top.length === topSize && t >= top[topSize - 1]!.transferAtLimitMw) return;
    const constraint: SetConstraint = {
      monitored,
      contingency,
      flowAtZeroMw: f,
      distributionFactor: dm,
      limitMw: limit,
      transferAtLimitMw: t,
      preExistingViolation: pre,
    };
    // Equal T: the one offered first (base case, then the set's order) stays ahead.
    let at = top.length;
    while (at > 0 && t < top[at - 1]!.transferAtLimitMw) at--;
    top.splice(at, 0, constraint);
    if (top.length > topSize) top.pop();
  };
  // Interfaces with a rating: the same test on the sums (one limit, before and after).
  const rated = (options.interfaces ?? []).flatMap((item, i) =>
    item.limitMw === null ? [] : [{ i, members: item.members, limitMw: item.limitMw }],
  );
  const consider = (
    contingency: number,
    flows: ArrayLike<number>,
    d: ArrayLike<number>,
    limits: Float64Array,
  ) => {
    for (let i = 0; i < ctx.monitored.length; i++) {
      const m = ctx.monitored[i]!;
      offer(m, contingency, flows[m]!, d[m]!, limits[i]!);
    }
    for (const { i, members, limitMw } of rated) {
      let f = 0;
      let dm = 0;
      for (const { branch, coefficient } of members) {
        f += coefficient * flows[branch]!;
        dm += coefficient * d[branch]!;
      }
      offer(interfaceMonitored(i), contingency, f, dm, limitMw);
    }
  };
  consider(-1, base.pfMw, d0, ctx.limitN0Mw);

  const flows = new Float64Array(nl);
  const d = new Float64Array(nl);
  const notScreened: number[] = [];
  for (const [c, contingency] of contingencies.entries()) {
    const outcome = flowEvaluator.evaluate(contingency, flows);
    if (outcome.kind !== 'flows') {
      if (outcome.kind !== 'skipped' || outcome.reason !== 'already-out') notScreened.push(c);
      continue;
    }
    // The transfer's own flows after c: the lost units leave the sink, then the same branches
    // are cancelled (compensation is linear in the flows it is given).
    let evaluator = transferEvaluator;
    let direction: Float64Array = d0;
    const lostShare = lostSinkShare(
      setup.unitParticipation,
      contingency.generators,
      model.active.genActive,
    );
    if (lostShare >= WHOLE_SINK) {
      notScreened.push(c);
      continue;
    }
    if (lostShare > 0) {
      const sink = new Float64Array(nb);
      sinkWithoutLost(
        sinkByBus,
        setup.unitParticipation,
        contingency.generators,
        model.active.genActive,
        net.generators.bus,
        sink,
      );
      direction = transferFlows(sink, new Float64Array(nl));
      evaluator = makeOutageEvaluator(model, { flowsMw: direction, pgMw: zeros });
    }
    // A unit outage alone cancels no branch: the transfer's flows are the new sink's.
    const moved = evaluator.evaluate({ ...contingency, generators: [] }, d);
    if (moved.kind !== 'flows') d.set(direction);
    consider(c, flows, d, ctx.limitPostMw);
  }
  const limiting = top[0] ?? null;
  const capacity = limiting === null ? capMw : Math.min(capMw, limiting.transferAtLimitMw);
  return {
    capacityMw: capacity,
    limiting: limiting !== null && limiting.transferAtLimitMw < capMw ? limiting : null,
    top,
    capMw,
    notScreened,
  };
}
