import {
  allBusbarCapacities,
  BusbarStatus,
  type AllBusbarOptions,
  type AllBusbarResult,
  type BusbarFigures,
} from '../../busbar/all/capacities';
import { clusterBuses } from '../../busbar/all/clusters';
import { busbarStudy } from '../../busbar/setup';
import type { Network } from '../../model/network';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import { solveReducedB } from '../../powerflow/reduced-b';
import { injectionFlows, isPreExisting, transferAtLimit } from '../../transfer/screen';
import type { Contingency, ContingencyCounts } from './contingency-set';
import { countContingencies, SET_CONTINGENCY } from './contingency-set';
import { interfacesPass } from './interfaces-pass';
import { lostSinkShare, sinkWithoutLost, WHOLE_SINK } from './lost-sink';
import { makeOutageEvaluator, solveDense, type GenerationPickup } from './outage-flows';
import type { ScreenedInterface } from './screen-set';

export interface AllBusbarsOnSetOptions extends AllBusbarOptions {
  readonly pickup?: GenerationPickup;
  /** A .mon's interfaces: those with a rating limit every bus too (interfaces-pass.ts). */
  readonly interfaces?: readonly ScreenedInterface[];
  /**
   * Most doubles the contingencies beyond single branches keep at once (default 2²⁴, 128 MB):
   * past it they are taken in chunks, each with its own pass over the buses' columns.
   */
  readonly extrasBudget?: number;
}

/** A contingency of the set that was not screened, and why. */
export interface NotScreened {
  /** Index into the set. */
  readonly contingency: number;
  /**
   * 'islanding': it splits the island (the MW it cuts off); 'no-pickup': nobody makes up a lost
   * unit; 'no-sink': its lost units were the transfer's whole sink.
   */
  readonly kind: 'islanding' | 'no-pickup' | 'no-sink';
  readonly disconnectedMw: number;
}

export interface AllBusbarsOnSetResult extends AllBusbarResult {
  /**
   * Per bus slot, the index into the set of the contingency behind each figure; −1 for the base
   * case (N-0) or when the cap binds. A figure set by a contingency of several elements has
   * `contingency` −2 in its BusbarFigures (no one branch row names it): read it here.
   */
  readonly setContingency: {
    readonly strict: Int32Array;
    readonly attributable: Int32Array;
    readonly worsened: Int32Array;
  };
  readonly setCounts: ContingencyCounts;
  readonly notScreened: readonly NotScreened[];
  /** The pass over the contingencies that are not one branch (docs/analysis.md §3.5). */
  readonly extras: {
    readonly contingencies: number;
    readonly ms: number;
  } & ExtrasStats;
}

/** What the extras' pass did, summed over its chunks. */
export interface ExtrasStats {
  chunks: number;
  /** (monitored, extra) pairs with Σ|L| ≥ ε, tested one by one per cluster of buses. */
  significantPairs: number;
  /** Pairs with Σ|L| < ε, in their monitored branch's envelope. */
  foldedPairs: number;
  /** Pairs over their limit at T = 0 (pre-existing violations after the contingency). */
  overPairs: number;
  /** Significant and over pairs left by the cluster bounds, summed over clusters. */
  candidatePairs: number;
  /** Exact T evaluations over all buses. */
  evaluatedPairs: number;
}

export { SET_CONTINGENCY } from './contingency-set';

/**
 * The connection capacity of every busbar (docs/analysis.md §6) on a contingency set a planner
 * chose (issue #30), equal bus for bus to busbarCapacityOnSet (busbar-on-set.ts), hence to a
 * re-solve without each contingency's elements.
 *
 * The set's single-branch outages go through the all-busbar stages as they are (LODF stream,
 * clusters, bounds: capacities.ts) with the set's outages and monitored branches. Every other
 * contingency c — several branches, units, or both — is an "extra": with its branches K, its
 * flows at T = 0 F(·, c) (a lost unit's output moved to its pickup, then K cancelled), and, for
 * a bus b with its column D(·, b) = PTDF(·, b) − PTDF·sink,
 *   R(m, b, c) = D(m, b) + Σ_j L(m, K_j)·D(K_j, b) + α(m, c),
 * where L(·, K) = A(·, K)·(I − A_KK)⁻¹ is c's multi-outage LODF block and α(·, c) what the lost
 * units' leaving the sink adds (bus-independent; busbar-on-set.ts renormalises the sink the same
 * way). Its T is transferAtLimit(F, R, post-contingency limit), as for any pair.
 *
 * Per monitored m, an envelope over the extras bounds every pair at once: with
 * r(m, c) = limit − |F| (limit + |F| when over it: only the relieving side is left),
 * T ≥ min_c r / (|D(m, b)| + max_c Σ_j |L(m, K_j)| · max_{k ∈ ∪K} |D(k, b)| + max_c |α(m, c)|),
 * so m's extras are evaluated only where that falls below the bus's figure so far, in order of
 * r, stopping as soon as r over the same bound reaches it. Pre-existing violations over the
 * limit at T = 0 that a bus worsens are kept in a list: they give the strict figure 0.
 */
export function allBusbarCapacitiesOnSet(
  input: Network,
  contingencies: readonly Contingency[],
  options: AllBusbarsOnSetOptions = {},
): AllBusbarsOnSetResult {
  const model = buildDcModel(input);
  const singleIndex = new Map<number, number>();
  const extraIndices: number[] = [];
  contingencies.forEach((c, index) => {
    if (c.branches.length === 1 && c.generators.length === 0) {
      const k = c.branches[0]!;
      if (!singleIndex.has(k)) singleIndex.set(k, index);
    } else if (c.branches.length > 0 || c.generators.length > 0) extraIndices.push(index);
  });
  const singles = allBusbarCapacities(
    input,
    { ...options, contingencies: Array.from(singleIndex.keys()) },
    model,
  );
  const notScreened: NotScreened[] = singles.islandingOutages.map((k) => ({
    contingency: singleIndex.get(k)!,
    kind: 'islanding' as const,
    disconnectedMw: Number.NaN,
  }));
  const toSetIndex = (figures: BusbarFigures) =>
    Int32Array.from(figures.contingency, (k) => (k < 0 ? -1 : (singleIndex.get(k) ?? -1)));
  const setContingency = {
    strict: toSetIndex(singles.strict),
    attributable: toSetIndex(singles.attributable),
    worsened: Int32Array.from(singles.worsened.contingency, (k) =>
      k < 0 ? -1 : (singleIndex.get(k) ?? -1),
    ),
  };
  const started = performance.now();
  const extras = extrasPass(input, model, contingencies, extraIndices, singles, setContingency, {
    ...options,
    notScreened,
  });
  if (options.interfaces !== undefined) {
    interfacesPass(
      input,
      model,
      contingencies,
      { result: singles, setContingency },
      options.interfaces,
      options,
    );
  }
  notScreened.sort((a, b) => a.contingency - b.contingency);
  return {
    ...singles,
    nContingencies: contingencies.length,
    setContingency,
    setCounts: countContingencies(contingencies),
    notScreened,
    extras: { ...extras, contingencies: extraIndices.length, ms: performance.now() - started },
  };
}

interface ExtrasChunk {
  /** Set indices of the chunk's computed extras. */
  readonly index: number[];
  /** Per extra: its outaged branches (in service, with a reactance). */
  readonly outaged: number[][];
  /** Per extra e and monitored position i, at e·nM + i: F, α. */
  readonly flow: Float64Array;
  readonly alpha: Float64Array;
  /** Per extra e: where its L block starts in `lodf` (|K_e|·nM values, branch j at j·nM). */
  readonly lodfStart: number[];
  readonly lodf: Float64Array;
}

/** Adds the extras' constraints to the singles' figures, in place. */
function extrasPass(
  input: Network,
  model: ReturnType<typeof buildDcModel>,
  contingencies: readonly Contingency[],
  extraIndices: readonly number[],
  singles: AllBusbarResult,
  setContingency: AllBusbarsOnSetResult['setContingency'],
  options: AllBusbarsOnSetOptions & { notScreened: NotScreened[] },
): ExtrasStats {
  const stats: ExtrasStats = {
    chunks: 0,
    significantPairs: 0,
    foldedPairs: 0,
    overPairs: 0,
    candidatePairs: 0,
    evaluatedPairs: 0,
  };
  if (extraIndices.length === 0) return stats;
  const study = busbarStudy(input, { ...options, contingencies: [] }, model);
  const { net, setup, capMw, cutoff } = study;
  const { ctx, sinkByBus, sinkFlow, unitParticipation } = setup;
  const monitored = ctx.monitored;
  const nM = monitored.length;
  const nb = net.buses.count;
  const nl = net.branches.count;
  const { fromBus, toBus } = net.branches;
  const bdc = model.bdc.b;
  const limit = ctx.limitPostMw;
  const positionOf = new Int32Array(nl).fill(-1);
  monitored.forEach((m, i) => (positionOf[m] = i));

  const base = runDcPowerFlow(net, model);
  const flowEvaluator = makeOutageEvaluator(
    model,
    { flowsMw: base.pfMw, pgMw: base.pgMw },
    options.pickup === undefined ? {} : { pickup: options.pickup },
  );
  const theta = new Float64Array(nb);
  const injection = new Float64Array(nb);
  const flows = new Float64Array(nl);
  const delta = new Float64Array(nl);

  const budget = options.extrasBudget ?? 2 ** 24;
  let next = 0;
  while (next < extraIndices.length) {
    // Build a chunk of extras within the budget.
    const chunk: ExtrasChunk = {
      index: [],
      outaged: [],
      flow: new Float64Array(0),
      alpha: new Float64Array(0),
      lodfStart: [],
      lodf: new Float64Array(0),
    };
    const flowRows: Float64Array[] = [];
    const alphaRows: Float64Array[] = [];
    const lodfBlocks: Float64Array[] = [];
    let used = 0;
    while (next < extraIndices.length && (used === 0 || used < budget)) {
      const index = extraIndices[next++]!;
      const c = contingencies[index]!;
      const outcome = flowEvaluator.evaluate(c, flows);
      if (outcome.kind !== 'flows') {
        if (outcome.kind === 'islanding') {
          options.notScreened.push({
            contingency: index,
            kind: 'islanding',
            disconnectedMw: outcome.disconnectedMw,
          });
        } else if (outcome.reason === 'no-pickup') {
          options.notScreened.push({ contingency: index, kind: 'no-pickup', disconnectedMw: 0 });
        }
        continue;
      }
      const outaged = c.branches.filter((k) => model.active.branchActive[k] && bdc[k] !== 0);
      // δ: what the lost units leaving the sink add to every bus's column (busbar-on-set.ts).
      delta.fill(0);
      const lostShare = lostSinkShare(unitParticipation, c.generators, model.active.genActive);
      if (lostShare >= WHOLE_SINK) {
        options.notScreened.push({ contingency: index, kind: 'no-sink', disconnectedMw: 0 });
        continue;
      }
      if (lostShare > 0) {
        sinkWithoutLost(
          sinkByBus,
          unitParticipation,
          c.generators,
          model.active.genActive,
          net.generators.bus,
          injection,
        );
        injectionFlows(model, injection, theta, delta);
        for (let k = 0; k < nl; k++) delta[k] = sinkFlow[k]! - delta[k]!;
      }
      // A(·, K) and L(·, K) = A(·, K)·(I − A_KK)⁻¹ over the monitored branches.
      const nK = outaged.length;
      const columns = outaged.map((k) => {
        injection.fill(0);
        injection[fromBus[k]!] = 1;
        injection[toBus[k]!] = -1;
        theta.fill(0);
        solveReducedB(model.sensitivity, injection, theta);
        const column = new Float64Array(nl);
        for (let x = 0; x < nl; x++) {
          column[x] = bdc[x] === 0 ? 0 : bdc[x]! * (theta[fromBus[x]!]! - theta[toBus[x]!]!);
        }
        return column;
      });
      const inverse = invertIdentityMinus(columns, outaged);
      const block = new Float64Array(nK * nM);
      for (let j = 0; j < nK; j++) {
        for (let i = 0; i < nM; i++) {
          const m = monitored[i]!;
          let s = 0;
          for (let q = 0; q < nK; q++) s += columns[q]![m]! * inverse[q * nK + j]!;
          block[j * nM + i] = s;
        }
      }
      const flowRow = new Float64Array(nM);
      const alphaRow = new Float64Array(nM);
      for (let i = 0; i < nM; i++) {
        const m = monitored[i]!;
        flowRow[i] = flows[m]!;
        let a = delta[m]!;
        for (let j = 0; j < nK; j++) a += block[j * nM + i]! * delta[outaged[j]!]!;
        alphaRow[i] = a;
      }
      // A monitored branch the contingency takes out carries nothing after it.
      for (const k of outaged) {
        const i = positionOf[k]!;
        if (i < 0) continue;
        flowRow[i] = 0;
        alphaRow[i] = Number.NaN;
      }
      chunk.index.push(index);
      chunk.outaged.push(outaged);
      flowRows.push(flowRow);
      alphaRows.push(alphaRow);
      lodfBlocks.push(block);
      used += nM * (2 + nK);
    }
    if (chunk.index.length === 0) continue;
    stats.chunks++;
    const nE = chunk.index.length;
    const flow = new Float64Array(nE * nM);
    const alpha = new Float64Array(nE * nM);
    let lodfLength = 0;
    for (const block of lodfBlocks) lodfLength += block.length;
    const lodf = new Float64Array(lodfLength);
    const lodfStart: number[] = [];
    let at = 0;
    for (let e = 0; e < nE; e++) {
      flow.set(flowRows[e]!, e * nM);
      alpha.set(alphaRows[e]!, e * nM);
      lodfStart.push(at);
      lodf.set(lodfBlocks[e]!, at);
      at += lodfBlocks[e]!.length;
    }
    applyChunk(
      { ...chunk, flow, alpha, lodf, lodfStart },
      { model, net, singles, setContingency, sinkFlow, monitored, limit, cutoff, capMw },
      stats,
    );
  }
  return stats;
}

interface ChunkContext {
  readonly model: ReturnType<typeof buildDcModel>;
  readonly net: Network;
  readonly singles: AllBusbarResult;
  readonly setContingency: AllBusbarsOnSetResult['setContingency'];
  readonly sinkFlow: Float64Array;
  readonly monitored: Int32Array;
  readonly limit: Float64Array;
  readonly cutoff: number;
  readonly capMw: number;
}

/** |Σ_j L(m, K_j)| under this: the pair is folded into its monitored branch's envelope. */
const LODF_EPSILON = 0.03;

/**
 * One pass over the buses for a chunk of extras; returns the exact T evaluations. Buses go in
 * clusters of electrically close ones (clusters.ts): with the cluster's centre column c and
 * per-branch spread s (the most any of its buses' columns differs from c), a pair's
 * |R| ≤ |R(c)| + s(m) + Σ_j |L(m, K_j)|·s(K_j) for every bus of the cluster at once, so a pair
 * whose room is at least the cluster's largest figure times that is dropped for all of them.
 * Pairs with Σ_j |L| < ε (most) are not tested one by one: per monitored branch, their envelope
 * (smallest room, ε, largest |α|) is, and where it does not drop them they are scanned at each
 * bus in order of room with an early stop.
 */
function applyChunk(chunk: ExtrasChunk, context: ChunkContext, stats: ExtrasStats): void {
  const { model, net, singles, setContingency, sinkFlow, monitored, limit, cutoff, capMw } =
    context;
  const nM = monitored.length;
  const nE = chunk.index.length;
  const nb = net.buses.count;
  const nl = net.branches.count;

  const room = new Float64Array(nE * nM);
  const mass = new Float64Array(nE * nM);
  const significant: number[] = [];
  const over: number[] = [];
  const folded: number[][] = Array.from({ length: nM }, () => []);
  const foldedAlpha = new Float64Array(nM);
  for (let e = 0; e < nE; e++) {
    const outaged = chunk.outaged[e]!;
    const start = chunk.lodfStart[e]!;
    for (let i = 0; i < nM; i++) {
      const key = e * nM + i;
      const a = chunk.alpha[key]!;
      if (Number.isNaN(a)) continue;
      const f = Math.abs(chunk.flow[key]!);
      let sum = 0;
      for (let j = 0; j < outaged.length; j++) sum += Math.abs(chunk.lodf[start + j * nM + i]!);
      mass[key] = sum;
      // Over the limit as isPreExisting says it: then only the relieving side is a constraint.
      if (f > limit[i]! + 1e-10 * Math.max(1, limit[i]!)) {
        room[key] = limit[i]! + f;
        over.push(key);
      } else {
        room[key] = limit[i]! - f;
        if (sum >= LODF_EPSILON) significant.push(key);
        else {
          folded[i]!.push(key);
          foldedAlpha[i] = Math.max(foldedAlpha[i]!, Math.abs(a));
        }
      }
    }
  }
  stats.significantPairs += significant.length;
  stats.overPairs += over.length;
  for (const keys of folded) stats.foldedPairs += keys.length;
  // Each envelope's pairs in order of room, sorted the first time a bus needs them (most never).
  const foldedMinRoom = Float64Array.from(folded, (keys) =>
    keys.reduce((min, key) => Math.min(min, room[key]!), Number.POSITIVE_INFINITY),
  );
  const sortedFolded = new Uint8Array(nM);
  const foldedOrder = (i: number) => {
    if (!sortedFolded[i]) {
      folded[i]!.sort((x, y) => room[x]! - room[y]!);
      sortedFolded[i] = 1;
    }
    return folded[i]!;
  };
  const outagedUnion = [...new Set(chunk.outaged.flat())];

  // The singles' figures are per slot; the clusters take each computed bus once.
  const slotOf = new Map<number, number>();
  const duplicates: [number, number][] = [];
  for (let slot = 0; slot < singles.buses.length; slot++) {
    if (singles.status[slot] !== BusbarStatus.computed) continue;
    const bus = singles.buses[slot]!;
    const first = slotOf.get(bus);
    if (first === undefined) slotOf.set(bus, slot);
    else duplicates.push([first, slot]);
  }
  const clusters = clusterBuses(net, model.active.branchActive, [...slotOf.keys()], 64);

  const theta = new Float64Array(nb);
  const injection = new Float64Array(nb);
  const spread = new Float64Array(nl);
  const { strict, attributable, worsened } = singles;
  const sigSurvivors: number[] = [];
  /** Per survivor: room / its cluster bound, under which no bus of the cluster has its T. */
  let sigFloor = new Float64Array(1024);
  const overSurvivors: number[] = [];
  const foldedOpen: number[] = [];
  let evaluated = 0;
  for (const cluster of clusters) {
    const columns = cluster.map((bus) => {
      injection.fill(0);
      injection[bus] = 1;
      const column = injectionFlows(model, injection, theta, new Float64Array(nl));
      for (let x = 0; x < nl; x++) column[x]! -= sinkFlow[x]!;
      return column;
    });
    const centre = columns[0]!;
    spread.fill(0);
    for (let q = 1; q < columns.length; q++) {
      const column = columns[q]!;
      for (let x = 0; x < nl; x++) {
        const gap = Math.abs(column[x]! - centre[x]!);
        if (gap > spread[x]!) spread[x] = gap;
      }
    }
    let largest = 0;
    for (const bus of cluster)
      largest = Math.max(largest, attributable.capacityMw[slotOf.get(bus)!]!);
    let reach = 0;
    for (const k of outagedUnion) reach = Math.max(reach, Math.abs(centre[k]!) + spread[k]!);

    /** The most |R| of a pair can be at any bus of the cluster. */
    const clusterBound = (key: number) => {
      const e = Math.floor(key / nM);
      const i = key % nM;
      const m = monitored[i]!;
      const outaged = chunk.outaged[e]!;
      const start = chunk.lodfStart[e]!;
      let r = centre[m]! + chunk.alpha[key]!;
      let s = spread[m]!;
      for (let j = 0; j < outaged.length; j++) {
        const l = chunk.lodf[start + j * nM + i]!;
        r += l * centre[outaged[j]!]!;
        s += Math.abs(l) * spread[outaged[j]!]!;
      }
      return Math.abs(r) + s;
    };
    sigSurvivors.length = 0;
    for (const key of significant) {
      const bound = clusterBound(key);
      if (bound < cutoff || room[key]! >= largest * bound) continue;
      if (sigSurvivors.length === sigFloor.length) {
        const grown = new Float64Array(2 * sigFloor.length);
        grown.set(sigFloor);
        sigFloor = grown;
      }
      sigFloor[sigSurvivors.length] = room[key]! / bound;
      sigSurvivors.push(key);
    }
    overSurvivors.length = 0;
    for (const key of over) if (clusterBound(key) >= cutoff) overSurvivors.push(key);
    foldedOpen.length = 0;
    for (let i = 0; i < nM; i++) {
      if (folded[i]!.length === 0) continue;
      const m = monitored[i]!;
      const bound = Math.abs(centre[m]!) + spread[m]! + LODF_EPSILON * reach + foldedAlpha[i]!;
      if (bound >= cutoff && foldedMinRoom[i]! < largest * bound) foldedOpen.push(i);
    }
    stats.candidatePairs += sigSurvivors.length + overSurvivors.length;
    if (sigSurvivors.length + overSurvivors.length + foldedOpen.length === 0) continue;

    cluster.forEach((bus, q) => {
      const slot = slotOf.get(bus)!;
      const column = columns[q]!;
      let busReach = 0;
      for (const k of outagedUnion) busReach = Math.max(busReach, Math.abs(column[k]!));
      let best = attributable.capacityMw[slot]!;
      let bestPair = -1;
      let bestR = 0;
      const strictZero = strict.capacityMw[slot] === 0;
      let firstOver = -1;
      let worstR = Math.abs(worsened.distributionFactor[slot]!);
      let worstPair = -1;
      const consider = (key: number, r: number) => {
        evaluated++;
        const t = transferAtLimit(chunk.flow[key]!, r, limit[key % nM]!);
        if (t < best) {
          best = t;
          bestPair = key;
          bestR = r;
        }
      };
      for (const key of overSurvivors) {
        const r = rOf(chunk, key, column, monitored);
        if (Math.abs(r) < cutoff) continue;
        if (!isPreExisting(chunk.flow[key]!, r, limit[key % nM]!)) {
          consider(key, r);
          continue;
        }
        evaluated++;
        if (
          !strictZero &&
          (firstOver < 0 || orderKey(chunk, key, nM) < orderKey(chunk, firstOver, nM))
        ) {
          firstOver = key;
        }
        if (Math.abs(r) > worstR) {
          worstR = Math.abs(r);
          worstPair = key;
        }
      }
      for (let p = 0; p < sigSurvivors.length; p++) {
        if (sigFloor[p]! >= best) continue;
        const key = sigSurvivors[p]!;
        const r = rOf(chunk, key, column, monitored);
        if (Math.abs(r) >= cutoff) consider(key, r);
      }
      for (const i of foldedOpen) {
        const m = monitored[i]!;
        const bound = Math.abs(column[m]!) + LODF_EPSILON * busReach + foldedAlpha[i]!;
        if (bound < cutoff) continue;
        if (foldedMinRoom[i]! >= best * bound) continue;
        for (const key of foldedOrder(i)) {
          if (room[key]! >= best * bound) break;
          const r = rOf(chunk, key, column, monitored);
          if (Math.abs(r) >= cutoff) consider(key, r);
        }
      }
      if (bestPair >= 0 && best < capMw) {
        const figure = {
          t: best,
          m: monitored[bestPair % nM]!,
          index: chunk.index[Math.floor(bestPair / nM)]!,
          r: bestR,
        };
        setExtra(attributable, setContingency.attributable, slot, figure);
        if (!strictZero && firstOver < 0 && best < strict.capacityMw[slot]!) {
          setExtra(strict, setContingency.strict, slot, figure);
        }
      }
      if (!strictZero && firstOver >= 0) {
        setExtra(strict, setContingency.strict, slot, {
          t: 0,
          m: monitored[firstOver % nM]!,
          index: chunk.index[Math.floor(firstOver / nM)]!,
          r: rOf(chunk, firstOver, column, monitored),
        });
      }
      if (worstPair >= 0) {
        worsened.monitored[slot] = monitored[worstPair % nM]!;
        worsened.contingency[slot] = SET_CONTINGENCY;
        worsened.distributionFactor[slot] = rOf(chunk, worstPair, column, monitored);
        setContingency.worsened[slot] = chunk.index[Math.floor(worstPair / nM)]!;
      }
    });
  }
  for (const [from, to] of duplicates) copySlot(singles, setContingency, from, to);
  stats.evaluatedPairs += evaluated;
}

/** R(m, b, c) of the pair `key` (extra e, monitored position i: e·nM + i) at the bus of `column`. */
function rOf(chunk: ExtrasChunk, key: number, column: Float64Array, monitored: Int32Array): number {
  const nM = monitored.length;
  const e = Math.floor(key / nM);
  const i = key % nM;
  const outaged = chunk.outaged[e]!;
  const start = chunk.lodfStart[e]!;
  let r = column[monitored[i]!]! + chunk.alpha[key]!;
  for (let j = 0; j < outaged.length; j++) {
    r += chunk.lodf[start + j * nM + i]! * column[outaged[j]!]!;
  }
  return r;
}

/** Ties at T = 0 go to the first contingency of the set, then the first monitored row. */
function orderKey(chunk: ExtrasChunk, key: number, nM: number): number {
  return chunk.index[Math.floor(key / nM)]! * nM + (key % nM);
}

function setExtra(
  figures: BusbarFigures,
  setIndex: Int32Array,
  slot: number,
  figure: { t: number; m: number; index: number; r: number },
): void {
  figures.capacityMw[slot] = figure.t;
  figures.monitored[slot] = figure.m;
  figures.contingency[slot] = SET_CONTINGENCY;
  figures.distributionFactor[slot] = figure.r;
  setIndex[slot] = figure.index;
}

function copySlot(
  result: AllBusbarResult,
  setContingency: AllBusbarsOnSetResult['setContingency'],
  from: number,
  to: number,
): void {
  for (const figures of [result.strict, result.attributable]) {
    figures.capacityMw[to] = figures.capacityMw[from]!;
    figures.monitored[to] = figures.monitored[from]!;
    figures.contingency[to] = figures.contingency[from]!;
    figures.distributionFactor[to] = figures.distributionFactor[from]!;
  }
  result.worsened.monitored[to] = result.worsened.monitored[from]!;
  result.worsened.contingency[to] = result.worsened.contingency[from]!;
  result.worsened.distributionFactor[to] = result.worsened.distributionFactor[from]!;
  setContingency.strict[to] = setContingency.strict[from]!;
  setContingency.attributable[to] = setContingency.attributable[from]!;
  setContingency.worsened[to] = setContingency.worsened[from]!;
}

/** (I − A_KK)⁻¹, row-major |K|×|K|, with A(k_i, k_j) = columns[j][k_i]: one solve per column. */
function invertIdentityMinus(
  columns: readonly Float64Array[],
  outaged: readonly number[],
): Float64Array {
  const n = outaged.length;
  const inverse = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let q = 0; q < n; q++) a[i * n + q] = (i === q ? 1 : 0) - columns[q]![outaged[i]!]!;
    }
    const x = new Float64Array(n);
    x[j] = 1;
    solveDense(a, x, n);
    for (let i = 0; i < n; i++) inverse[i * n + j] = x[i]!;
  }
  return inverse;
}
