import type { Network } from '../model/network';
import { busDisplayName, busIndex } from '../model/network';
import { branchDisplayName } from '../model/display-names';
import type { DcModel } from '../powerflow/dcpf';
import { busbarStudy, sinkDistribution, transferIsland } from '../busbar/setup';
import type { BusbarStudyOptions } from '../busbar/setup';
import { groupPlants } from '../transfer/plants';
import { injectionFlows, isPreExisting, streamOutages, transferAtLimit } from '../transfer/screen';
import type { SinkRule } from '../transfer/weights';
import type { HourDispatch } from './hourly-dispatch';
import { hourlyDispatch } from './hourly-dispatch';
import type { HourlyProfiles } from './profiles';

/**
 * The N-1 connection capacity of busbars in every hour of a year (docs/analysis.md §13): hour
 * t's figure is busbarCapacity's on hour t's case (hourly-dispatch.ts), computed without
 * re-solving the case 8,784 times.
 *
 * The network is the same every hour; only the injections move, and with them the base flows
 * f(t) and the sink's flows σ(t) (its units' room changes with their output). For bus b and a
 * pair p = (m, k) with l = LODF(m, k) and a = PTDF(·, b):
 *   f_p(t) = f_m(t) + l·f_k(t),   d_p(t) = (a_m + l·a_k) − (σ_m(t) + l·σ_k(t)),
 * so A_p = a_m + l·a_k is computed once per pair. A first pass over the hours keeps each
 * branch's range of f and σ; the LODF stream then keeps, per bus, only the pairs whose d can
 * reach the cutoff in some hour and whose T can fall below the largest cap in some hour (both
 * bounds from the ranges); a second pass evaluates the kept pairs exactly, hour by hour.
 *
 * Cost: two sparse solves per hour per pass, one solve per bus, one LODF stream per group of
 * buses (O(nM·nO·g)), and per hour the kept pairs of each bus.
 */
export interface HourlyCapacityOptions extends BusbarStudyOptions {
  /** 'limit' (default): a pre-existing violation the bus worsens gives 0; 'ignore' skips it. */
  readonly preExisting?: 'limit' | 'ignore';
  /** Buses whose pairs are streamed together (default 32): memory against stream passes. */
  readonly busesPerGroup?: number;
  readonly onProgress?: (fraction: number) => void;
}

/** A constraint that limits a bus in some hours. */
export interface HourlyConstraint {
  /** 0-based branch row; contingency −1 is N-0. */
  readonly monitored: number;
  readonly contingency: number;
  readonly monitoredName: string;
  readonly contingencyName: string | null;
  /** Hours in which it gives the bus's figure. */
  readonly hours: number;
}

export interface BusHours {
  readonly bus: number;
  readonly busNumber: number;
  readonly name: string;
  /** Per hour, MW; NaN in an infeasible hour. */
  readonly capacityMw: Float64Array;
  /** Per hour, the index in `constraints` of what limits it, −1 for the cap or an infeasible hour. */
  readonly limiting: Int32Array;
  /** Every constraint that limits the bus in some hour, most hours first. */
  readonly constraints: HourlyConstraint[];
  /** Pairs the second pass evaluated each hour (the pruning's result). */
  readonly keptPairs: number;
}

export interface InfeasibleHour {
  /** 0-based hour. */
  readonly hour: number;
  /** What the units without a profile lacked, MW (> 0 generation, < 0 reduction). */
  readonly shortfallMw: number;
}

export interface HourlyCapacityResult {
  readonly hours: number;
  readonly capMw: number;
  /** Per hour, min(capMw, the sink's room): the figure where nothing binds first. */
  readonly effectiveCapMw: Float64Array;
  /** The sink asked for (the base case's rule). */
  readonly sinkRule: SinkRule;
  /** Hours where its units had no room left, so the loads took the new unit's output instead. */
  readonly sinkFallbackHours: number;
  readonly preExisting: 'limit' | 'ignore';
  readonly distributionFactorCutoff: number;
  readonly infeasibleHours: InfeasibleHour[];
  readonly results: BusHours[];
  readonly skippedBuses: number[];
  readonly network: Network;
  readonly timingsMs: {
    setup: number;
    firstPass: number;
    stream: number;
    secondPass: number;
    total: number;
  };
}

interface KeptPairs {
  m: Int32Array;
  k: Int32Array;
  l: Float64Array;
  a: Float64Array;
  limit: Float64Array;
  /** A lower bound of T over the whole year (from the year's ranges). */
  tlo: Float64Array;
  /**
   * After `sortKept`: the least year bound of the pair's bucket. Pairs are in bucket order, so
   * a scan stops at the first whose floor passes its upper bound.
   */
  floor: Float64Array;
  count: number;
}

function makeKept(): KeptPairs {
  const n = 256;
  return {
    m: new Int32Array(n),
    k: new Int32Array(n),
    l: new Float64Array(n),
    a: new Float64Array(n),
    limit: new Float64Array(n),
    tlo: new Float64Array(n),
    floor: new Float64Array(0),
    count: 0,
  };
}

function keep(
  p: KeptPairs,
  m: number,
  k: number,
  l: number,
  a: number,
  limit: number,
  tlo: number,
): void {
  if (p.count === p.m.length) {
    const grow = <T extends Int32Array | Float64Array>(x: T): T => {
      const y = new (x.constructor as new (n: number) => T)(x.length * 2);
      y.set(x);
      return y;
    };
    p.m = grow(p.m);
    p.k = grow(p.k);
    p.l = grow(p.l);
    p.a = grow(p.a);
    p.limit = grow(p.limit);
    p.tlo = grow(p.tlo);
  }
  const i = p.count++;
  p.m[i] = m;
  p.k[i] = k;
  p.l[i] = l;
  p.a[i] = a;
  p.limit[i] = limit;
  p.tlo[i] = tlo;
}

/** Buckets of the year bound: four per octave of (T + 1) MW, 0 for T = 0. */
const BUCKETS = 128;
const bucketOf = (tlo: number) =>
  tlo <= 0 ? 0 : Math.min(BUCKETS - 1, 1 + Math.floor(4 * Math.log2(tlo + 1)));

/** Orders the kept pairs by bucket of their year bound (a counting sort) and sets `floor`. */
function sortKept(p: KeptPairs): void {
  const n = p.count;
  const start = new Int32Array(BUCKETS + 1);
  const least = new Float64Array(BUCKETS).fill(Infinity);
  for (let q = 0; q < n; q++) {
    const b = bucketOf(p.tlo[q]);
    start[b + 1]++;
    if (p.tlo[q] < least[b]) least[b] = p.tlo[q];
  }
  for (let b = 0; b < BUCKETS; b++) start[b + 1] += start[b];
  const to = new Int32Array(n);
  for (let q = 0; q < n; q++) to[q] = start[bucketOf(p.tlo[q])]++;
  const permute = <T extends Int32Array | Float64Array>(x: T): T => {
    const y = new (x.constructor as new (len: number) => T)(n);
    for (let q = 0; q < n; q++) y[to[q]] = x[q];
    return y;
  };
  p.m = permute(p.m);
  p.k = permute(p.k);
  p.l = permute(p.l);
  p.a = permute(p.a);
  p.limit = permute(p.limit);
  p.tlo = permute(p.tlo);
  p.floor = Float64Array.from(p.tlo, (t) => least[bucketOf(t)]);
}

export function hourlyCapacities(
  input: Network,
  profiles: HourlyProfiles,
  options: HourlyCapacityOptions = {},
  prebuilt?: DcModel,
): HourlyCapacityResult {
  const t0 = performance.now();
  const study = busbarStudy(input, options, prebuilt);
  const { model, net, setup, requestedCapMw, cutoff } = study;
  const { ctx } = setup;
  const ignorePre = options.preExisting === 'ignore';
  const island = transferIsland(net, model);
  const dispatch = hourlyDispatch(net, model.active, model.islands, island, profiles);
  const plants = groupPlants(net, model.active);
  const sinkSpec = options.sink ?? 'headroom-down';
  const nb = net.buses.count;
  const nl = net.branches.count;
  const H = profiles.hours;
  const g = net.generators;
  const { islands } = model;
  const progress = options.onProgress ?? (() => {});

  const theta = new Float64Array(nb);
  const injection = new Float64Array(nb);
  const dFlow = new Float64Array(nl);
  const flow = new Float64Array(nl);
  const sinkFlow = new Float64Array(nl);
  const effectiveCapMw = new Float64Array(H);
  const feasible = new Uint8Array(H);
  const counted = new Uint8Array(H);
  const infeasibleHours: InfeasibleHour[] = [];
  const h: HourDispatch = dispatch.makeHour();
  let sinkFallbackHours = 0;

  /** Hour t's flows and sink flows into `flow` and `sinkFlow`; false when infeasible. */
  const solveHour = (t: number): boolean => {
    dispatch.hour(t, h);
    if (!h.feasible) return false;
    injection.fill(0);
    for (let k = 0; k < g.count; k++) {
      const was = model.active.genActive[k] ? g.pgMw[k] : 0;
      const now = h.genActive[k] ? h.pgMw[k] : 0;
      injection[g.bus[k]] += now - was;
    }
    for (let i = 0; i < nb; i++) {
      const isl = islands.islandByBus[i];
      if (isl < 0 || !islands.hasGeneration[isl]) injection[i] = 0;
      else injection[i] -= h.pdMw[i] - net.buses.pdMw[i];
    }
    injectionFlows(model, injection, theta, dFlow);
    for (let x = 0; x < nl; x++) flow[x] = ctx.baseFlowMw[x] + dFlow[x];
    const hourNet: Network = {
      ...net,
      buses: { ...net.buses, pdMw: h.pdMw },
      generators: { ...g, pgMw: h.pgMw },
    };
    const sink = sinkDistribution(
      hourNet,
      { active: { ...model.active, genActive: h.genActive }, islands },
      plants,
      sinkSpec,
      island,
    );
    if (sink.sinkRule !== setup.sinkRule && !counted[t]) {
      counted[t] = 1;
      sinkFallbackHours++;
    }
    injectionFlows(model, sink.sinkByBus, theta, sinkFlow);
    effectiveCapMw[t] = Math.min(requestedCapMw, sink.sinkRoomMw);
    return true;
  };

  // Pass 1: each branch's range of f and σ over the feasible hours.
  const t1 = performance.now();
  const fMin = new Float64Array(nl).fill(Infinity);
  const fMax = new Float64Array(nl).fill(-Infinity);
  const sMin = new Float64Array(nl).fill(Infinity);
  const sMax = new Float64Array(nl).fill(-Infinity);
  let capMax = 0;
  for (let t = 0; t < H; t++) {
    if (!solveHour(t)) {
      infeasibleHours.push({ hour: t, shortfallMw: h.shortfallMw });
      effectiveCapMw[t] = Number.NaN;
      continue;
    }
    feasible[t] = 1;
    capMax = Math.max(capMax, effectiveCapMw[t]);
    for (let x = 0; x < nl; x++) {
      const f = flow[x];
      const s = sinkFlow[x];
      if (f < fMin[x]) fMin[x] = f;
      if (f > fMax[x]) fMax[x] = f;
      if (s < sMin[x]) sMin[x] = s;
      if (s > sMax[x]) sMax[x] = s;
    }
    if ((t & 255) === 0) progress((0.3 * t) / H);
  }
  const anyFeasible = infeasibleHours.length < H;
  const t2 = performance.now();

  const block = makeBlock(nl, flow, sinkFlow, effectiveCapMw);
  const scratch = {
    dayTlo: new Float64Array(1024),
    week: new Int32Array(1024),
    day: new Int32Array(1024),
  };
  /** Exact T of kept pair q in the block's hour slot i (Infinity where it does not count). */
  const exact = (p: KeptPairs, q: number, i: number): number => {
    const at = i * nl;
    const m = p.m[q];
    const k = p.k[q];
    const l = p.l[q];
    const F = block.flows;
    const S = block.sinks;
    const f = k < 0 ? F[at + m] : F[at + m] + l * F[at + k];
    const d = p.a[q] - (k < 0 ? S[at + m] : S[at + m] + l * S[at + k]);
    if (d < cutoff && d > -cutoff) return Infinity;
    if (ignorePre && isPreExisting(f, d, p.limit[q])) return Infinity;
    return transferAtLimit(f, d, p.limit[q]);
  };
  /**
   * Of the pairs `from` (all kept pairs when null), those that can give the bus's figure in
   * some hour of slots [i0, i1): whose lower bound of T over the slots' ranges is at most an
   * upper bound of the figure there (from the seed pairs and the cap). Written to `out`.
   */
  const narrow = (
    p: KeptPairs,
    from: Int32Array | null,
    nFrom: number,
    i0: number,
    i1: number,
    range: BranchRanges,
    seed: Set<number>,
    out: Int32Array,
    outTlo: Float64Array | null,
  ): number => {
    const { fMin: bfMin, fMax: bfMax, sMin: bsMin, sMax: bsMax } = range;
    // An upper bound of the figure in every hour of the slots: the seeds' exact T and the cap
    // (the pair with the least year bound joins the seeds).
    const seeds = [...seed];
    if (nFrom > 0) seeds.push(from ? from[0] : 0);
    let upper = 0;
    for (let i = i0; i < i1; i++) {
      let u = block.caps[i];
      for (const q of seeds) u = Math.min(u, exact(p, q, i));
      upper = Math.max(upper, u);
    }
    let n = 0;
    for (let c = 0; c < nFrom; c++) {
      const q = from ? from[c] : c;
      // In bucket order: past here every year bound, so every bound below, exceeds `upper`.
      if (p.floor[q] > upper) break;
      const m = p.m[q];
      const k = p.k[q];
      const l = p.l[q];
      let fLo = bfMin[m];
      let fHi = bfMax[m];
      let sLo = bsMin[m];
      let sHi = bsMax[m];
      if (k >= 0) {
        if (l >= 0) {
          fLo += l * bfMin[k];
          fHi += l * bfMax[k];
          sLo += l * bsMin[k];
          sHi += l * bsMax[k];
        } else {
          fLo += l * bfMax[k];
          fHi += l * bfMin[k];
          sLo += l * bsMax[k];
          sHi += l * bsMin[k];
        }
      }
      const dLo = p.a[q] - sHi;
      const dHi = p.a[q] - sLo;
      if (dHi < cutoff && dLo > -cutoff) continue;
      const room = p.limit[q] - Math.max(-fLo, fHi);
      const tlo = room > 0 ? room / Math.max(-dLo, dHi) : 0;
      if (tlo > upper) continue;
      if (outTlo) outTlo[n] = tlo;
      out[n++] = q;
    }
    return n;
  };
  /** Per hour of the block, the bus's figure: weeks narrowed, then days, then exact. */
  const evaluateBlock = (
    p: KeptPairs,
    seed: Set<number>,
    capacity: Float64Array,
    limitingPair: Int32Array,
  ) => {
    if (scratch.week.length < p.count) {
      scratch.dayTlo = new Float64Array(p.count * 2);
      scratch.week = new Int32Array(p.count * 2);
      scratch.day = new Int32Array(p.count * 2);
    }
    const { week, day, dayTlo } = scratch;
    const slots = block.hours.length;
    const nWeek = narrow(p, null, p.count, 0, slots, block.weekRange, seed, week, null);
    const next = new Set<number>();
    for (let d0 = 0; d0 < slots; d0 += DAY_HOURS) {
      const d1 = Math.min(slots, d0 + DAY_HOURS);
      const dayRange = block.dayRanges[d0 / DAY_HOURS]!;
      const nDay = narrow(
        p,
        week,
        nWeek,
        d0,
        d1,
        dayRange,
        next.size > 0 ? next : seed,
        day,
        dayTlo,
      );
      let previous = -1;
      for (let i = d0; i < d1; i++) {
        // The hour before's limit first: a good bound that skips most pairs unevaluated.
        let best = previous < 0 ? Infinity : exact(p, previous, i);
        let arg = best < Infinity ? previous : -1;
        for (let c = 0; c < nDay; c++) {
          if (dayTlo[c] > best) continue;
          const q = day[c];
          const T = exact(p, q, i);
          if (
            T < best ||
            (T === best && T < Infinity && before(p.k[q], p.m[q], p.k[arg], p.m[arg]))
          ) {
            best = T;
            arg = q;
          }
        }
        const t = block.hours[i];
        if (best < block.caps[i]) {
          capacity[t] = best;
          limitingPair[t] = arg;
          next.add(arg);
        } else capacity[t] = block.caps[i];
        previous = arg;
      }
    }
    seed.clear();
    for (const q of next) seed.add(q);
  };

  const results: BusHours[] = [];
  const buses = setup.buses.filter((b, i, all) => all.indexOf(b) === i);
  const groupSize = Math.max(1, options.busesPerGroup ?? 32);
  let streamMs = 0;
  let secondMs = 0;
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const nMon = monitored.length;
  const column = new Float64Array(nb);

  for (let start = 0; start < buses.length; start += groupSize) {
    const group = buses.slice(start, start + groupSize);
    const ts = performance.now();
    const columns = group.map((b) => {
      column.fill(0);
      column[b] = 1;
      return injectionFlows(model, column, theta, new Float64Array(nl));
    });
    const kept = group.map(() => makeKept());
    // The group's largest |PTDF(x, b)| per branch: one test drops a pair for all its buses.
    const colMax = new Float64Array(nl);
    for (const col of columns)
      for (let x = 0; x < nl; x++) colMax[x] = Math.max(colMax[x], Math.abs(col[x]));
    /** Keeps (m, k) for every bus of the group where it can bind in some hour. */
    const offer = (m: number, k: number, l: number, limit: number) => {
      // Ranges of f_p and of σ_p = σ_m + l·σ_k over the year.
      const lfLo = l >= 0 ? l * fMin[k < 0 ? m : k] : l * fMax[k < 0 ? m : k];
      const lfHi = l >= 0 ? l * fMax[k < 0 ? m : k] : l * fMin[k < 0 ? m : k];
      const fLo = fMin[m] + (k < 0 ? 0 : lfLo);
      const fHi = fMax[m] + (k < 0 ? 0 : lfHi);
      const lsLo = k < 0 ? 0 : l >= 0 ? l * sMin[k] : l * sMax[k];
      const lsHi = k < 0 ? 0 : l >= 0 ? l * sMax[k] : l * sMin[k];
      const sigLo = sMin[m] + lsLo;
      const sigHi = sMax[m] + lsHi;
      const fAbs = Math.max(-fLo, fHi);
      const room = limit - fAbs;
      const dReach = colMax[m] + (k < 0 ? 0 : Math.abs(l) * colMax[k]) + Math.max(-sigLo, sigHi);
      if (dReach < cutoff || (room > 0 && dReach <= room / capMax)) return;
      for (let j = 0; j < group.length; j++) {
        const col = columns[j]!;
        const a = col[m] + (k < 0 ? 0 : l * col[k]);
        const dLo = a - sigHi;
        const dHi = a - sigLo;
        if (dHi < cutoff && dLo > -cutoff) continue;
        const dAbs = Math.max(-dLo, dHi);
        // T ≥ (L − |f|)/|d| in every hour: past the largest cap it never binds.
        const tloYear = room > 0 ? room / dAbs : 0;
        if (tloYear >= capMax) continue;
        keep(kept[j]!, m, k, l, a, limit, tloYear);
      }
    };
    if (anyFeasible) {
      for (let i = 0; i < nMon; i++) offer(monitored[i], -1, 0, limitN0Mw[i]);
      streamOutages(ctx, (k, lodf) => {
        for (let i = 0; i < nMon; i++) {
          const m = monitored[i];
          if (m === k || lodf[i] === 0) continue;
          offer(m, k, lodf[i], limitPostMw[i]);
        }
      });
    }
    for (const p of kept) sortKept(p);
    const te = performance.now();
    streamMs += te - ts;

    // Pass 2, by blocks of hours: each block's flows solved once, then per bus the kept pairs
    // that can bind within the block (bounds from the block's ranges under an upper bound of
    // the bus's figure in the block), exactly, hour by hour.
    const capacity = group.map(() => new Float64Array(H).fill(Number.NaN));
    const limitingPair = group.map(() => new Int32Array(H).fill(-1));
    const lastLimiting = group.map(() => new Set<number>());
    for (let b0 = 0; b0 < H; b0 += BLOCK_HOURS) {
      const b1 = Math.min(H, b0 + BLOCK_HOURS);
      block.start(b0, b1);
      for (let t = b0; t < b1; t++) if (feasible[t] && solveHour(t)) block.add(t);
      if (block.hours.length === 0) continue;
      block.finish();
      for (let j = 0; j < group.length; j++) {
        evaluateBlock(kept[j]!, lastLimiting[j]!, capacity[j]!, limitingPair[j]!);
      }
      const done = (start + (group.length * b1) / H) / buses.length;
      progress(0.3 + 0.7 * done);
    }
    secondMs += performance.now() - te;

    group.forEach((b, j) => {
      const p = kept[j]!;
      const counts = new Map<number, number>();
      for (let t = 0; t < H; t++) {
        const q = limitingPair[j]![t]!;
        if (q >= 0) counts.set(q, (counts.get(q) ?? 0) + 1);
      }
      const order = [...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
      const indexOf = new Map(order.map(([q], i) => [q, i]));
      const limiting = Int32Array.from(limitingPair[j]!, (q) => (q >= 0 ? indexOf.get(q)! : -1));
      results.push({
        bus: b,
        busNumber: net.buses.number[b],
        name: busDisplayName(net, busIndex(b)),
        capacityMw: capacity[j]!,
        limiting,
        constraints: order.map(([q, hours]) => ({
          monitored: p.m[q],
          contingency: p.k[q],
          monitoredName: branchDisplayName(net, p.m[q]),
          contingencyName: p.k[q] >= 0 ? branchDisplayName(net, p.k[q]) : null,
          hours,
        })),
        keptPairs: p.count,
      });
    });
  }
  progress(1);
  const t3 = performance.now();
  return {
    hours: H,
    capMw: requestedCapMw,
    effectiveCapMw,
    sinkRule: setup.sinkRule,
    sinkFallbackHours,
    preExisting: ignorePre ? 'ignore' : 'limit',
    distributionFactorCutoff: cutoff,
    infeasibleHours,
    results,
    skippedBuses: setup.skippedBuses,
    network: net,
    timingsMs: {
      setup: t1 - t0,
      firstPass: t2 - t1,
      stream: streamMs,
      secondPass: secondMs,
      total: t3 - t0,
    },
  };
}

/**
 * The hours of the profiles the units without a profile cannot balance on this case (the
 * dispatch of each hour only: no flows), as hourlyCapacities reports them.
 */
export function infeasibleHours(
  input: Network,
  profiles: HourlyProfiles,
  options: BusbarStudyOptions = {},
): InfeasibleHour[] {
  const { model, net } = busbarStudy(input, options);
  const dispatch = hourlyDispatch(
    net,
    model.active,
    model.islands,
    transferIsland(net, model),
    profiles,
  );
  const h = dispatch.makeHour();
  const out: InfeasibleHour[] = [];
  for (let t = 0; t < profiles.hours; t++) {
    if (!dispatch.hour(t, h).feasible) out.push({ hour: t, shortfallMw: h.shortfallMw });
  }
  return out;
}

/** Hours whose flows are held at once in pass 2 (a week), narrowed again per day. */
const BLOCK_HOURS = 168;
const DAY_HOURS = 24;

/** A block of hours' flows and sink flows, hour-major, with each branch's range over them. */
interface Block {
  hours: number[];
  readonly flows: Float64Array;
  readonly sinks: Float64Array;
  readonly caps: Float64Array;
  /** Each branch's range of f and σ over the block, and over each day of it (after `finish`). */
  readonly weekRange: BranchRanges;
  readonly dayRanges: readonly BranchRanges[];
  start(from: number, to: number): void;
  add(t: number): void;
  finish(): void;
}

interface BranchRanges {
  readonly fMin: Float64Array;
  readonly fMax: Float64Array;
  readonly sMin: Float64Array;
  readonly sMax: Float64Array;
}

const makeRanges = (nl: number): BranchRanges => ({
  fMin: new Float64Array(nl),
  fMax: new Float64Array(nl),
  sMin: new Float64Array(nl),
  sMax: new Float64Array(nl),
});

function makeBlock(
  nl: number,
  flow: Float64Array,
  sinkFlow: Float64Array,
  effectiveCapMw: Float64Array,
): Block {
  /** Slots [i0, i1)'s range into `out`. */
  const rangeOf = (i0: number, i1: number, out: BranchRanges) => {
    out.fMin.set(bl.flows.subarray(i0 * nl, i0 * nl + nl));
    out.fMax.set(out.fMin);
    out.sMin.set(bl.sinks.subarray(i0 * nl, i0 * nl + nl));
    out.sMax.set(out.sMin);
    for (let i = i0 + 1; i < i1; i++) {
      const at = i * nl;
      for (let x = 0; x < nl; x++) {
        const f = bl.flows[at + x];
        const s = bl.sinks[at + x];
        if (f < out.fMin[x]) out.fMin[x] = f;
        else if (f > out.fMax[x]) out.fMax[x] = f;
        if (s < out.sMin[x]) out.sMin[x] = s;
        else if (s > out.sMax[x]) out.sMax[x] = s;
      }
    }
  };
  const bl: Block = {
    hours: [],
    flows: new Float64Array(BLOCK_HOURS * nl),
    sinks: new Float64Array(BLOCK_HOURS * nl),
    caps: new Float64Array(BLOCK_HOURS),
    weekRange: makeRanges(nl),
    dayRanges: Array.from({ length: BLOCK_HOURS / DAY_HOURS }, () => makeRanges(nl)),
    start() {
      bl.hours = [];
    },
    add(t) {
      const i = bl.hours.length;
      bl.hours.push(t);
      bl.flows.set(flow, i * nl);
      bl.sinks.set(sinkFlow, i * nl);
      bl.caps[i] = effectiveCapMw[t];
    },
    finish() {
      const slots = bl.hours.length;
      const w = bl.weekRange;
      w.fMin.fill(Infinity);
      w.fMax.fill(-Infinity);
      w.sMin.fill(Infinity);
      w.sMax.fill(-Infinity);
      for (let d = 0; d * DAY_HOURS < slots; d++) {
        const day = bl.dayRanges[d]!;
        rangeOf(d * DAY_HOURS, Math.min(slots, (d + 1) * DAY_HOURS), day);
        for (let x = 0; x < nl; x++) {
          if (day.fMin[x] < w.fMin[x]) w.fMin[x] = day.fMin[x];
          if (day.fMax[x] > w.fMax[x]) w.fMax[x] = day.fMax[x];
          if (day.sMin[x] < w.sMin[x]) w.sMin[x] = day.sMin[x];
          if (day.sMax[x] > w.sMax[x]) w.sMax[x] = day.sMax[x];
        }
      }
    },
  };
  return bl;
}

/** The N-1 screen's tie-break: contingency first (N-0 = −1 before any), then monitored. */
function before(k: number, m: number, k2: number, m2: number): boolean {
  return k < k2 || (k === k2 && m < m2);
}
