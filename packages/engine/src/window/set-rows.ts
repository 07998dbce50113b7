import type { BusbarSetup } from '../busbar/setup';
import type { Contingency } from '../contingency/sets/contingency-set';
import { lostSinkShare, sinkWithoutLost, WHOLE_SINK } from '../contingency/sets/lost-sink';
import type { GenerationPickup, OutageEvaluator } from '../contingency/sets/outage-flows';
import { makeOutageEvaluator } from '../contingency/sets/outage-flows';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { runDcPowerFlow } from '../powerflow/dcpf';
import { injectionFlows } from '../transfer/screen';

/**
 * A window on a planner's contingency set (issue #30). The set's one-branch outages go through
 * the N-1 stream's LODF like the default list (their rows keyed by branch row); the others — a
 * double circuit, a unit, any mix — are evaluated by outage-flows.ts, exactly: the flows at
 * x = 0 after c with a lost unit's output picked up, and each request's MW per MW after c, its
 * column with the lost units taken out of the sink (lost-sink.ts) and then c's branches
 * cancelled by the same compensation. Their rows carry contingency −2 − (the set's index).
 */
export interface WindowSet {
  readonly contingencies: readonly Contingency[];
  /** Single-branch contingencies by branch row → their first index in the set. */
  readonly streamed: ReadonlyMap<number, number>;
  /** Set indices evaluated one at a time (not through the stream). */
  readonly evaluated: readonly number[];
  readonly evaluator: OutageEvaluator;
  /** Set indices not screened: islanding, nobody to pick up a lost unit, or the whole sink lost. */
  readonly notScreened: Set<number>;
  /** Per set index, the flows a request's MW gains when its lost units leave the sink (cached). */
  readonly sinkShift: Map<number, Float64Array | null>;
  readonly setup: BusbarSetup;
  readonly model: DcModel;
}

/** `contingency` of a row after the set's contingency `index` (one that is not streamed). */
export const setRowCode = (index: number): number => -2 - index;
/** The set index of a row's `contingency`, or null for N-0 or a branch row. */
export const setIndexOfRow = (contingency: number): number | null =>
  contingency <= -2 ? -2 - contingency : null;

export function streamedSingles(contingencies: readonly Contingency[]): Map<number, number> {
  const streamed = new Map<number, number>();
  contingencies.forEach((c, index) => {
    if (c.branches.length !== 1 || c.generators.length !== 0) return;
    const k = c.branches[0]!;
    if (!streamed.has(k)) streamed.set(k, index);
  });
  return streamed;
}

/** `study` is the situation's busbar study (busbar/setup.ts): its base-case network and model. */
export function makeWindowSet(
  study: { readonly model: DcModel; readonly net: Network; readonly setup: BusbarSetup },
  contingencies: readonly Contingency[],
  pickup: GenerationPickup,
): WindowSet {
  const streamed = streamedSingles(contingencies);
  const evaluated = contingencies.flatMap((c, index) => {
    const single = c.branches.length === 1 && c.generators.length === 0;
    return single && streamed.has(c.branches[0]!) ? [] : [index];
  });
  const { model, setup } = study;
  const base = runDcPowerFlow(study.net, model);
  const evaluator = makeOutageEvaluator(model, { flowsMw: base.pfMw, pgMw: base.pgMw }, { pickup });
  const notScreened = new Set<number>();
  for (const k of setup.ctx.islanding) notScreened.add(streamed.get(k)!);
  return {
    contingencies,
    streamed,
    evaluated,
    evaluator,
    notScreened,
    sinkShift: new Map(),
    setup,
    model,
  };
}

/**
 * Evaluates the set's contingency `index` into `flows` (MW after it at x = 0); false when it is
 * not screened (recorded in notScreened) or names nothing in service.
 */
export function evaluateSetContingency(
  set: WindowSet,
  index: number,
  flows: Float64Array,
): boolean {
  if (set.notScreened.has(index)) return false;
  const c = set.contingencies[index]!;
  const outcome = set.evaluator.evaluate(c, flows);
  if (outcome.kind !== 'flows') {
    if (outcome.kind !== 'skipped' || outcome.reason !== 'already-out') set.notScreened.add(index);
    return false;
  }
  if (sinkShiftOf(set, index) === 'whole') {
    set.notScreened.add(index);
    return false;
  }
  return true;
}

/**
 * What one MW of any request adds to every branch's flow once c's lost units leave the sink:
 * flows(sink) − flows(sink′) (null when they held none of it); 'whole' when they were all of it.
 */
export function sinkShiftOf(set: WindowSet, index: number): Float64Array | null | 'whole' {
  if (set.sinkShift.has(index)) return set.sinkShift.get(index)!;
  const { setup, model } = set;
  const net = model.net;
  const c = set.contingencies[index]!;
  const genActive = model.active.genActive;
  const share = lostSinkShare(setup.unitParticipation, c.generators, genActive);
  if (share >= WHOLE_SINK) return 'whole';
  let shift: Float64Array | null = null;
  if (share > 0) {
    const sink = new Float64Array(net.buses.count);
    sinkWithoutLost(
      setup.sinkByBus,
      setup.unitParticipation,
      c.generators,
      genActive,
      net.generators.bus,
      sink,
    );
    const theta = new Float64Array(net.buses.count);
    shift = injectionFlows(model, sink, theta, new Float64Array(net.branches.count));
    for (let m = 0; m < shift.length; m++) shift[m] = setup.sinkFlow[m]! - shift[m]!;
  }
  set.sinkShift.set(index, shift);
  return shift;
}

/**
 * The row factors after the last evaluated contingency of the set, for monitored branches
 * `monitored`: per request r, (column_r + shift)(m) compensated by the outage, zero for a
 * request not in service (its column is `none`). One |K|-sized solve per distinct column.
 */
export function setRowFactors(
  set: WindowSet,
  index: number,
  columns: readonly Float64Array[],
  inService: ArrayLike<number>,
  monitored: readonly number[],
): Float64Array[] {
  const shift = sinkShiftOf(set, index);
  const { outaged, columns: transfer, weights } = set.evaluator.compensation();
  const n = outaged.length;
  const factors = monitored.map(() => new Float64Array(columns.length));
  const byColumn = new Map<Float64Array, Float64Array>();
  const y = new Float64Array(n);
  const out = new Set(outaged);
  columns.forEach((d, r) => {
    if (!inService[r]) return;
    let values = byColumn.get(d);
    if (!values) {
      values = new Float64Array(monitored.length);
      // The compensation weights of the column at K (with the sink's shift).
      const at = (b: number) => d[b]! + (shift instanceof Float64Array ? shift[b]! : 0);
      for (let j = 0; j < n; j++) y[j] = at(outaged[j]!);
      weights(y);
      for (let i = 0; i < monitored.length; i++) {
        const m = monitored[i]!;
        if (out.has(m)) continue;
        let a = at(m);
        for (let j = 0; j < n; j++) a += transfer[j]![m]! * y[j]!;
        values[i] = a;
      }
      byColumn.set(d, values);
    }
    for (let i = 0; i < monitored.length; i++) factors[i]![r] = values[i]!;
  });
  return factors;
}
