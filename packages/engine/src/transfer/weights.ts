import type { Islands } from '../model/islands';
import type { InService } from '../model/indexing';
import type { Network } from '../model/network';
import type { EngineErrorCode } from '../util/engine-error';
import { EngineError } from '../util/engine-error';
import type { Plants } from './plants';

/**
 * Source and sink of a transfer (docs/analysis.md §4) as per-unit, per-plant and per-bus factors for
 * 1 MW of transfer. Every factor is restricted to one island, the transfer island, so the
 * transfer is balanced where it flows and no reference generator picks any of it up.
 */
export type StudyGroupSpec =
  | { readonly rule: 'all-with-headroom' }
  /**
   * Plants given by 0-based plant index and/or by 0-based generator row (its whole plant), and
   * `units`: 0-based generator rows that rise alone, without the rest of their plant (the study
   * groups of study-group/resolve.ts pick units: a wind unit beside a gas unit at one bus).
   */
  | {
      readonly rule: 'named';
      readonly plants?: number[];
      readonly generators?: number[];
      readonly units?: number[];
    }
  /** Needs MATPOWER genfuel, which the reader does not keep yet: refused with a coded error. */
  | { readonly rule: 'renewables' };

/** How the source was named (StudyGroupSpec's rules), as results record it. */
export type StudyGroupRule = 'named' | 'renewables' | 'all-with-headroom';
/** What took the transfer: the sink asked for, or the loads when no unit had room to give. */
export type SinkRule = 'headroom-down' | 'initial-output' | 'loads' | 'group';

export type SinkSpec =
  | 'headroom-down'
  | 'initial-output'
  | 'loads'
  | { readonly rule: 'group'; readonly plants: number[] };

export interface TransferWeights {
  readonly studyGroupRule: StudyGroupRule;
  readonly sinkRule: SinkRule;
  /** dP/dT per generator row (0 outside the transfer). */
  readonly unitParticipation: Float64Array;
  /** dP/dT per plant: the sum over its units. */
  readonly plantParticipation: Float64Array;
  readonly inStudyGroup: Uint8Array;
  /** dPd/dT per bus with a 'loads' sink (more demand), else null. */
  readonly loadSinkByBus: Float64Array | null;
  /** Net injection per bus per MW of transfer: source − sink; sums to 0. */
  readonly injectionByBus: Float64Array;
  /** Where the sink withdraws 1 MW, per bus (sums to 1): the sink side of sensitivities. */
  readonly sinkByBus: Float64Array;
  /** Each unit's share of the sink (0 outside a generator sink). */
  readonly sinkShareByUnit: Float64Array;
  /** The source's total headroom, MW. */
  readonly tmaxMw: number;
  readonly island: number;
}

/** The transfer module's codes: the TRANSFER_* members of EngineErrorCode. */
export type TransferErrorCode = Extract<EngineErrorCode, `TRANSFER_${string}`>;

export function transferError(code: TransferErrorCode, message: string): EngineError {
  return new EngineError(code, message);
}

interface Context {
  readonly net: Network;
  readonly active: InService;
  readonly islands: Islands;
  readonly plants: Plants;
}

function checkPlants(ctx: Context, plants: readonly number[]): void {
  for (const p of plants) {
    if (!Number.isInteger(p) || p < 0 || p >= ctx.plants.list.length) {
      throw transferError('TRANSFER_PLANT_UNKNOWN', `plant ${p + 1} is not in the case`);
    }
  }
}

const RENEWABLE_FUELS = new Set(['wind', 'solar', 'eolica', 'solar fv', 'pv']);

/** Plants with a wind or solar unit that can rise (genfuel), 0-based. */
export function renewablePlants(ctx: Pick<Context, 'net' | 'plants'>): number[] {
  const g = ctx.net.generators;
  const fuel = g.fuel;
  if (fuel === undefined) return [];
  return ctx.plants.list
    .filter((p) =>
      p.generators.some((k) => RENEWABLE_FUELS.has(fuel[k] ?? '') && g.pmaxMw[k] - g.pgMw[k] > 0),
    )
    .map((p) => p.index);
}

/** Plants of the study group (0-based), as the rule selects them. */
export function studyGroupPlants(ctx: Context, spec: StudyGroupSpec): number[] {
  const { net, plants } = ctx;
  const g = net.generators;
  if (spec.rule === 'renewables') {
    const renewable = renewablePlants(ctx);
    if (renewable.length === 0) {
      throw transferError(
        'TRANSFER_GROUP_EMPTY',
        'the case names no wind or solar unit with room to rise (MATPOWER genfuel)',
      );
    }
    return renewable;
  }
  if (spec.rule === 'named') {
    const set = new Set<number>(spec.plants ?? []);
    for (const k of [...(spec.generators ?? []), ...(spec.units ?? [])]) {
      if (!Number.isInteger(k) || k < 0 || k >= g.count) {
        throw transferError('TRANSFER_PLANT_UNKNOWN', `generator ${k + 1} is not in the case`);
      }
      set.add(plants.plantOfGenerator[k]);
    }
    const list = [...set].sort((a, b) => a - b);
    checkPlants(ctx, list);
    return list;
  }
  return plants.list
    .filter((p) => p.generators.some((k) => g.pmaxMw[k] - g.pgMw[k] > 0))
    .map((p) => p.index);
}

/** Island with the most source weight: the transfer stays inside it. */
function transferIsland(ctx: Context, unitSource: Float64Array): number {
  const byIsland = new Float64Array(Math.max(ctx.islands.count, 1));
  const { bus } = ctx.net.generators;
  for (let k = 0; k < unitSource.length; k++) {
    if (unitSource[k] > 0) byIsland[ctx.islands.islandByBus[bus[k]]] += unitSource[k];
  }
  let best = 0;
  for (let i = 1; i < byIsland.length; i++) if (byIsland[i] > byIsland[best]) best = i;
  return best;
}

/**
 * Unit weights of a generator sink (not normalised), or null for a load sink. `exclude` marks
 * the source's plants. With 'headroom-down', when nothing outside the source can reduce (the
 * source is every generator), the loads take the transfer (docs/analysis.md §4).
 */
export function sinkUnitWeights(
  ctx: Context,
  sink: SinkSpec,
  exclude: Uint8Array,
  island: number,
): Float64Array | null {
  const g = ctx.net.generators;
  if (sink === 'loads') return null;
  const w = new Float64Array(g.count);
  let named: Uint8Array | null = null;
  if (typeof sink === 'object') {
    checkPlants(ctx, sink.plants);
    named = new Uint8Array(ctx.plants.list.length);
    for (const p of sink.plants) named[p] = 1;
  }
  let total = 0;
  for (let k = 0; k < g.count; k++) {
    const p = ctx.plants.plantOfGenerator[k];
    if (!ctx.active.genActive[k] || exclude[p]) continue;
    if (ctx.islands.islandByBus[g.bus[k]] !== island) continue;
    if (named && !named[p]) continue;
    const room = sink === 'initial-output' ? g.pgMw[k] : g.pgMw[k] - g.pminMw[k];
    w[k] = Math.max(0, room);
    total += w[k];
  }
  if (total > 0) return w;
  if (sink === 'headroom-down') return null;
  throw transferError('TRANSFER_SINK_EMPTY', 'the sink has no generation to reduce');
}

/** Demand share per bus in the island (positive loads only), or null when there is none. */
export function loadShares(ctx: Context, island: number): Float64Array | null {
  const { pdMw, count } = ctx.net.buses;
  const w = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (ctx.islands.islandByBus[i] !== island || pdMw[i] <= 0) continue;
    w[i] = pdMw[i];
    total += pdMw[i];
  }
  if (total <= 0) return null;
  for (let i = 0; i < count; i++) w[i] /= total;
  return w;
}

export function buildTransferWeights(
  ctx: Context,
  groupSpec: StudyGroupSpec,
  sinkSpec: SinkSpec,
): TransferWeights {
  const { net, plants } = ctx;
  const g = net.generators;
  const nb = net.buses.count;
  const nPlants = plants.list.length;
  const group = studyGroupPlants(ctx, groupSpec);
  const inStudyGroup = new Uint8Array(nPlants);
  for (const p of group) inStudyGroup[p] = 1;
  const source = new Float64Array(g.count);
  // Units named alone rise alone; every other way of naming a plant raises all its units.
  const wholePlant = new Uint8Array(nPlants);
  if (groupSpec.rule === 'named') {
    for (const p of groupSpec.plants ?? []) wholePlant[p] = 1;
    for (const k of groupSpec.generators ?? []) wholePlant[plants.plantOfGenerator[k]] = 1;
  } else {
    for (const p of group) wholePlant[p] = 1;
  }
  const alone = new Set(groupSpec.rule === 'named' ? (groupSpec.units ?? []) : []);
  for (const p of group) {
    for (const k of plants.list[p].generators) {
      if (wholePlant[p] || alone.has(k)) source[k] = Math.max(0, g.pmaxMw[k] - g.pgMw[k]);
    }
  }
  const island = transferIsland(ctx, source);
  let tmaxMw = 0;
  for (let k = 0; k < g.count; k++) {
    if (ctx.islands.islandByBus[g.bus[k]] !== island) source[k] = 0;
    tmaxMw += source[k];
  }
  if (tmaxMw <= 0) {
    throw transferError('TRANSFER_GROUP_EMPTY', 'the study group has no headroom to rise');
  }
  const sinkUnits = sinkUnitWeights(ctx, sinkSpec, inStudyGroup, island);
  const loads = sinkUnits ? null : loadShares(ctx, island);
  if (!sinkUnits && !loads) {
    throw transferError('TRANSFER_SINK_EMPTY', 'the sink has neither generation nor load');
  }
  const unitParticipation = new Float64Array(g.count);
  const plantParticipation = new Float64Array(nPlants);
  const injectionByBus = new Float64Array(nb);
  const sinkByBus = new Float64Array(nb);
  const sinkShareByUnit = new Float64Array(g.count);
  let sinkTotal = 0;
  if (sinkUnits) for (let k = 0; k < g.count; k++) sinkTotal += sinkUnits[k];
  for (let k = 0; k < g.count; k++) {
    const up = source[k] / tmaxMw;
    const down = sinkUnits ? sinkUnits[k] / sinkTotal : 0;
    unitParticipation[k] = up - down;
    plantParticipation[plants.plantOfGenerator[k]] += up - down;
    injectionByBus[g.bus[k]] += up - down;
    sinkByBus[g.bus[k]] += down;
    sinkShareByUnit[k] = down;
  }
  if (loads) {
    for (let i = 0; i < nb; i++) {
      injectionByBus[i] -= loads[i];
      sinkByBus[i] += loads[i];
    }
  }
  const sinkRule: SinkRule =
    typeof sinkSpec === 'object' ? 'group' : sinkUnits ? sinkSpec : 'loads';
  return {
    studyGroupRule: groupSpec.rule,
    sinkRule,
    unitParticipation,
    plantParticipation,
    inStudyGroup,
    loadSinkByBus: loads,
    injectionByBus,
    sinkByBus,
    sinkShareByUnit,
    tmaxMw,
    island,
  };
}
