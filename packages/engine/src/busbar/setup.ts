import type { BaseCase, BaseCaseOptions } from '../base/base-case';
import { prepareBaseCase } from '../base/base-case';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel } from '../powerflow/dcpf';
import { EngineError } from '../util/engine-error';
import { groupPlants } from '../transfer/plants';
import type { ScreenContext, ScreenOptions } from '../transfer/screen';
import { buildScreenContext, injectionFlows } from '../transfer/screen';
import type { Plants } from '../transfer/plants';
import type { SinkRule, SinkSpec } from '../transfer/weights';
import { loadShares, sinkUnitWeights, transferError } from '../transfer/weights';
import { effectiveCutoff } from '../transfer/cutoff';

/**
 * What every busbar capacity computation of a case shares (docs/analysis.md §6): the transfer
 * island, the sink of a new unit and the sink's flows, and the requested buses split into those
 * of the island and those outside it. The transfer of bus b is then +1 at b against the sink.
 */
export interface BusbarSetupOptions extends ScreenOptions, BaseCaseOptions {
  /** 0-based bus indices; default every bus of the case. */
  readonly buses?: ArrayLike<number>;
  /** Default 'headroom-down': every in-service generator by P0 − Pmin. */
  readonly sink?: SinkSpec;
}

export interface BusbarSetup {
  readonly ctx: ScreenContext;
  readonly sinkRule: SinkRule;
  /** dP/dT of the sink per generator row (≤ 0); the new unit is +1 at its bus. */
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  /** Where the sink withdraws 1 MW, per bus (sums to 1). */
  readonly sinkByBus: Float64Array;
  /** Branch flows per MW withdrawn by the sink (PTDF·sink). */
  readonly sinkFlow: Float64Array;
  /**
   * The most the sink can give, MW: Σ (P0 − Pmin) of its units for 'headroom-down' and a
   * group, Σ P0 for 'initial-output' (down to zero), unbounded (Infinity) for the loads. No
   * connection can exceed it: past it the sink's units would leave their limits.
   */
  readonly sinkRoomMw: number;
  /** The requested buses, in order. */
  readonly requested: number[];
  /** Those in the transfer island, in requested order. */
  readonly buses: number[];
  /** Those outside it (no capacity computed). */
  readonly skippedBuses: number[];
}

/** Where the sink of a new unit withdraws, for one dispatch (busbarSetup, and each hour of hours/). */
export interface SinkDistribution {
  readonly sinkRule: SinkRule;
  /** dP/dT of the sink per generator row (≤ 0); the new unit is +1 at its bus. */
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  /** Where the sink withdraws 1 MW, per bus (sums to 1). */
  readonly sinkByBus: Float64Array;
  /** The most the sink can give, MW (BusbarSetup.sinkRoomMw). */
  readonly sinkRoomMw: number;
}

/** The island with the most in-service capacity: it hosts every transfer of the case. */
export function transferIsland(net: Network, model: DcModel): number {
  const { islands } = model;
  const g = net.generators;
  const pmaxByIsland = new Float64Array(Math.max(islands.count, 1));
  for (let k = 0; k < g.count; k++) {
    if (model.active.genActive[k]) pmaxByIsland[islands.islandByBus[g.bus[k]]] += g.pmaxMw[k];
  }
  return pmaxByIsland.indexOf(Math.max(...pmaxByIsland));
}

/**
 * The sink of `sinkSpec` on the dispatch `net.generators.pgMw` with the units `active` says
 * are in service: the units' room (P0 − Pmin, or P0 for 'initial-output'), or the island's
 * loads when no unit has any.
 */
export function sinkDistribution(
  net: Network,
  model: Pick<DcModel, 'active' | 'islands'>,
  plants: Plants,
  sinkSpec: SinkSpec,
  island: number,
): SinkDistribution {
  const g = net.generators;
  const c0 = { net, active: model.active, islands: model.islands, plants };
  const units = sinkUnitWeights(c0, sinkSpec, new Uint8Array(plants.list.length), island);
  const loads = units ? null : loadShares(c0, island);
  if (!units && !loads) throw transferError('TRANSFER_SINK_EMPTY', 'the sink is empty');
  const sinkByBus = new Float64Array(net.buses.count);
  const unitParticipation = new Float64Array(g.count);
  let sinkRoomMw = Number.POSITIVE_INFINITY;
  if (units) {
    const total = units.reduce((s, v) => s + v, 0);
    // The weights are the units' room itself (P0 − Pmin, or P0 for 'initial-output').
    sinkRoomMw = total;
    for (let k = 0; k < g.count; k++) {
      unitParticipation[k] = -units[k] / total;
      sinkByBus[g.bus[k]] += units[k] / total;
    }
  } else if (loads) sinkByBus.set(loads);
  return {
    sinkRule: typeof sinkSpec === 'object' ? 'group' : units ? sinkSpec : 'loads',
    unitParticipation,
    loadSinkByBus: loads,
    sinkByBus,
    sinkRoomMw,
  };
}

export function busbarSetup(
  net: Network,
  model: DcModel,
  options: BusbarSetupOptions,
): BusbarSetup {
  const ctx = buildScreenContext(net, model, options);
  const plants = groupPlants(net, model.active);
  const { islands } = model;
  const island = transferIsland(net, model);
  const sink = sinkDistribution(net, model, plants, options.sink ?? 'headroom-down', island);
  const nb = net.buses.count;
  const sinkFlow = injectionFlows(
    model,
    sink.sinkByBus,
    new Float64Array(nb),
    new Float64Array(net.branches.count),
  );
  const requested = options.buses
    ? Array.from(options.buses)
    : Array.from({ length: nb }, (_, i) => i);
  for (const b of requested) {
    if (!Number.isInteger(b) || b < 0 || b >= nb) {
      throw new EngineError('MODEL_BUS_UNKNOWN', `bus index ${b} is not in the case`);
    }
  }
  return {
    ctx,
    ...sink,
    sinkFlow,
    requested,
    buses: requested.filter((b) => islands.islandByBus[b] === island),
    skippedBuses: requested.filter((b) => islands.islandByBus[b] !== island),
  };
}

/** What both busbar computations read before their stages (capacity.ts and all/). */
export interface BusbarStudyOptions extends BusbarSetupOptions {
  /** The study cap, MW (default 2000). */
  readonly capMw?: number;
  readonly distributionFactorCutoff?: number;
}

/** A busbar computation's start: the base case, its setup, the cap and the cutoff. */
export interface BusbarStudy {
  readonly model: DcModel;
  readonly base: BaseCase;
  /** The base case's network (P0 = the base dispatch): the one analysed. */
  readonly net: Network;
  readonly setup: BusbarSetup;
  /** The study cap asked for, MW. */
  readonly requestedCapMw: number;
  /** min(requestedCapMw, the sink's room): the figure of a bus where nothing binds first. */
  readonly capMw: number;
  readonly cutoff: number;
}

export function busbarStudy(
  input: Network,
  options: BusbarStudyOptions,
  prebuilt?: DcModel,
): BusbarStudy {
  const model = prebuilt ?? buildDcModel(input);
  const base = prepareBaseCase(input, options, model);
  const setup = busbarSetup(base.net, model, options);
  const requestedCapMw = options.capMw ?? 2000;
  return {
    model,
    base,
    net: base.net,
    setup,
    requestedCapMw,
    // Past the sink's room no connection is possible: it caps every bus then.
    capMw: Math.min(requestedCapMw, setup.sinkRoomMw),
    cutoff: effectiveCutoff(options.distributionFactorCutoff),
  };
}

/** Each requested bus's first slot: a bus requested twice is ranked once, at its first slot. */
export function firstSlots(requested: readonly number[]): Map<number, number> {
  const slotOf = new Map<number, number>();
  requested.forEach((b, slot) => slotOf.set(b, slotOf.get(b) ?? slot));
  return slotOf;
}
