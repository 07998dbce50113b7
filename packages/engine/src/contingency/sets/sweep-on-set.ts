import { injectionFlows, transferAtLimit, type ScreenContext } from '../../transfer/screen';
import type { ConstraintVisitor } from '../../transfer/sweep';
import type { TransferWeights } from '../../transfer/weights';
import type { Contingency } from './contingency-set';
import { lostSinkShare, lostSourceShare, WHOLE_SINK } from './lost-sink';
import { makeOutageEvaluator, type GenerationPickup } from './outage-flows';

/**
 * The code a planner's contingency takes as `k` in a ConstraintVisitor: a contingency of one
 * branch keeps the branch row (so it reads like N-1); any other is −2 − its index in the set.
 */
export const setContingencyCode = (index: number): number => -2 - index;
/** The set index of a `k` below −1, else null (N-0, or a branch row). */
export const setIndexOfCode = (k: number): number | null => (k <= -2 ? -2 - k : null);

/** What the sweep could not screen, by index into the set. */
export interface SetSweepSkipped {
  readonly contingency: number;
  /**
   * 'islanding': it splits the island; 'no-pickup': nobody makes up a lost unit; 'no-source':
   * it takes out every unit of the transfer's source; 'no-sink': every unit of its sink.
   */
  readonly reason: 'islanding' | 'no-pickup' | 'no-source' | 'no-sink';
}

/**
 * The FCITC sweep (transfer/sweep.ts) over a planner's contingency set instead of every branch
 * alone (issue #30): N-0, then each contingency with its exact post-outage flows at T = 0
 * (outage-flows.ts, a lost unit's output made up by `pickup`) and the transfer's own flows after
 * it — the lost units out of the source and of the sink, each side renormalised to 1 MW per MW
 * of transfer, then the same branches cancelled. Hands the same visitor the same (f, d, L), so
 * computeFcitcBothWays keeps both figures and the violations as it does for N-1.
 */
export function sweepConstraintsOnSet(
  ctx: ScreenContext,
  weights: Pick<TransferWeights, 'injectionByBus' | 'unitParticipation' | 'loadSinkByBus'>,
  contingencies: readonly Contingency[],
  tmaxMw: number,
  options: { readonly distributionFactorCutoff: number; readonly pickup?: GenerationPickup },
  visit: ConstraintVisitor,
  skipped: SetSweepSkipped[],
): Float64Array {
  const { net, model, monitored } = ctx;
  const cutoff = options.distributionFactorCutoff;
  const { within, overLimit } = visit;
  const nb = net.buses.count;
  const nl = net.branches.count;
  const theta = new Float64Array(nb);
  const dBr = injectionFlows(model, weights.injectionByBus, theta, new Float64Array(nl));
  const isOver = (f: number, limit: number) => Math.abs(f) > limit + 1e-10 * Math.max(1, limit);
  const pair = (i: number, k: number, fc: number, d: number, L: number) => {
    if (overLimit !== undefined && isOver(fc, L)) overLimit(i, k, -1, fc, d, L);
    if (!(Math.abs(d) >= cutoff)) return;
    const t = transferAtLimit(fc, d, L);
    if (t <= tmaxMw) within(i, k, 0, fc, d, L, -1, t);
  };
  for (let i = 0; i < monitored.length; i++) {
    pair(i, -1, ctx.baseFlowMw[monitored[i]!]!, dBr[monitored[i]!]!, ctx.limitN0Mw[i]!);
  }

  const flowEvaluator = makeOutageEvaluator(
    model,
    { flowsMw: ctx.baseFlowMw, pgMw: net.generators.pgMw },
    options.pickup === undefined ? {} : { pickup: options.pickup },
  );
  const zeros = new Float64Array(net.generators.count);
  const transferEvaluator = makeOutageEvaluator(model, { flowsMw: dBr, pgMw: zeros });
  const flows = new Float64Array(nl);
  const d = new Float64Array(nl);
  const part = weights.unitParticipation;
  const gBus = net.generators.bus;
  contingencies.forEach((c, index) => {
    const outcome = flowEvaluator.evaluate(c, flows);
    if (outcome.kind === 'islanding') {
      skipped.push({ contingency: index, reason: 'islanding' });
      return;
    }
    if (outcome.kind === 'skipped') {
      if (outcome.reason === 'no-pickup') skipped.push({ contingency: index, reason: 'no-pickup' });
      return;
    }
    let direction = dBr;
    const lost = c.generators.filter((u) => model.active.genActive[u] && part[u] !== 0);
    if (lost.length > 0) {
      const sourceLost = lostSourceShare(part, lost, model.active.genActive);
      const sinkLost = lostSinkShare(part, lost, model.active.genActive);
      if (sourceLost >= WHOLE_SINK || sinkLost >= WHOLE_SINK) {
        skipped.push({
          contingency: index,
          reason: sourceLost >= WHOLE_SINK ? 'no-source' : 'no-sink',
        });
        return;
      }
      // Source and sink without the lost units, each still 1 MW per MW of transfer.
      const injection = new Float64Array(nb);
      const out = new Set(lost);
      for (let u = 0; u < part.length; u++) {
        const p = part[u]!;
        if (p === 0 || out.has(u)) continue;
        injection[gBus[u]!]! += p > 0 ? p / (1 - sourceLost) : p / (1 - sinkLost);
      }
      const loads = weights.loadSinkByBus;
      if (loads !== null) for (let b = 0; b < nb; b++) injection[b]! -= loads[b]!;
      direction = injectionFlows(model, injection, theta, new Float64Array(nl));
    }
    // The outage's branches cancelled in the transfer's flows: evaluated on the intact
    // transfer, then applied to this contingency's direction (compensation is linear in the
    // flows; a new evaluator per unit outage rebuilt the network's adjacency every time).
    const moved = transferEvaluator.evaluate({ ...c, generators: [] }, d);
    if (moved.kind !== 'flows') d.set(direction);
    else if (direction !== dBr) transferEvaluator.compensate(direction, d);
    const single = c.branches.length === 1 && c.generators.length === 0;
    const k = single ? c.branches[0]! : setContingencyCode(index);
    for (let i = 0; i < monitored.length; i++) {
      const m = monitored[i]!;
      if (c.branches.includes(m)) continue;
      pair(i, k, flows[m]!, d[m]!, ctx.limitPostMw[i]!);
    }
  });
  return dBr;
}
