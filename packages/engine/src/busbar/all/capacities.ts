import type { BaseCaseReport } from '../../base/base-case';
import type { PostRating } from '../../contingency/n1';
import type { Network } from '../../model/network';
import type { DcModel } from '../../powerflow/dcpf';
import type { WorsenedViolations } from './bus';
import { allBusbarsContext } from './context';
import type { RankedConstraints } from './ranking';
import type { BusGroup, BusRankings } from './run';
import { makeBusRankings, makeGroupRunner } from './run';
import type { OutageStream, StreamPartData } from './stream';
import { foldBaseCase, makeStreamKernel, makeStreamPart, mergedStreams } from './stream';
import type { HelperSpawn } from './threads';
import {
  BY_MAIN,
  STREAM_CHUNK,
  Tasks,
  defaultHelperSpawn,
  sharedAlloc,
  startHelper,
} from './threads';
import { clusterBuses } from './clusters';
import type { BusbarSetup, BusbarStudyOptions } from '../setup';
import { busbarStudy, firstSlots } from '../setup';
import type { SinkRule } from '../../transfer/weights';

/**
 * The N-1 capacity of every busbar at once (docs/analysis.md §6, "Every busbar at once"): for each
 * bus, the FCITC of a new unit there against the sink (§4), strict and attributable, with the
 * pre-existing violation it worsens most. Equal, bus for bus, to a full re-solve (and to
 * busbarCapacity with preExisting 'limit' and 'ignore', which runs these same stages).
 *
 * With D(x, b) = PTDF(x, b) − PTDF(x, ·)·sink, a constraint (m, k) at bus b has
 * d = D(m, b) + LODF(m, k)·D(k, b): buses differ only in their column D(·, b). The stages:
 *   1. one LODF stream for the job (stream.ts): each (monitored, outage) pair is
 *      kept if |LODF| ≥ ε (significant); every other pair, and N-0, is folded into one envelope
 *      per monitored branch — its smallest room and largest |LODF| — a bound valid for all of
 *      them at once. Pairs at or over their limit at T = 0 with |LODF| < ε (nearly all of a
 *      stressed case's millions) are stored by monitored branch and side, 12 bytes a pair, in
 *      blocks bounded by their largest |LODF| and smallest |f| (violation-store.ts),
 *      so a set of buses tests a block, not each pair;
 *   2. buses in groups of clusters of electrically close buses (clusters.ts);
 *   3. per group, its columns solved once (columns.ts), then bounds over the group
 *      and over each cluster from their centre column and spread (cluster-bounds.ts, with
 *      the violations sorted apart in violations.ts) that drop, for all their buses
 *      at once, the pairs and envelopes that cannot bind under an upper bound τ;
 *   4. per bus, the exact T of what is left, with early stops; where a branch's envelope still
 *      binds, its whole LODF row (one solve, kept while used) is evaluated (bus.ts).
 * Stages 1 and 3–4 take tasks from shared counters, so a helper thread can share them
 * (threads.ts); nothing depends on it being there.
 *
 * Cost, with nB buses, nL branches, nO outages, nM monitored, S significant pairs (ε = 0.03:
 * 1–2 % of nM·nO), G groups of g buses in clusters of s: nO + nB sparse solves (four lanes, the
 * forward pass only where the right-hand side reaches) plus one per monitored row used;
 * O(nM·nO) in the stream, as the N-1 screen; O(nB·nL) for the columns and spreads;
 * O(G·(S + nM)) bound tests per group level and the groups' survivors once per cluster; per
 * bus, its survivors up to the early stop and nO per row. Memory: the stream's kept pairs
 * (O(S)), g columns per thread (g·nL doubles), the row cache (rowCacheMb), the results.
 *
 * Measured (2 shared cores, same run as screenN1): ACTIVSg2000, one thread: 1.5·10⁵ significant
 * pairs, 2.8·10⁶ exact evaluations (1.4 k per bus), 419 rows, 0.5–0.75 s wall, about 3× the N-1
 * screen. ACTIVSg10k, two threads: 5.8·10⁵ significant pairs, 1.8·10⁷ exact evaluations
 * (1.8 k per bus), 937 rows, 2.7 s wall (2.0× the N-1 screen's 1.34 s), 4.9 s CPU, 550 MB peak
 * RSS; one thread ≈ 3.8 s CPU. case9241pegase with every rating halved (7.4·10⁶ pairs over their
 * limit at T = 0): 2.1 s wall, 1.7× the N-1 screen, 620 MB peak RSS (before the violation store:
 * 79 s, 2.4 GB).
 */
export interface AllBusbarOptions extends BusbarStudyOptions {
  /**
   * Pairs with |LODF| under this are folded into their monitored branch's envelope (default
   * 0.03): smaller keeps more pairs, larger makes envelopes looser (more rows evaluated).
   */
  readonly lodfEpsilon?: number;
  /** Buses per cluster (default 64). */
  readonly clusterSize?: number;
  /** Clusters per group (default 8): a group's columns are in memory at once. */
  readonly clustersPerGroup?: number;
  /** Most monitored LODF rows kept between buses, in MB (default 64). */
  readonly rowCacheMb?: number;
  /** Called with the fraction done, between 0 and 1, as the job goes. */
  readonly onProgress?: (fraction: number) => void;
  /**
   * 2: the calling thread and a helper thread; 1: the calling thread alone. Default: 2 from
   * about a second of work (ACTIVSg10k), else 1.
   */
  readonly threads?: number;
  /** Where the helper thread's entry is (default: next to this module or its bundle). */
  readonly helper?: HelperSpawn;
}

/** Per requested bus: computed, or outside the transfer island. */
export const BusbarStatus = { computed: 0, outsideIsland: 1 } as const;

/** One figure per bus: capacity and the constraint that sets it. */
export interface BusbarFigures {
  /** MW; the cap when nothing binds before it; NaN for a bus not computed. */
  readonly capacityMw: Float64Array;
  /** 0-based branch row of the limiting monitored branch; −1 when the cap binds. */
  readonly monitored: Int32Array;
  /** 0-based branch row of its contingency; −1 for N-0 (or when the cap binds). */
  readonly contingency: Int32Array;
  /** d(c), MW per MW injected at the bus; 0 when the cap binds. */
  readonly distributionFactor: Float64Array;
}

export interface AllBusbarResult {
  readonly sink: SinkRule;
  /** The study cap asked for, MW. */
  readonly capMw: number;
  /** What the sink can give (busbar/setup.ts); Infinity for a load sink. */
  readonly sinkRoomMw: number;
  /** min(capMw, sinkRoomMw): the figure of a bus where nothing binds before it. */
  readonly effectiveCapMw: number;
  /** The base case analysed: its dispatch and the input checks. */
  readonly baseCase: BaseCaseReport;
  readonly distributionFactorCutoff: number;
  readonly postContingencyRating: PostRating;
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  readonly sinkByBus: Float64Array;
  /** The requested buses (0-based), in order; every per-bus array follows this order. */
  readonly buses: Int32Array;
  /** BusbarStatus per bus. */
  readonly status: Uint8Array;
  /**
   * docs/analysis.md §4 as written (option 'limit'): a pre-existing violation the bus worsens gives
   * 0. At 0, the limiting pair is the first at T = 0 by contingency row, then monitored row
   * (N-0 first), as busbarCapacity lists it.
   */
  readonly strict: BusbarFigures;
  /** Option 'ignore': constraints over their limit at T = 0 that the bus worsens left out. */
  readonly attributable: BusbarFigures;
  /** The pre-existing violation the bus's injection worsens most (largest |d|); −1 if none. */
  readonly worsened: WorsenedViolations;
  readonly islandingOutages: number[];
  readonly nContingencies: number;
  readonly nMonitored: number;
  /** The monitored branch rows (rated, above the kV filter): what an AC check should watch. */
  readonly monitored: Int32Array;
  readonly stats: AllBusbarStats;
  /**
   * Wall time per stage of the job, ms, as the calling thread lives it; the stages add up to
   * `total`. setup: model, base case, sink; stream: the clusters of buses and the LODF stream
   * on both threads, merged, with the violation store; columns, bounds, buses: the calling
   * thread's own time in each while both threads take groups of buses; other: the rest
   * (waiting for the helper's last group, progress reports, the results).
   */
  readonly timingsMs: {
    setup: number;
    stream: number;
    columns: number;
    bounds: number;
    buses: number;
    other: number;
    total: number;
  };
  /** Time in each stage summed over the threads that took part, ms (with a helper, > wall). */
  readonly workMs: AllBusbarWork;
}

/** Per-stage time summed over threads, ms. */
export interface AllBusbarWork {
  readonly stream: number;
  readonly columns: number;
  readonly bounds: number;
  readonly buses: number;
}

export interface AllBusbarStats {
  readonly significantPairs: number;
  readonly atLimitPairs: number;
  readonly clusters: number;
  /** Significant pairs left by the cluster bounds, summed over clusters. */
  readonly candidatePairs: number;
  /** Exact T evaluations, all buses. */
  readonly evaluatedPairs: number;
  /** Monitored rows evaluated at a bus / rows solved for. */
  readonly rowsEvaluated: number;
  readonly rowsSolved: number;
  /** Threads that took part: 2 when the helper did, else 1. */
  readonly threads: number;
}

export function allBusbarCapacities(
  input: Network,
  options: AllBusbarOptions = {},
  prebuilt?: DcModel,
): AllBusbarResult {
  const t0 = performance.now();
  const { model, base, net, setup, requestedCapMw, capMw, cutoff } = busbarStudy(
    input,
    options,
    prebuilt,
  );
  const { ctx } = setup;
  const run = rankAllBuses(net, model, setup, { ...options, capMw, cutoff, size: 1 });
  const n = setup.requested.length;
  const status = new Uint8Array(n);
  const inIsland = new Uint8Array(net.buses.count);
  for (const b of setup.buses) inIsland[b] = 1;
  setup.requested.forEach((b, slot) => {
    if (!inIsland[b]) status[slot] = BusbarStatus.outsideIsland;
  });
  const { attributable: a, zeros: z, worsened } = run.rankings;
  const strict = figures(n);
  const attributable = figures(n);
  const first = firstSlots(setup.requested);
  for (let slot = 0; slot < n; slot++) {
    if (status[slot] !== BusbarStatus.computed) continue;
    const from = first.get(setup.requested[slot]) as number;
    // A constraint at exactly the cap is ranked but does not limit (as in busbarCapacity).
    const binds = a.count[from] > 0 && a.transferMw[from] < capMw;
    setFigure(attributable, slot, binds ? a : null, from, capMw);
    setFigure(strict, slot, z.count[from] > 0 ? z : binds ? a : null, from, capMw);
    worsened.monitored[slot] = worsened.monitored[from];
    worsened.contingency[slot] = worsened.contingency[from];
    worsened.distributionFactor[slot] = worsened.distributionFactor[from];
  }
  return {
    sink: setup.sinkRule,
    capMw: requestedCapMw,
    sinkRoomMw: setup.sinkRoomMw,
    effectiveCapMw: capMw,
    baseCase: base.report,
    distributionFactorCutoff: cutoff,
    postContingencyRating: ctx.postRating,
    unitParticipation: setup.unitParticipation,
    loadSinkByBus: setup.loadSinkByBus,
    sinkByBus: setup.sinkByBus,
    buses: Int32Array.from(setup.requested),
    status,
    strict,
    attributable,
    worsened,
    islandingOutages: ctx.islanding,
    nContingencies: ctx.outages.length + ctx.islanding.length,
    nMonitored: ctx.monitored.length,
    monitored: ctx.monitored,
    stats: run.stats,
    timingsMs: wallStages(run.timingsMs, run.t0 - t0, performance.now() - t0),
    workMs: run.workMs,
  };
}

/** The stages that add up to `total`: what the others leave is `other`. */
function wallStages(
  run: { stream: number; columns: number; bounds: number; buses: number },
  setup: number,
  total: number,
): AllBusbarResult['timingsMs'] {
  const { stream, columns, bounds, buses } = run;
  const other = Math.max(0, total - setup - stream - columns - bounds - buses);
  return { setup, stream, columns, bounds, buses, other, total };
}

function figures(n: number): BusbarFigures {
  return {
    capacityMw: new Float64Array(n).fill(NaN),
    monitored: new Int32Array(n).fill(-1),
    contingency: new Int32Array(n).fill(-1),
    distributionFactor: new Float64Array(n),
  };
}

/** The first entry of `from` at slot `source` into `to` at `slot`, or the cap when null. */
function setFigure(
  to: BusbarFigures,
  slot: number,
  from: RankedConstraints | null,
  source: number,
  capMw: number,
): void {
  const at = source * (from?.size ?? 1);
  to.capacityMw[slot] = from ? from.transferMw[at] : capMw;
  to.monitored[slot] = from ? from.monitored[at] : -1;
  to.contingency[slot] = from ? from.contingency[at] : -1;
  to.distributionFactor[slot] = from ? from.distributionFactor[at] : 0;
}

export interface RankAllOptions extends AllBusbarOptions {
  readonly capMw: number;
  readonly cutoff: number;
  /** Entries ranked per bus. */
  readonly size: number;
}

/**
 * The stages for the buses of `setup`: rankings by slot of setup.requested (count 0 for a bus
 * outside the island), with counters and stage times. busbarCapacity uses it for its top lists.
 */
export function rankAllBuses(
  net: Network,
  model: DcModel,
  setup: BusbarSetup,
  options: RankAllOptions,
): {
  rankings: BusRankings;
  stream: OutageStream;
  stats: AllBusbarStats;
  /** Wall time, ms: the stream; the calling thread's own time in columns, bounds, buses. */
  timingsMs: { stream: number; columns: number; bounds: number; buses: number };
  workMs: AllBusbarWork;
  t0: number;
} {
  const t0 = performance.now();
  // Fractions never go back: with a helper, the tasks claimed (all but the helper's current
  // one done) are the best count this thread has.
  let reported = 0;
  const progress = (fraction: number): void => {
    if (fraction <= reported) return;
    reported = fraction;
    options.onProgress?.(fraction);
  };
  const ctx = allBusbarsContext(setup, model);
  const nMon = ctx.monitored.length;
  const nOut = ctx.outages.length;
  const epsilon = options.lodfEpsilon ?? 0.03;

  const slotOf = firstSlots(setup.requested);
  const clusterSize = options.clusterSize ?? 64;
  const perGroup = options.clustersPerGroup ?? 8;
  const { branchActive } = model.active;
  // Nothing monitored: every bus is at the cap, and neither outages nor columns are solved.
  const island = nMon > 0 ? setup.buses : [];
  const groups: BusGroup[] = clusterBuses(net, branchActive, island, clusterSize * perGroup)
    .map((g) => clusterBuses(net, branchActive, g, clusterSize))
    .map((clusters) => ({
      clusters,
      slots: clusters.map((c) => c.map((b) => slotOf.get(b) as number)),
    }));
  const maxBuses = groups.reduce((s, g) => Math.max(s, g.clusters.flat().length), 0);
  const maxClusters = groups.reduce((s, g) => Math.max(s, g.clusters.length), 0);
  const params = {
    capMw: options.capMw,
    cutoff: options.cutoff,
    size: options.size,
    rowCacheMb: options.rowCacheMb ?? 64,
  };

  // A helper thread pays off from about a second of work (ACTIVSg2000 is a third of that).
  const chunks = nMon > 0 ? Math.ceil(nOut / STREAM_CHUNK) : 0;
  const tasks = new Tasks(chunks, groups.length);
  const work = nMon * nOut + island.length * ctx.nl;
  const useHelper = options.threads === undefined ? work > 3e7 : options.threads > 1;
  const alloc = useHelper && island.length > 0 ? sharedAlloc : undefined;
  const rankings = makeBusRankings(setup.requested.length, options.size, alloc);
  const outageScale = new Float64Array(alloc ? alloc(8 * nOut) : new ArrayBuffer(8 * nOut));
  const helper = alloc
    ? startHelper(tasks, options.helper ?? defaultHelperSpawn(), {
        ctx,
        epsilon,
        outageScale,
        groups,
        rankings,
        params,
        maxBuses,
        maxClusters,
      })
    : null;

  try {
    // Stage 1: the stream, chunk by chunk from the shared counter.
    const mine = makeStreamPart(nMon);
    foldBaseCase(ctx, mine);
    let part: StreamPartData | null = null;
    // This thread's own time on the stream (not waiting for the helper's part).
    let streamWork = 0;
    if (nMon > 0) {
      const kernel = makeStreamKernel(ctx, epsilon, mine, outageScale);
      const run = (c: number): void => {
        const s0 = performance.now();
        kernel.run(c * STREAM_CHUNK, Math.min(nOut, (c + 1) * STREAM_CHUNK));
        streamWork += performance.now() - s0;
      };
      for (let c = tasks.claimChunk(BY_MAIN); c >= 0; c = tasks.claimChunk(BY_MAIN)) {
        run(c);
        progress((0.4 * Math.min(chunks, tasks.claimedChunks() - 1)) / chunks);
      }
      const helped = helper?.finishStream() ?? { part: null, redo: [] };
      helped.redo.forEach(run);
      kernel.finish();
      part = helped.part;
    }
    const m0 = performance.now();
    const stream = mergedStreams(ctx, epsilon, mine, part, outageScale, alloc);
    streamWork += performance.now() - m0 + (part?.streamMs ?? 0);
    // The stream is about as long as the N-1 screen; the buses, about as long again.
    progress(0.4);
    const t1 = performance.now();

    // Stages 2–4: groups of buses from the shared counter.
    helper?.startGroups(stream);
    const runner = makeGroupRunner(ctx, stream, rankings, params, maxBuses, maxClusters);
    const run = (g: number): void => runner.run(groups[g]);
    for (let g = tasks.claimGroup(BY_MAIN); g >= 0; g = tasks.claimGroup(BY_MAIN)) {
      run(g);
      progress(0.4 + (0.6 * Math.min(groups.length, tasks.claimedGroups() - 1)) / groups.length);
    }
    const helped = helper?.finishGroups() ?? { part: null, redo: [] };
    helped.redo.forEach(run);
    progress(1);
    const c = runner.counters;
    const h = helped.part?.counters;
    const ht = helped.part?.timingsMs;
    return {
      rankings,
      stream,
      stats: {
        significantPairs: stream.significant.count,
        atLimitPairs: stream.atLimit.count + stream.violations.count,
        clusters: c.clusters + (h?.clusters ?? 0),
        candidatePairs: c.candidatePairs + (h?.candidatePairs ?? 0),
        evaluatedPairs: c.evaluated + (h?.evaluated ?? 0),
        rowsEvaluated: c.rowsEvaluated + (h?.rowsEvaluated ?? 0),
        rowsSolved: c.rowsSolved + (h?.rowsSolved ?? 0),
        threads: helped.part ? 2 : 1,
      },
      timingsMs: { stream: t1 - t0, ...runner.timingsMs },
      workMs: {
        stream: streamWork,
        columns: runner.timingsMs.columns + (ht?.columns ?? 0),
        bounds: runner.timingsMs.bounds + (ht?.bounds ?? 0),
        buses: runner.timingsMs.buses + (ht?.buses ?? 0),
      },
      t0,
    };
  } finally {
    helper?.close();
  }
}
