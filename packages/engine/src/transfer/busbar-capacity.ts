import type { PostRating } from '../contingency/n1';
import { BATCH, luSolve4, makeBatch4Workspace } from '../linalg/lu-batch';
import { branchDisplayName } from '../model/display-names';
import type { Network } from '../model/network';
import { busDisplayName, busIndex } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel } from '../powerflow/dcpf';
import { collectCandidates } from './busbar-candidates';
import { groupPlants } from './plants';
import type { ScreenOptions } from './screen';
import { buildScreenContext, injectionFlows, isPreExisting } from './screen';
import type { SinkRule } from './types';
import type { SinkSpec } from './weights';
import { loadShares, sinkUnitWeights, transferError } from './weights';

/**
 * Busbar connection capacity (ANALYSIS.md §6): for each candidate bus b, the FCITC of a new unit
 * at b against the sink, with its limiting element and contingency and the first constraints to
 * bind.
 *
 * The transfer of bus b differs from another bus's only in its source column:
 * d_b(x) = PTDF(x,b) − PTDF(x,·)·sink = D(x,b). So the sink's flows are one solve, each bus's
 * column one solve, and the LODF stream is run ONCE for all buses: it keeps the (m, k) pairs
 * whose T can fall below the cap at some bus (see busbar-candidates.ts), with LODF(m,k) and the
 * post-contingency flow; each bus then scans those in increasing lower bound and stops when the
 * bound passes its fifth-smallest T. Cost, with nB candidate buses, nL branches, nO outages,
 * nM monitored and C kept pairs: 2·nB + nO + 1 sparse solves (4 right-hand sides per pass),
 * O(nB·nL + nO·nM) arithmetic, and per bus O(nM + scanned pairs) ≤ O(nM + C); memory O(nL + C).
 */
export interface BusbarCapacityOptions extends ScreenOptions {
  /** 0-based bus indices; default every bus of the transfer island. */
  readonly buses?: ArrayLike<number>;
  /** The study cap, MW (default 2000). */
  readonly capMw?: number;
  /** Default 'headroom-down': every in-service generator by P0 − Pmin. */
  readonly sink?: SinkSpec;
  readonly distributionFactorCutoff?: number;
  /** Constraints reported per bus (default 5). */
  readonly top?: number;
  /** Most (m, k) pairs kept in memory for the per-bus scans (default 4 000 000). */
  readonly maxCandidates?: number;
}

export interface BusbarConstraint {
  /** 0-based branch rows; contingency −1 is N-0. */
  readonly monitored: number;
  readonly contingency: number;
  readonly monitoredName: string;
  readonly contingencyName: string | null;
  readonly flowAtZeroMw: number;
  readonly distributionFactor: number;
  readonly limitMw: number;
  readonly transferAtLimitMw: number;
  readonly preExistingViolation: boolean;
}

export interface BusbarCapacity {
  readonly bus: number;
  readonly busNumber: number;
  readonly name: string;
  /** FCITC of a new unit at the bus, capped at capMw. */
  readonly capacityMw: number;
  /** null when the cap binds first. */
  readonly limiting: BusbarConstraint | null;
  /** Up to `top` constraints, T ascending (ties: contingency, monitored). */
  readonly top: BusbarConstraint[];
  /** false only when the memory bound cut the scan short of this bus's capacity. */
  readonly exact: boolean;
}

export interface BusbarCapacityResult {
  readonly sink: SinkRule;
  readonly capMw: number;
  readonly distributionFactorCutoff: number;
  readonly postContingencyRating: PostRating;
  /** dP/dT of the sink per generator row (≤ 0); the new unit is +1 at its bus. */
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  readonly results: BusbarCapacity[];
  /** Requested buses outside the transfer island (no capacity computed). */
  readonly skippedBuses: number[];
  readonly islandingOutages: number[];
  readonly nContingencies: number;
  readonly nMonitored: number;
  readonly candidatePairs: number;
  readonly timingsMs: { model: number; rowBounds: number; candidates: number; buses: number };
}

export function busbarCapacity(
  net: Network,
  options: BusbarCapacityOptions = {},
  prebuilt?: DcModel,
): BusbarCapacityResult {
  const t0 = performance.now();
  const model = prebuilt ?? buildDcModel(net);
  const ctx = buildScreenContext(net, model, options);
  const plants = groupPlants(net, model.active);
  const capMw = options.capMw ?? 2000;
  const cutoff = options.distributionFactorCutoff ?? 0.01;
  const topN = options.top ?? 5;
  const { islands } = model;
  const g = net.generators;
  // The island with the most in-service capacity hosts the transfer.
  const pmaxByIsland = new Float64Array(Math.max(islands.count, 1));
  for (let k = 0; k < g.count; k++) {
    if (model.active.genActive[k]) pmaxByIsland[islands.islandByBus[g.bus[k]]] += g.pmaxMw[k];
  }
  const island = pmaxByIsland.indexOf(Math.max(...pmaxByIsland));
  const sinkSpec = options.sink ?? 'headroom-down';
  const c0 = { net, active: model.active, islands, plants };
  const units = sinkUnitWeights(c0, sinkSpec, new Uint8Array(plants.list.length), island);
  const loads = units ? null : loadShares(c0, island);
  if (!units && !loads) throw transferError('TRANSFER_SINK_EMPTY', 'the sink is empty');
  const nb = net.buses.count;
  const sinkByBus = new Float64Array(nb);
  const unitParticipation = new Float64Array(g.count);
  if (units) {
    const total = units.reduce((s, v) => s + v, 0);
    for (let k = 0; k < g.count; k++) {
      unitParticipation[k] = -units[k] / total;
      sinkByBus[g.bus[k]] += units[k] / total;
    }
  } else if (loads) sinkByBus.set(loads);
  const sinkFlow = injectionFlows(
    model,
    sinkByBus,
    new Float64Array(nb),
    new Float64Array(net.branches.count),
  );

  const requested = options.buses
    ? Array.from(options.buses)
    : Array.from({ length: nb }, (_, i) => i);
  const buses = requested.filter((b) => islands.islandByBus[b] === island);
  const skippedBuses = requested.filter((b) => islands.islandByBus[b] !== island);

  // Columns of PTDF for four buses per pass; `col(x, j)` reads branch x for bus j of the pass.
  const { lu, reducedOf } = model.sensitivity;
  const nR = lu.n;
  const { fromBus, toBus, count: nl } = net.branches;
  const slotFrom = Int32Array.from(fromBus, (i) => BATCH * (reducedOf[i] >= 0 ? reducedOf[i] : nR));
  const slotTo = Int32Array.from(toBus, (i) => BATCH * (reducedOf[i] >= 0 ? reducedOf[i] : nR));
  const bx = model.bdc.b;
  const ws = makeBatch4Workspace(nR);
  const rhs = new Float64Array(BATCH * nR);
  const x = new Float64Array(BATCH * (nR + 1));
  const solveBatch = (start: number): number => {
    const count = Math.min(BATCH, buses.length - start);
    rhs.fill(0);
    for (let j = 0; j < count; j++) {
      const r = reducedOf[buses[start + j]];
      if (r >= 0) rhs[BATCH * r + j] = 1;
    }
    luSolve4(lu, rhs, x, ws);
    return count;
  };
  const dAt = (xb: number, j: number): number =>
    bx[xb] * (x[slotFrom[xb] + j] - x[slotTo[xb] + j]) - sinkFlow[xb];

  const t1 = performance.now();
  const rowBound = new Float64Array(nl);
  for (let start = 0; start < buses.length; start += BATCH) {
    const count = solveBatch(start);
    for (let xb = 0; xb < nl; xb++) {
      if (bx[xb] === 0) continue;
      for (let j = 0; j < count; j++) rowBound[xb] = Math.max(rowBound[xb], Math.abs(dAt(xb, j)));
    }
  }
  const t2 = performance.now();
  const cand = collectCandidates(ctx, rowBound, capMw, cutoff, options.maxCandidates ?? 4_000_000);
  const t3 = performance.now();

  // Ties in T: N-0 first, then by contingency row, then by monitored row (as the N-1 screen).
  const before = (t: number, p: number, t2: number, p2: number): boolean =>
    t !== t2
      ? t < t2
      : cand.contingency[p] !== cand.contingency[p2]
        ? cand.contingency[p] < cand.contingency[p2]
        : cand.monitored[p] < cand.monitored[p2];

  const describe = (c: number, t: number, d: number): BusbarConstraint => {
    const m = cand.monitored[c];
    const k = cand.contingency[c];
    const fc = cand.flowMw[c];
    return {
      monitored: m,
      contingency: k,
      monitoredName: branchDisplayName(net, m),
      contingencyName: k >= 0 ? branchDisplayName(net, k) : null,
      flowAtZeroMw: fc,
      distributionFactor: d,
      limitMw: cand.limitMw[c],
      transferAtLimitMw: t,
      preExistingViolation: isPreExisting(fc, d, cand.limitMw[c]),
    };
  };

  const results: BusbarCapacity[] = [];
  // D(x, b) for the bus being scanned; slot nl stays 0 so an N-0 pair (k = −1 → nl) needs no branch.
  const dBus = new Float64Array(nl + 1);
  const cm = cand.monitored;
  const ck = Int32Array.from(cand.contingency, (k) => (k < 0 ? nl : k));
  const { lodf: cl, flowMw: cf, limitMw: cL, bucketStart: bs, bucketWidthMw: width } = cand;
  const foundC = new Int32Array(topN + 1);
  const foundT = new Float64Array(topN + 1);
  const foundD = new Float64Array(topN + 1);
  for (let start = 0; start < buses.length; start += BATCH) {
    const count = solveBatch(start);
    for (let j = 0; j < count; j++) {
      for (let xb = 0; xb < nl; xb++) dBus[xb] = bx[xb] === 0 ? 0 : dAt(xb, j);
      let nFound = 0;
      let threshold = capMw;
      for (let q = 0; q + 1 < bs.length && q * width < threshold; q++) {
        for (let p = bs[q]; p < bs[q + 1]; p++) {
          const d = dBus[cm[p]] + cl[p] * dBus[ck[p]];
          if (d < cutoff && d > -cutoff) continue;
          const raw = d > 0 ? (cL[p] - cf[p]) / d : (cL[p] + cf[p]) / -d;
          const t = raw > 0 ? raw : 0;
          if (t > threshold) continue;
          // Insertion into the few best, ordered by T, then contingency, then monitored.
          let at = nFound;
          while (at > 0 && before(t, p, foundT[at - 1], foundC[at - 1])) {
            foundT[at] = foundT[at - 1];
            foundC[at] = foundC[at - 1];
            foundD[at] = foundD[at - 1];
            at--;
          }
          foundT[at] = t;
          foundC[at] = p;
          foundD[at] = d;
          if (nFound < topN) nFound++;
          if (nFound === topN) threshold = foundT[topN - 1];
        }
      }
      const b = buses[start + j];
      const top: BusbarConstraint[] = [];
      for (let i = 0; i < nFound; i++) top.push(describe(foundC[i], foundT[i], foundD[i]));
      const first = top[0];
      const limiting = first && first.transferAtLimitMw < capMw ? first : null;
      const capacityMw = limiting ? limiting.transferAtLimitMw : capMw;
      results.push({
        bus: b,
        busNumber: net.buses.number[b],
        name: busDisplayName(net, busIndex(b)),
        capacityMw,
        limiting,
        top,
        exact: capacityMw <= cand.frontierMw,
      });
    }
  }
  const t4 = performance.now();
  return {
    sink: typeof sinkSpec === 'object' ? 'group' : units ? sinkSpec : 'loads',
    capMw,
    distributionFactorCutoff: cutoff,
    postContingencyRating: ctx.postRating,
    unitParticipation,
    loadSinkByBus: loads,
    results,
    skippedBuses,
    islandingOutages: ctx.islanding,
    nContingencies: ctx.outages.length + ctx.islanding.length,
    nMonitored: ctx.monitored.length,
    candidatePairs: cand.count,
    timingsMs: { model: t1 - t0, rowBounds: t2 - t1, candidates: t3 - t2, buses: t4 - t3 },
  };
}
