import type { PostRating } from '../contingency/n1';
import { branchDisplayName } from '../model/display-names';
import type { Network } from '../model/network';
import { busDisplayName, busIndex } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel } from '../powerflow/dcpf';
import type { Candidates } from './busbar-candidates';
import { collectCandidates } from './busbar-candidates';
import { makeBusColumns } from './busbar-columns';
import { clusterBounds, clusterBuses } from './busbar-clusters';
import { makeScanWorkspace, scanBus } from './busbar-scan';
import type { BusbarSetupOptions } from './busbar-setup';
import { busbarSetup } from './busbar-setup';
import { isPreExisting } from './screen';
import type { SinkRule } from './types';

/**
 * Busbar connection capacity (ANALYSIS.md §6): for each candidate bus b, the FCITC of a new unit
 * at b against the sink, with its limiting element and contingency and the first constraints to
 * bind.
 *
 * The transfer of bus b differs from another bus's only in its source column:
 * d_b(x) = PTDF(x,b) − PTDF(x,·)·sink = D(x,b). So the sink's flows are one solve and each
 * bus's column one solve; no bus runs its own N-1. Buses are grouped into clusters of close
 * buses (busbar-clusters.ts) and ONE LODF stream serves several clusters: it keeps, per
 * cluster, the (m, k) pairs whose T can fall below the cap at one of its buses, bounded from
 * the cluster's centre column and spread (busbar-candidates.ts), with LODF(m,k) and the
 * post-contingency flow. Each bus then scans its cluster's pairs in increasing bound and stops
 * when the bound passes its fifth-smallest T (busbar-scan.ts), so every figure is exact.
 *
 * Cost, with nB buses in G clusters (G ≈ nB/64), s clusters per stream, nL branches, nO
 * outages, nM monitored: 2·nB + 1 + nO·⌈G/s⌉ sparse solves (four right-hand sides per pass),
 * O(nB·nL) for the columns, O(nO·nM·G) bound tests in the streams (most rejected by one
 * comparison), and per bus O(nL + scanned pairs). Memory: O(nL·s) plus the pairs kept for one
 * stream, capped by `maxCandidates` (a cluster over its share is redone bus by bus). ACTIVSg2000,
 * every bus: G = 40, 10 streams, 2·10⁷ pairs kept over the run, 2·10⁸ scanned, ≈ 7 s of CPU.
 */
export interface BusbarCapacityOptions extends BusbarSetupOptions {
  /** The study cap, MW (default 2000). */
  readonly capMw?: number;
  readonly distributionFactorCutoff?: number;
  /** As for the flexibility analysis: 'limit' (default) or 'ignore'. */
  readonly preExisting?: 'limit' | 'ignore';
  /** Constraints reported per bus (default 5). */
  readonly top?: number;
  /**
   * Most (m, k) pairs kept in memory at once, over the clusters of one stream (default
   * 8 000 000, about 36 bytes each). A cluster over its share keeps its lowest bounds; its
   * buses that then cannot be certified are redone as clusters of one.
   */
  readonly maxCandidates?: number;
  /** Buses per cluster (default 64): smaller gives tighter bounds, more bound evaluations. */
  readonly clusterSize?: number;
  /**
   * Clusters served by one LODF stream (default 4): the kept pairs of this many clusters are
   * in memory at once (about 36 bytes each), plus 2·branches·this doubles of bounds.
   */
  readonly clustersPerStream?: number;
}

export interface BusbarConstraint {
  /** 0-based branch rows; contingency −1 is N-0. */
  readonly monitored: number;
  readonly contingency: number;
  readonly monitoredName: string;
  readonly contingencyName: string | null;
  /** LODF(monitored, contingency), 0 for N-0: with `sinkByBus`, what constraintSensitivities needs. */
  readonly lodf: number;
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
  readonly preExisting: 'limit' | 'ignore';
  /** dP/dT of the sink per generator row (≤ 0); the new unit is +1 at its bus. */
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  /** Where the sink withdraws 1 MW, per bus (sums to 1). */
  readonly sinkByBus: Float64Array;
  readonly results: BusbarCapacity[];
  /** Requested buses outside the transfer island (no capacity computed). */
  readonly skippedBuses: number[];
  readonly islandingOutages: number[];
  readonly nContingencies: number;
  readonly nMonitored: number;
  readonly candidatePairs: number;
  /** Pairs evaluated over all buses (the per-bus scans' total work). */
  readonly scannedPairs: number;
  readonly timingsMs: { model: number; boundsAndStreams: number; total: number };
}

export function busbarCapacity(
  net: Network,
  options: BusbarCapacityOptions = {},
  prebuilt?: DcModel,
): BusbarCapacityResult {
  const t0 = performance.now();
  const model = prebuilt ?? buildDcModel(net);
  const setup = busbarSetup(net, model, options);
  const { ctx, sinkByBus, unitParticipation, sinkFlow, buses, skippedBuses } = setup;
  const capMw = options.capMw ?? 2000;
  const cutoff = options.distributionFactorCutoff ?? 0.01;
  const topN = options.top ?? 5;

  const describe = (cand: Candidates, c: number, t: number, d: number): BusbarConstraint => {
    const m = cand.monitored[c];
    const k = cand.contingency[c];
    const fc = cand.flowMw[c];
    return {
      monitored: m,
      contingency: k,
      monitoredName: branchDisplayName(net, m),
      contingencyName: k >= 0 ? branchDisplayName(net, k) : null,
      lodf: cand.lodf[c],
      flowAtZeroMw: fc,
      distributionFactor: d,
      limitMw: cand.limitMw[c],
      transferAtLimitMw: t,
      preExistingViolation: isPreExisting(fc, d, cand.limitMw[c]),
    };
  };

  const t1 = performance.now();
  const nl = net.branches.count;
  const columns = makeBusColumns(model, sinkFlow);
  const perStream = options.clustersPerStream ?? 4;
  const maxPerCluster = Math.ceil((options.maxCandidates ?? 8_000_000) / perStream);
  const dBus = new Float64Array(nl + 1);
  const ignorePre = options.preExisting === 'ignore';
  const ws = makeScanWorkspace(topN);
  const byBus = new Map<number, BusbarCapacity>();
  let candidatePairs = 0;
  let streamMs = 0;
  const runClusters = (clusters: number[][]): void => {
    for (let c0 = 0; c0 < clusters.length; c0 += perStream) {
      const part = clusters.slice(c0, c0 + perStream);
      const s0 = performance.now();
      const bounds = clusterBounds(columns, part, nl);
      const lists = collectCandidates(ctx, bounds, capMw, cutoff, topN, maxPerCluster);
      streamMs += performance.now() - s0;
      part.forEach((cluster, g) => {
        const cand = lists[g];
        candidatePairs += cand.count;
        ws.contingencyOrNl = Int32Array.from(cand.contingency, (k) => (k < 0 ? nl : k));
        for (let start = 0; start < cluster.length; start += 4) {
          const count = columns.solve(cluster, start);
          for (let j = 0; j < count; j++) {
            scanBus(cand, columns.fill(j, dBus), cutoff, topN, capMw, ignorePre, ws);
            byBus.set(cluster[start + j], result(cluster[start + j], cand));
          }
        }
      });
    }
  };
  const result = (b: number, cand: Candidates): BusbarCapacity => {
    const top: BusbarConstraint[] = [];
    for (let i = 0; i < ws.found; i++) {
      top.push(describe(cand, ws.position[i], ws.transferMw[i], ws.distributionFactor[i]));
    }
    const first = top[0];
    const limiting = first && first.transferAtLimitMw < capMw ? first : null;
    // Exact when the scan could reach every pair it needed: its last T (or the cap) is below
    // the frontier under which every pair of the cluster was kept.
    const reach = ws.found === topN ? ws.transferMw[topN - 1] : capMw;
    return {
      bus: b,
      busNumber: net.buses.number[b],
      name: busDisplayName(net, busIndex(b)),
      capacityMw: limiting ? limiting.transferAtLimitMw : capMw,
      limiting,
      top,
      exact: reach <= cand.frontierMw,
    };
  };
  runClusters(clusterBuses(net, model.active.branchActive, buses, options.clusterSize ?? 64));
  // Buses whose cluster ran out of memory budget: again, each its own cluster. With no spread
  // the bound is the exact T, so few pairs are kept.
  const redo = buses.filter((b) => !byBus.get(b)?.exact);
  if (redo.length > 0) runClusters(redo.map((b) => [b]));
  const results = buses.map((b) => byBus.get(b) as BusbarCapacity);
  const t4 = performance.now();
  return {
    sink: setup.sinkRule,
    capMw,
    distributionFactorCutoff: cutoff,
    postContingencyRating: ctx.postRating,
    preExisting: ignorePre ? 'ignore' : 'limit',
    unitParticipation,
    loadSinkByBus: setup.loadSinkByBus,
    sinkByBus,
    results,
    skippedBuses,
    islandingOutages: ctx.islanding,
    nContingencies: ctx.outages.length + ctx.islanding.length,
    nMonitored: ctx.monitored.length,
    candidatePairs,
    scannedPairs: ws.scanned,
    timingsMs: { model: t1 - t0, boundsAndStreams: streamMs, total: t4 - t0 },
  };
}
