import type { Network } from '../../model/network';
import { busbarStudy, type BusbarStudyOptions } from '../../busbar/setup';
import { runDcPowerFlow } from '../../powerflow/dcpf';
import {
  injectionFlows,
  isPreExisting,
  streamOutages,
  transferAtLimit,
} from '../../transfer/screen';
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
 * (issue #30); busbarCapacitiesOnSet for that bus alone. capacityMw null: outside the island that
 * hosts the transfer.
 */
export function busbarCapacityOnSet(
  input: Network,
  bus: number,
  contingencies: readonly Contingency[],
  options: BusbarOnSetOptions = {},
): BusbarOnSetResult {
  return busbarCapacitiesOnSet(input, [bus], contingencies, options)[0]!;
}

/**
 * The connection capacity of some buses (a study's busbars) on a contingency set: for the base
 * case and every contingency c of the set, the flows at T = 0 after c (outage-flows.ts: a lost
 * unit's output moved to its pickup, outaged branches cancelled) and each bus's transfer
 * distribution factors after c — the lost units taken out of the sink (the rest renormalised,
 * lost-sink.ts), then the same branches cancelled with the columns c's flows were computed with
 * (compensation is linear in the flows it is given) — then T(c) = min over monitored m of the MW
 * that brings m to its limit. Each contingency is evaluated once for every bus. Exact: equal to
 * re-solving the network without c's elements (outage-flows.test.ts, busbar-on-set.test.ts).
 * One result per requested bus, in order.
 */
export function busbarCapacitiesOnSet(
  input: Network,
  buses: readonly number[],
  contingencies: readonly Contingency[],
  options: BusbarOnSetOptions = {},
): BusbarOnSetResult[] {
  // One-branch contingencies go through the N-1 stream's batched LODF solves (four outages a
  // pass, monitored rows only) unless interfaces are watched (their members need every row).
  const rated = (options.interfaces ?? []).flatMap((item, i) =>
    item.limitMw === null ? [] : [{ i, members: item.members, limitMw: item.limitMw }],
  );
  const streamed = new Map<number, number>();
  if (rated.length === 0) {
    contingencies.forEach((c, index) => {
      if (c.branches.length !== 1 || c.generators.length !== 0) return;
      const k = c.branches[0]!;
      if (!streamed.has(k)) streamed.set(k, index);
    });
  }
  const study = busbarStudy(input, {
    ...options,
    buses: [...buses],
    contingencies: [...streamed.keys()],
  });
  const { model, net, setup, capMw, cutoff } = study;
  const { ctx, sinkByBus } = setup;
  const inIsland = new Set(setup.buses);
  const hosted = buses.filter((b) => inIsland.has(b));
  const nb = net.buses.count;
  const nl = net.branches.count;
  const ignorePre = options.preExisting === 'ignore';
  const theta = new Float64Array(nb);

  /** Branch flows per MW withdrawn by `sink` (per bus, sums 1). */
  const withdrawal = new Float64Array(nb);
  const sinkFlows = (sink: ArrayLike<number>, out: Float64Array) => {
    for (let i = 0; i < nb; i++) withdrawal[i] = -sink[i]!;
    return injectionFlows(model, withdrawal, theta, out);
  };
  const sinkFlow = sinkFlows(sinkByBus, new Float64Array(nl));
  /** Per hosted bus, its transfer's flows per MW in the intact network: PTDF(·, b) − sink. */
  const d0 = hosted.map((b) => {
    const injection = new Float64Array(nb);
    injection[b] = 1;
    const out = injectionFlows(model, injection, theta, new Float64Array(nl));
    for (let m = 0; m < nl; m++) out[m]! += sinkFlow[m]!;
    return out;
  });
  const base = runDcPowerFlow(net, model);
  const flowEvaluator = makeOutageEvaluator(
    model,
    { flowsMw: base.pfMw, pgMw: base.pgMw },
    options.pickup === undefined ? {} : { pickup: options.pickup },
  );

  const topSize = Math.max(1, options.top ?? 1);
  const tops: SetConstraint[][] = hosted.map(() => []);
  const offer = (
    top: SetConstraint[],
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
    // Equal T: the base case, then the set's order, then the order offered (monitored).
    let at = top.length;
    while (
      at > 0 &&
      (t < top[at - 1]!.transferAtLimitMw ||
        (t === top[at - 1]!.transferAtLimitMw && contingency < top[at - 1]!.contingency))
    ) {
      at--;
    }
    top.splice(at, 0, constraint);
    if (top.length > topSize) top.pop();
  };
  // Interfaces with a rating (`rated` above): the same test on the sums, before and after.
  const consider = (
    top: SetConstraint[],
    contingency: number,
    flows: ArrayLike<number>,
    d: ArrayLike<number>,
    limits: Float64Array,
  ) => {
    for (let i = 0; i < ctx.monitored.length; i++) {
      const m = ctx.monitored[i]!;
      offer(top, m, contingency, flows[m]!, d[m]!, limits[i]!);
    }
    for (const { i, members, limitMw } of rated) {
      let f = 0;
      let dm = 0;
      for (const { branch, coefficient } of members) {
        f += coefficient * flows[branch]!;
        dm += coefficient * d[branch]!;
      }
      offer(top, interfaceMonitored(i), contingency, f, dm, limitMw);
    }
  };
  hosted.forEach((_, slot) => consider(tops[slot]!, -1, base.pfMw, d0[slot]!, ctx.limitN0Mw));

  const flows = new Float64Array(nl);
  const d = new Float64Array(nl);
  const shifted = new Float64Array(nl);
  const sink = new Float64Array(nb);
  /** What the lost units leaving the sink add to every bus's transfer (sink → sink′). */
  const delta = new Float64Array(nl);
  const notScreened: number[] = [];
  for (const k of ctx.islanding) notScreened.push(streamed.get(k)!);
  const { monitored, limitPostMw } = ctx;
  streamOutages(ctx, (k, lodf) => {
    const c = streamed.get(k)!;
    const fK = base.pfMw[k]!;
    hosted.forEach((_, slot) => {
      const top = tops[slot]!;
      const d = d0[slot]!;
      const dK = d[k]!;
      for (let i = 0; i < monitored.length; i++) {
        const m = monitored[i]!;
        if (m === k) continue;
        const l = lodf[i]!;
        offer(top, m, c, base.pfMw[m]! + l * fK, d[m]! + l * dK, limitPostMw[i]!);
      }
    });
  });
  for (const [c, contingency] of contingencies.entries()) {
    const single = contingency.branches.length === 1 && contingency.generators.length === 0;
    if (single && streamed.has(contingency.branches[0]!)) continue;
    const outcome = flowEvaluator.evaluate(contingency, flows);
    if (outcome.kind !== 'flows') {
      if (outcome.kind !== 'skipped' || outcome.reason !== 'already-out') notScreened.push(c);
      continue;
    }
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
      sinkWithoutLost(
        sinkByBus,
        setup.unitParticipation,
        contingency.generators,
        model.active.genActive,
        net.generators.bus,
        sink,
      );
      sinkFlows(sink, delta);
      for (let m = 0; m < nl; m++) delta[m] = delta[m]! - sinkFlow[m]!;
    }
    hosted.forEach((_, slot) => {
      let direction: Float64Array = d0[slot]!;
      if (lostShare > 0) {
        for (let m = 0; m < nl; m++) shifted[m] = direction[m]! + delta[m]!;
        direction = shifted;
      }
      flowEvaluator.compensate(direction, d);
      consider(tops[slot]!, c, flows, d, ctx.limitPostMw);
    });
  }
  return buses.map((b) => {
    const slot = hosted.indexOf(b);
    if (slot < 0) return { capacityMw: null, limiting: null, top: [], capMw, notScreened: [] };
    const top = tops[slot]!;
    const limiting = top[0] ?? null;
    return {
      capacityMw: limiting === null ? capMw : Math.min(capMw, limiting.transferAtLimitMw),
      limiting: limiting !== null && limiting.transferAtLimitMw < capMw ? limiting : null,
      top,
      capMw,
      notScreened,
    };
  });
}
