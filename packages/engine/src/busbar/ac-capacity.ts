import { postLimit, type PostRating } from '../contingency/n1';
import { branchDisplayName } from '../model/display-names';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { BusType, busDisplayName, busIndex } from '../model/network';
import { AcSolver, type AcSolution, type AcStart } from '../powerflow/ac-solver';
import { EngineError } from '../util/engine-error';
import type { BusbarCapacityOptions, BusbarConstraint } from './capacity';
import { busbarCapacity } from './capacity';

/** What sets a bus's capacity, as UPME's table names it (issue #31). */
export type AcLimitingVariable = 'thermal' | 'voltage' | 'reactive-power' | 'non-convergence';

/** One limit the AC power flow breaks (0-based rows). */
export interface AcViolation {
  readonly variable: AcLimitingVariable;
  /**
   * Branch row (thermal), bus row (voltage; reactive-power: the bus of the units at their limit),
   * −1 when the flow does not converge.
   */
  readonly element: number;
  readonly elementName: string | null;
  /** The outage's branch row, −1 for N-0. */
  readonly contingency: number;
  readonly contingencyName: string | null;
  /** MVA (thermal), pu (voltage, reactive-power at a bus that lost its voltage), Mvar (reference units); NaN without convergence. */
  readonly value: number;
  /** The limit crossed in the same unit (the nearer end of the band for voltage). */
  readonly limit: number;
  /** The unit of value and limit; null without convergence. */
  readonly unit: 'MVA' | 'pu' | 'Mvar' | null;
}

export interface AcCapacityOptions extends BusbarCapacityOptions {
  /** Contingencies checked besides N-0: the DC ranking's first ones (default and minimum 10). */
  readonly acContingencies?: number;
  /** Voltage band after a contingency, pu; default each bus's own limits (as N-0). */
  readonly emergencyVoltage?: { readonly vminPu: number; readonly vmaxPu: number };
  /** Width of the bracket the search stops at, MW (default 0.1). */
  readonly toleranceMw?: number;
}

export interface AcCapacity {
  readonly bus: number;
  readonly busNumber: number;
  readonly name: string;
  /** The DC figure (thermal, linear) and what sets it; null: the cap or the sink's room. */
  readonly dcMw: number;
  readonly dcLimiting: AcDcConstraint | null;
  /** The largest injection up to dcMw at which every AC check passes, MW. */
  readonly acMw: number;
  /**
   * What stops the AC flow just above acMw; null when everything passes at the DC figure (then
   * the DC constraint stands and the variable is thermal).
   */
  readonly acLimiting: AcViolation | null;
  /** The variable of the capacity: the AC one when it is lower, else thermal (null: the cap). */
  readonly limitingVariable: AcLimitingVariable | null;
  /** Outages checked (branch rows; −1 is N-0), in the order they were chosen. */
  readonly checkedContingencies: number[];
  /** Candidates left out because they split an energised island (DC counts them apart). */
  readonly splittingContingencies: number[];
  /**
   * Limits the case already breaks at 0 MW in a checked contingency. The attributable figure
   * does not let them limit; the strict figure is 0 when the injection worsens one.
   */
  readonly preExisting: AcViolation[];
  readonly powerFlows: number;
  readonly timingsMs: { dc: number; ac: number; total: number };
}

/**
 * What a caller verifying several buses of one case keeps between them (the server's thread, a
 * study): the DC model and the AC solver (its Jacobian ordering and last factors) of `net`.
 */
export interface AcReuse {
  readonly dcModel?: DcModel;
  readonly acSolver?: AcSolver;
  /** Each outage's 0 MW state, shared by every bus of the case (they do not depend on it). */
  readonly atZero?: AcZeroCache;
}

/**
 * Each outage's AC state at 0 MW and the limits the case breaks there: the same for every bus of
 * a case (nothing is injected yet), so a batch over many buses solves each once.
 */
export interface AcZeroCache {
  readonly atZero: Map<number, AcSolution>;
  readonly exemptBy: Map<number, Map<string, number>>;
  readonly preExistingBy: Map<number, AcViolation[]>;
}

export function newAcZeroCache(): AcZeroCache {
  return { atZero: new Map(), exemptBy: new Map(), preExistingBy: new Map() };
}

/** Round-off margins: a limit is broken beyond these. */
const MVA_SLACK = 1e-6;
const VM_SLACK = 1e-6;
const MVAR_SLACK = 1e-3;
/** Voltage excess scale for the search (a 0.05 pu band counts as 100 % loading). */
const VM_SCALE = 0.05;

/** One outage the AC verification checks (N-0 has none). */
export interface AcOutage {
  /** What it is reported as: a branch row, a set's index; −1 for N-0. */
  readonly contingency: number;
  readonly name: string | null;
  readonly branches: readonly number[];
  readonly generators: readonly number[];
  /** The dispatch at 0 MW after the outage (lost units' output moved); default the file's. */
  readonly pgMw?: Float64Array;
  /** The sink after the outage (lost units out of it); default the figure's. */
  readonly unitParticipation?: Float64Array;
}

/** The DC constraint a figure comes from, as both DC paths report it. */
export type AcDcConstraint = Pick<
  BusbarConstraint,
  'monitored' | 'contingency' | 'limitMw' | 'transferAtLimitMw'
>;

/** The DC figure of a bus and how it was computed: what the AC verification starts from. */
export interface AcFigure {
  readonly bus: number;
  readonly name: string;
  readonly dcMw: number;
  readonly dcLimiting: AcDcConstraint | null;
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  readonly postRating: PostRating;
  readonly strict: boolean;
  /** Below this |ΔMVA/ΔMW| a branch does not limit the bus (the DC figure's cutoff). */
  readonly distributionFactorCutoff: number;
}

interface Verdict {
  readonly converged: boolean;
  /** Largest normalised excess over the checks that count (< 0: all pass). */
  readonly excess: number;
  /** The check with that excess, when it breaks its limit. */
  readonly worst: AcViolation | null;
  readonly solution: AcSolution;
}

/**
 * A bus's capacity verified with AC power flows (issue #31): the DC figure found as
 * `busbarCapacity` finds it, then Newton flows with reactive limits enforced (PV→PQ) of the
 * same injection and sink, in N-0, in the DC ranking's first contingencies (at least 10) and in
 * the outage of every branch at the bus (what moves its voltage most). Each is checked for
 * branch MVA against the rating in use, bus voltages against the case's limits (N-0) or the
 * emergency band, the reference units' reactive range, and convergence. If one fails at the DC
 * figure, the largest MW that passes is found by regula falsi on the worst excess (bisection
 * where a flow does not converge), to `toleranceMw`, and re-checked in every outage.
 */
export function acVerifiedCapacity(
  net: Network,
  bus: number,
  options: AcCapacityOptions = {},
  reuse: AcReuse = {},
): AcCapacity {
  const t0 = performance.now();
  const nContingencies = Math.max(10, options.acContingencies ?? 10);
  const dc = busbarCapacity(
    net,
    { ...options, buses: [bus], top: Math.max(50, 5 * nContingencies) },
    reuse.dcModel,
  );
  const capacity = dc.results[0];
  if (capacity === undefined) {
    throw new EngineError(
      'TRANSFER_BUS_OUTSIDE_ISLAND',
      `bus ${net.buses.number[bus]} is outside the island that hosts the transfer`,
    );
  }
  const tDc = performance.now();
  const solver = reuse.acSolver ?? new AcSolver(net);
  const { outages, splitting } = branchOutagesToCheck(
    net,
    solver,
    bus,
    capacity.top.map((c) => c.contingency),
    nContingencies,
  );
  const figure: AcFigure = {
    bus,
    name: capacity.name,
    dcMw: capacity.capacityMw,
    dcLimiting: capacity.limiting,
    unitParticipation: dc.unitParticipation,
    loadSinkByBus: dc.loadSinkByBus,
    postRating: dc.postContingencyRating,
    strict: dc.preExisting === 'limit',
    distributionFactorCutoff: dc.distributionFactorCutoff,
  };
  // The branches the DC figure watches (rated, above the kV filter) are the ones AC checks.
  const verified = verifyCapacityAc(net, solver, figure, outages, {
    ...options,
    monitored: dc.monitored,
    ...(reuse.atZero === undefined ? {} : { atZero: reuse.atZero }),
  });
  const tEnd = performance.now();
  return {
    ...verified,
    splittingContingencies: splitting,
    timingsMs: { dc: tDc - t0, ac: tEnd - tDc, total: tEnd - t0 },
  };
}

/**
 * The branch outages an AC verification of `bus` checks: N-0, the DC ranking's (`ranked`, in
 * order) up to `count`, the bus's own branches (their outage moves its voltage most), then rings
 * further out until `count` besides N-0 where the ranking runs short. Outages that split an
 * energised island are set apart (the DC figure counts them apart too).
 */
export function branchOutagesToCheck(
  net: Network,
  solver: AcSolver,
  bus: number,
  ranked: readonly number[],
  count: number,
): { outages: AcOutage[]; splitting: number[] } {
  const outages: AcOutage[] = [{ contingency: -1, name: null, branches: [], generators: [] }];
  const splitting: number[] = [];
  const seen = new Set<number>([-1]);
  const consider = (k: number): void => {
    if (seen.has(k)) return;
    seen.add(k);
    if (solver.splits([k])) splitting.push(k);
    else
      outages.push({
        contingency: k,
        name: branchDisplayName(net, k),
        branches: [k],
        generators: [],
      });
  };
  for (const k of ranked) {
    if (outages.length - 1 >= count) break;
    consider(k);
  }
  const br = net.branches;
  const ringOf = (buses: Set<number>): number[] => {
    const ring: number[] = [];
    for (let k = 0; k < br.count; k++) {
      if (br.inService[k] && (buses.has(br.fromBus[k]) || buses.has(br.toBus[k]))) ring.push(k);
    }
    return ring;
  };
  let reached = new Set<number>([bus]);
  for (let hop = 0; hop < 6; hop++) {
    if (hop > 0 && outages.length - 1 >= count) break;
    const ring = ringOf(reached);
    for (const k of ring) {
      if (hop > 0 && outages.length - 1 >= count) break;
      consider(k);
    }
    const next = new Set(reached);
    for (const k of ring) {
      next.add(br.fromBus[k]);
      next.add(br.toBus[k]);
    }
    if (next.size === reached.size) break;
    reached = next;
  }
  return { outages, splitting };
}

/**
 * The AC verification of a DC figure over the given outages (N-0 first, then in the order the
 * search should meet them): acVerifiedCapacity's second half, shared with the planner's sets.
 */
export function verifyCapacityAc(
  net: Network,
  solver: AcSolver,
  figure: AcFigure,
  outages: readonly AcOutage[],
  options: Pick<AcCapacityOptions, 'emergencyVoltage' | 'toleranceMw'> & {
    /** The 0 MW states of the outages, shared by every bus of one case (they do not depend on it). */
    readonly atZero?: AcZeroCache;
    /** Branch rows whose MVA is checked (as the DC figure's); default every rated branch. */
    readonly monitored?: ArrayLike<number>;
  } = {},
): Omit<AcCapacity, 'splittingContingencies' | 'timingsMs'> {
  const { bus, postRating, strict } = figure;
  const cutoff = figure.distributionFactorCutoff;
  const toleranceMw = options.toleranceMw ?? 0.1;
  const br = net.branches;
  const watched = Array.from(options.monitored ?? { length: br.count }, (m, k) => m ?? k);
  const qmin = new Float64Array(net.buses.count);
  const qmax = new Float64Array(net.buses.count);
  const gen = net.generators;
  for (let g = 0; g < gen.count; g++) {
    if (!gen.inService[g]) continue;
    qmin[gen.bus[g]] += gen.qminMvar[g];
    qmax[gen.bus[g]] += gen.qmaxMvar[g];
  }
  const loads = figure.loadSinkByBus;
  const stateAt = (t: number, outage: AcOutage) => {
    const part = outage.unitParticipation ?? figure.unitParticipation;
    const pgMw = Float64Array.from(outage.pgMw ?? gen.pgMw, (p, g) => p + t * part[g]);
    const pdMw = Float64Array.from(net.buses.pdMw);
    if (loads) for (let i = 0; i < pdMw.length; i++) pdMw[i] += t * loads[i];
    pdMw[bus] -= t;
    return { pgMw, pdMw, branchesOut: outage.branches, generatorsOut: outage.generators };
  };
  let powerFlows = 0;

  /** Every check of one solution, as (key, excess, violation-if-broken). */
  const checks = (
    s: AcSolution,
    outage: AcOutage,
    visit: (key: string, excess: number, make: () => AcViolation) => void,
  ): void => {
    const c = outage.contingency;
    const base = { contingency: c, contingencyName: outage.name };
    if (!s.converged) {
      visit('nc', Infinity, () => ({
        ...base,
        variable: 'non-convergence',
        element: -1,
        elementName: null,
        value: Number.NaN,
        limit: Number.NaN,
        unit: null,
      }));
      return;
    }
    for (const k of watched) {
      if (!(k >= 0)) continue;
      const limit = c < 0 ? br.rateAMva[k] : postLimit(net, k, postRating);
      if (!(limit > 0) || s.branchMva[k] === 0) continue;
      const mva = s.branchMva[k];
      visit(`t${k}`, mva / limit - 1 - MVA_SLACK / limit, () => ({
        ...base,
        variable: 'thermal',
        element: k,
        elementName: branchDisplayName(net, k),
        value: mva,
        limit,
        unit: 'MVA',
      }));
    }
    const band = c >= 0 ? options.emergencyVoltage : undefined;
    const { vminPu, vmaxPu, type } = net.buses;
    for (let i = 0; i < net.buses.count; i++) {
      const vm = s.vmPu[i];
      if (vm === 0 || type[i] === BusType.ISOLATED) continue;
      const lo = band?.vminPu ?? vminPu[i];
      const hi = band?.vmaxPu ?? vmaxPu[i];
      const low = (lo - vm - VM_SLACK) / VM_SCALE;
      const high = (vm - hi - VM_SLACK) / VM_SCALE;
      const variable: AcLimitingVariable =
        s.reactiveLimited[i] !== 0 ? 'reactive-power' : 'voltage';
      const excess = Math.max(low, high);
      visit(`v${i}`, excess, () => ({
        ...base,
        variable,
        element: i,
        elementName: busDisplayName(net, busIndex(i)),
        value: vm,
        limit: low > high ? lo : hi,
        unit: 'pu',
      }));
      if (s.isReference[i]) {
        const q = s.qGenMvar[i];
        const range = Math.max(qmax[i] - qmin[i], 10);
        const over = (q - qmax[i] - MVAR_SLACK) / range;
        const under = (qmin[i] - q - MVAR_SLACK) / range;
        visit(`q${i}`, Math.max(over, under), () => ({
          ...base,
          variable: 'reactive-power',
          element: i,
          elementName: busDisplayName(net, busIndex(i)),
          value: q,
          limit: over > under ? qmax[i] : qmin[i],
          unit: 'Mvar',
        }));
      }
    }
  };

  const judge = (
    s: AcSolution,
    outage: AcOutage,
    exempt: Map<string, number> | null,
    ignored?: Set<string>,
  ): Verdict => {
    let excess = -Infinity;
    let worst: AcViolation | null = null;
    checks(s, outage, (key, e, make) => {
      // A limit broken at 0 MW counts (attributable figure) only where it was not broken then.
      if (exempt?.has(key) || ignored?.has(key)) return;
      if (e > excess) {
        excess = e;
        worst = e > 0 ? make() : null;
      }
    });
    return { converged: s.converged, excess, worst, solution: s };
  };

  const solve = (t: number, outage: AcOutage, start?: AcStart): AcSolution => {
    powerFlows++;
    return solver.solve(stateAt(t, outage), start);
  };

  // 0 MW, solved for an outage only when it breaks a limit: which limits the case already
  // breaks there (they do not count for the attributable figure) and the search's lower end.
  const shared = options.atZero ?? newAcZeroCache();
  const { atZero, exemptBy } = shared;
  const preExisting: AcViolation[] = [];
  /** Outages whose 0 MW state this bus has consulted (its pre-existing list names theirs). */
  const consulted = new Set<number>();
  const last = new Map<number, AcSolution>();
  const warm = (o: AcOutage): AcStart | undefined => {
    const s = last.get(o.contingency) ?? last.get(-1) ?? atZero.get(o.contingency);
    return s?.converged ? s : undefined;
  };
  const zeroOf = (o: AcOutage): AcSolution => {
    const known = atZero.get(o.contingency);
    if (known !== undefined) {
      preExisting.push(...(shared.preExistingBy.get(o.contingency) ?? []));
      return known;
    }
    const s = solve(0, o, warm(o));
    atZero.set(o.contingency, s);
    const exempt = new Map<string, number>();
    const broken: AcViolation[] = [];
    checks(s, o, (key, e, make) => {
      if (e <= 0) return;
      exempt.set(key, e);
      broken.push(make());
    });
    exemptBy.set(o.contingency, exempt);
    shared.preExistingBy.set(o.contingency, broken);
    preExisting.push(...broken);
    return s;
  };
  /** The verdict at t, and (strict figure) a limit broken at 0 MW that t makes worse. */
  /**
   * Per outage, the branches this bus's injection barely moves (|ΔMVA/ΔMW| from 0 MW below the
   * distribution factor cutoff): as in DC, a limit the bus hardly affects is not its to bear.
   */
  const ignoredBy = new Map<number, Set<string>>();
  const verdictAt = (t: number, o: AcOutage): Verdict & { worsened: AcViolation | null } => {
    const c = o.contingency;
    const s = solve(t, o, warm(o));
    if (s.converged) last.set(c, s);
    const first = judge(s, o, exemptBy.get(c) ?? null, ignoredBy.get(c));
    if (first.worst === null) return { ...first, worsened: null };
    if (!consulted.has(c)) {
      consulted.add(c);
      zeroOf(o);
    }
    const exempt = exemptBy.get(c)!;
    const zero = atZero.get(c)!;
    const ignored = ignoredBy.get(c) ?? new Set<string>();
    ignoredBy.set(c, ignored);
    let v = judge(s, o, exempt, ignored);
    while (v.worst?.variable === 'thermal' && t > 0 && zero.converged && s.converged) {
      const k = v.worst.element;
      if (Math.abs(s.branchMva[k] - zero.branchMva[k]) / t >= cutoff) break;
      ignored.add(`t${k}`);
      v = judge(s, o, exempt, ignored);
    }
    let worsened: AcViolation | null = null;
    if (strict && exempt.size > 0) {
      let most = 0;
      checks(s, o, (key, e, make) => {
        const before = exempt.get(key);
        if (before === undefined || !(e > before) || e - before <= most) return;
        most = e - before;
        worsened = make();
      });
    }
    return { ...v, worsened };
  };

  const dcMw = figure.dcMw;
  let acMw = dcMw;
  let acLimiting: AcViolation | null = null;
  if (acMw > 0) {
    // Outages in turn (N-0, then the DC ranking's): each must pass at the current figure, else
    // the figure drops to the largest that passes there. An outage met earlier passed at a
    // higher figure, and passes at the lower one as the limits move monotonically with the
    // injection between 0 MW (where nothing counted is broken) and there — not re-solved; the
    // tests check every outage at the figure from scratch.
    for (const o of outages) {
      const v = verdictAt(acMw, o);
      if (v.worsened !== null) {
        // The strict figure: a limit already broken that the injection makes worse.
        acMw = 0;
        acLimiting = v.worsened;
        break;
      }
      if (v.worst === null) continue;
      const found = search(o, acMw, v);
      acMw = found.passMw;
      acLimiting = found.violation;
      if (acMw === 0) break;
    }
  }

  /** Regula falsi (Illinois) on the excess between 0 MW (passes) and hiMw (fails). */
  function search(
    o: AcOutage,
    hiMw: number,
    atHi: Verdict,
  ): { passMw: number; violation: AcViolation } {
    const z = judge(
      atZero.get(o.contingency)!,
      o,
      exemptBy.get(o.contingency) ?? null,
      ignoredBy.get(o.contingency),
    );
    let lo = 0;
    let fLo = z.converged ? z.excess : -1;
    let hi = hiMw;
    let fHi = atHi.converged ? atHi.excess : Infinity;
    let violation = atHi.worst!;
    let side = 0;
    for (let it = 0; it < 60 && hi - lo > toleranceMw; it++) {
      let t: number;
      if (Number.isFinite(fHi) && Number.isFinite(fLo) && fLo < 0 && fHi > 0) {
        t = hi - (fHi * (hi - lo)) / (fHi - fLo);
        // Keep inside the bracket by a tenth of the tolerance, so it always shrinks.
        t = Math.min(Math.max(t, lo + toleranceMw / 10), hi - toleranceMw / 10);
      } else {
        t = (lo + hi) / 2;
      }
      const v = verdictAt(t, o);
      if (v.worst === null) {
        lo = t;
        fLo = v.excess;
        if (side === -1) fHi /= 2;
        side = -1;
      } else {
        hi = t;
        fHi = v.converged ? v.excess : Infinity;
        violation = v.worst;
        if (side === 1) fLo /= 2;
        side = 1;
      }
    }
    return { passMw: lo, violation };
  }

  const limitingVariable: AcLimitingVariable | null =
    acLimiting !== null
      ? (acLimiting as AcViolation).variable
      : figure.dcLimiting === null
        ? null
        : 'thermal';
  return {
    bus,
    busNumber: net.buses.number[bus],
    name: figure.name,
    dcMw: figure.dcMw,
    dcLimiting: figure.dcLimiting,
    acMw,
    acLimiting,
    limitingVariable,
    checkedContingencies: outages.map((o) => o.contingency),
    preExisting,
    powerFlows,
  };
}
