import type { BaseCaseReport } from '../base/base-case';
import type { SlackRule } from '../base/base-dispatch';
import type { N1Result, PostRating } from '../contingency/n1';
import { screenN1 } from '../contingency/n1';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { buildDcModel } from '../powerflow/dcpf';
import { busbarCapacity } from '../busbar/capacity';
import type { BusbarCapacity, BusbarConstraint } from '../busbar/capacity';
import type { BusbarGenerator } from '../busbar/generators';
import { busbarLimitingGenerators } from '../busbar/generators';
import { busbarStudy } from '../busbar/setup';
import {
  busbarCapacityOnSet,
  interfaceOfMonitored,
  type SetConstraint,
} from '../contingency/sets/busbar-on-set';
import {
  countContingencies,
  SET_CONTINGENCY,
  type Contingency,
  type ContingencyCounts,
} from '../contingency/sets/contingency-set';
import type { MonitoredDefinition } from '../contingency/sets/psse-mon';
import { contingencyName } from '../contingency/sets/read-definitions';
import { screenContingencySet, type SetScreenResult } from '../contingency/sets/screen-set';
import { setSensitivityTarget } from '../contingency/sets/set-sensitivity';
import { branchDisplayName } from '../model/display-names';
import { busDisplayName, busIndex } from '../model/network';
import { buildStudyCase } from './build-study-case';
import {
  acVerifiedCapacity,
  newAcZeroCache,
  type AcCapacity,
  type AcLimitingVariable,
  type AcReuse,
} from '../busbar/ac-capacity';
import { AcSolver } from '../powerflow/ac-solver';
import { acVerifiedCapacityOnSet } from '../contingency/sets/ac-capacity-on-set';
import { shortCircuitLimits } from '../shortcircuit/limits';
import {
  shortCircuitStrength,
  type ShortCircuitResult,
  type ShortCircuitStatus,
} from '../shortcircuit/scc';
import type { StudyScenario, StudySpec } from './types';

/** A study's settings as the busbar capacity takes them (only those it was given). */
export function studyCapacityOptions(options: StudyOptions) {
  return {
    ...(options.capMw === undefined ? {} : { capMw: options.capMw }),
    ...(options.postRating === undefined ? {} : { postRating: options.postRating }),
    ...(options.distributionFactorCutoff === undefined
      ? {}
      : { distributionFactorCutoff: options.distributionFactorCutoff }),
    ...(options.preExisting === undefined ? {} : { preExisting: options.preExisting }),
    ...(options.slack === undefined ? {} : { slack: options.slack }),
  };
}

export interface StudyOptions {
  /** Bus numbers whose connection capacity is computed. */
  readonly busbars: readonly number[];
  readonly capMw?: number;
  readonly postRating?: PostRating;
  readonly distributionFactorCutoff?: number;
  /** How violations the case already has count (see FcitcOptions.preExisting). */
  readonly preExisting?: 'limit' | 'ignore';
  /** Who takes each case's mismatch (base/base-dispatch.ts); default 'distributed'. */
  readonly slack?: SlackRule;
  /**
   * Issue #30: a planner's contingency definitions, read again against each scenario × year
   * network (a project's branches can be named by a rule, a file's lines resolve per case);
   * absent: every branch, one at a time.
   */
  readonly contingencySet?: (net: Network) => StudyContingencySet;
  /**
   * Issue #31: each busbar's figure checked beyond DC thermal in every case — AC power flows
   * (acVerifiedCapacity, on the set when there is one) and the case's short-circuit strength
   * (the weak-grid MW on the N-1 minimum Scc). Absent: DC only.
   */
  readonly verification?: StudyVerification;
}

export interface StudyVerification {
  readonly ac?: boolean;
  /** X″d (p.u. on MBASE) for units without machine data; SCR_min (default 3). */
  readonly shortCircuit?: { readonly xdPu?: number; readonly scrMin?: number };
}

/** What sets a busbar's verified figure: the AC variables, or the weak grid. */
export type StudyLimitingVariable = AcLimitingVariable | 'weak-grid';

/** A busbar's figure beyond DC in one case (issue #31). */
export interface StudyBusbarVerification {
  /** The AC verification, when asked. */
  readonly ac: AcCapacity | null;
  /** Scc and the weak-grid MW at the bus, when asked and the case has the data. */
  readonly strength: {
    readonly sccMaxMva: number;
    readonly sccMinMva: number;
    readonly weakGridMw: number;
  } | null;
  /** The least of the DC (or AC) and weak-grid figures, MW. */
  readonly capacityMw: number;
  /** What sets it; null where the cap or the sink's room does and nothing else is lower. */
  readonly limitingVariable: StudyLimitingVariable | null;
}

/** A planner's contingencies as one study case reads them. */
export interface StudyContingencySet {
  readonly contingencies: readonly Contingency[];
  /** A .mon's branches and interfaces; absent: every rated branch, no interface. */
  readonly monitored?: Pick<MonitoredDefinition, 'branches' | 'interfaces'>;
  /** How a contingency is named in the results (default contingencyName, in English). */
  readonly nameOf?: (net: Network, c: Contingency) => string;
  /** How an interface is named (default `interface NAME`). */
  readonly interfaceName?: (name: string) => string;
}

export interface StudyCaseResult {
  readonly scenario: string;
  readonly year: number;
  readonly name: string;
  readonly counts: { buses: number; branches: number; generators: number };
  /** The case itself, for names and checks. */
  readonly network: Network;
  /** Its N-1 screening over every branch (the ten worst loadings kept); null on a set. */
  readonly n1: N1Result | null;
  /** On a planner's set: its N-1 on the set, the set's counts and how it names them. */
  readonly onSet: {
    readonly screen: SetScreenResult;
    readonly contingencies: readonly Contingency[];
    readonly counts: ContingencyCounts;
    /** Contingencies that split the island or left a lost unit without pickup (not screened). */
    readonly notScreened: number;
    readonly nameOf: (c: Contingency) => string;
  } | null;
  readonly projectsInService: string[];
  readonly capacities: StudyBusbar[];
  /** The sink of every busbar's transfer (dP/dT per generator row, or per bus for loads). */
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  readonly nContingencies: number;
  /** The study cap, and what the sink can give (a figure at either names it). */
  readonly capMw: number;
  readonly sinkRoomMw: number;
  /** The case's base dispatch and input checks. */
  readonly baseCase: BaseCaseReport;
  /** The case's short-circuit strength status when asked ('ok', or why there is none). */
  readonly shortCircuit?: {
    readonly status: ShortCircuitStatus;
    readonly machines: ShortCircuitResult['machines'];
  };
  readonly timingsMs: number;
}

/** A busbar's capacity in one case, with the plants that move its limiting constraint. */
export interface StudyBusbar extends BusbarCapacity {
  /** null when the cap binds (no limiting constraint). */
  readonly limitingGenerators: BusbarGenerator[] | null;
  /** Issue #31, when the study asks for it. */
  readonly verification?: StudyBusbarVerification;
}

/**
 * Every scenario × year case of a study with its busbar capacities (docs/analysis.md §6). Cases are
 * independent (see runStudyCase); `onCase` reports progress after each case.
 */
export function runStudy(
  base: Network,
  spec: StudySpec,
  options: StudyOptions,
  onCase?: (done: number, total: number, result: StudyCaseResult) => void,
): StudyCaseResult[] {
  const total = spec.scenarios.length * spec.years.length;
  const results: StudyCaseResult[] = [];
  for (const scenario of spec.scenarios) {
    for (const year of spec.years) {
      const result = runStudyCase(base, spec, scenario, year, options);
      results.push(result);
      onCase?.(results.length, total, result);
    }
  }
  return results;
}

/**
 * One scenario × year case of a study: its own network (buildStudyCase), DC model, one
 * busbar-capacity pass over the listed buses, the plants behind each limiting constraint and an
 * N-1 screening. A study job runs its cases one at a time with this, so other work can run
 * between two cases.
 */
export function runStudyCase(
  base: Network,
  spec: StudySpec,
  scenario: StudyScenario,
  year: number,
  options: StudyOptions,
): StudyCaseResult {
  const lookup = makeBusLookup(base.buses.number);
  const buses = options.busbars.map((number) => indexOfBus(lookup, number));
  const started = performance.now();
  const built = buildStudyCase(base, spec, scenario, year);
  if (options.contingencySet !== undefined) {
    return runStudyCaseOnSet(
      built,
      buses,
      options,
      options.contingencySet,
      started,
      scenario,
      year,
    );
  }
  const model = buildDcModel(built.network);
  const capacity = busbarCapacity(
    built.network,
    {
      buses,
      ...studyCapacityOptions(options),
    },
    model,
  );
  // The plants behind each limit move from the base dispatch the capacities were found at.
  const generators = busbarLimitingGenerators(capacity.network, model, capacity, capacity.results);
  // One AC solver and one set of 0 MW outage states for all the case's busbars (made on the
  // first busbar verified).
  let reuse: AcReuse | null = null;
  const verify = verifier(built.network, options, (bus) => {
    reuse ??= { dcModel: model, acSolver: new AcSolver(built.network), atZero: newAcZeroCache() };
    return acVerifiedCapacity(built.network, bus, studyCapacityOptions(options), reuse);
  });
  const n1 = screenN1(
    built.network,
    {
      top: 10,
      ...(options.postRating === undefined ? {} : { postRating: options.postRating }),
      ...(options.slack === undefined ? {} : { slack: options.slack }),
    },
    model,
  );
  return {
    scenario: scenario.name,
    year,
    name: built.name,
    projectsInService: built.projectsInService,
    counts: {
      buses: built.network.buses.count,
      branches: built.network.branches.count,
      generators: built.network.generators.count,
    },
    network: built.network,
    n1,
    onSet: null,
    capacities: capacity.results.map((c, i) => ({
      ...c,
      limitingGenerators: generators[i]!,
      ...(verify === null ? {} : { verification: verify.busbar(c) }),
    })),
    ...(verify === null ? {} : { shortCircuit: verify.shortCircuit }),
    unitParticipation: capacity.unitParticipation,
    loadSinkByBus: capacity.loadSinkByBus,
    nContingencies: capacity.nContingencies,
    capMw: capacity.capMw,
    sinkRoomMw: capacity.sinkRoomMw,
    baseCase: capacity.baseCase,
    timingsMs: performance.now() - started,
  };
}

/**
 * runStudyCase on a planner's set (issue #30): each busbar by busbarCapacityOnSet (exact after
 * every contingency of the set, a lost unit's output made up by the others' room up), the plants
 * behind each limit from the post-contingency row of its set contingency, and the N-1 on the set.
 */
function runStudyCaseOnSet(
  built: ReturnType<typeof buildStudyCase>,
  buses: readonly number[],
  options: StudyOptions,
  read: (net: Network) => StudyContingencySet,
  started: number,
  scenario: StudyScenario,
  year: number,
): StudyCaseResult {
  const net = built.network;
  const set = read(net);
  const { contingencies } = set;
  const nameOf = (c: Contingency) => (set.nameOf ?? contingencyName)(net, c);
  const interfaceName = set.interfaceName ?? ((name: string) => `interface ${name}`);
  const watched = set.monitored;
  const capacityOptions = {
    // A lost unit's output is made up by the others' room up, as the sink moves generation.
    pickup: 'headroom' as const,
    ...studyCapacityOptions(options),
    ...(watched === undefined
      ? {}
      : { monitored: watched.branches, interfaces: watched.interfaces }),
  };
  // The case's sink and base dispatch, as every busbar's figure below is computed from them.
  const study = busbarStudy(net, { ...capacityOptions, buses: [...buses] });
  const { model, setup } = study;
  const notScreened = new Set<number>();
  const rated = watched?.interfaces ?? [];
  const toConstraint = (c: SetConstraint): SetBusbarConstraint => {
    const flowgate = interfaceOfMonitored(c.monitored);
    const contingency = c.contingency < 0 ? null : contingencies[c.contingency]!;
    const single =
      contingency !== null &&
      contingency.branches.length === 1 &&
      contingency.generators.length === 0;
    return {
      monitored: c.monitored,
      // A set's contingency of one branch keeps its row; any other is named only.
      contingency: contingency === null ? -1 : single ? contingency.branches[0]! : SET_CONTINGENCY,
      setContingency: c.contingency,
      monitoredName:
        flowgate === null
          ? branchDisplayName(net, c.monitored)
          : interfaceName(rated[flowgate]!.name),
      contingencyName: contingency === null ? null : nameOf(contingency),
      lodf: 0,
      flowAtZeroMw: c.flowAtZeroMw,
      distributionFactor: c.distributionFactor,
      limitMw: c.limitMw,
      transferAtLimitMw: c.transferAtLimitMw,
      preExistingViolation: c.preExistingViolation,
    };
  };
  const capacities: BusbarCapacity[] = [];
  for (const bus of setup.buses) {
    const r = busbarCapacityOnSet(net, bus, contingencies, { ...capacityOptions, top: 5 });
    for (const c of r.notScreened) notScreened.add(c);
    if (r.capacityMw === null) continue;
    capacities.push({
      bus,
      busNumber: net.buses.number[bus]!,
      name: busDisplayName(net, busIndex(bus)),
      capacityMw: r.capacityMw,
      limiting: r.limiting === null ? null : toConstraint(r.limiting),
      top: r.top.map(toConstraint),
      exact: true,
    });
  }
  const watchedOf = (monitored: number) => {
    const flowgate = interfaceOfMonitored(monitored);
    return flowgate === null ? [{ branch: monitored, coefficient: 1 }] : rated[flowgate]!.members;
  };
  const generators = busbarLimitingGenerators(net, model, setup, capacities, {
    targetOf: (capacity) => {
      const c = capacity.limiting as SetBusbarConstraint;
      const contingency = c.setContingency < 0 ? null : contingencies[c.setContingency]!;
      return setSensitivityTarget(model, watchedOf(c.monitored), contingency);
    },
    sinkShareByUnit: Float64Array.from(setup.unitParticipation, (p) => -p),
  });
  let reuse: AcReuse | null = null;
  const verify = verifier(net, options, (bus) => {
    reuse ??= { acSolver: new AcSolver(net), atZero: newAcZeroCache() };
    return acVerifiedCapacityOnSet(net, bus, contingencies, capacityOptions, reuse);
  });
  const screen = screenContingencySet(net, contingencies, {
    top: 10,
    pickup: 'headroom',
    ...(options.postRating === undefined ? {} : { postRating: options.postRating }),
    ...(options.slack === undefined ? {} : { slack: options.slack }),
    ...(watched === undefined
      ? {}
      : { monitored: watched.branches, interfaces: watched.interfaces }),
  });
  return {
    scenario: scenario.name,
    year,
    name: built.name,
    projectsInService: built.projectsInService,
    counts: {
      buses: net.buses.count,
      branches: net.branches.count,
      generators: net.generators.count,
    },
    network: net,
    n1: null,
    onSet: {
      screen,
      contingencies,
      counts: countContingencies(contingencies),
      notScreened: notScreened.size,
      nameOf,
    },
    capacities: capacities.map((c, i) => ({
      ...c,
      limitingGenerators: generators[i]!,
      ...(verify === null ? {} : { verification: verify.busbar(c) }),
    })),
    ...(verify === null ? {} : { shortCircuit: verify.shortCircuit }),
    unitParticipation: setup.unitParticipation,
    loadSinkByBus: setup.loadSinkByBus,
    nContingencies: contingencies.length,
    capMw: study.capMw,
    sinkRoomMw: setup.sinkRoomMw,
    baseCase: study.base.report,
    timingsMs: performance.now() - started,
  };
}

/** A set's constraint: `setContingency` indexes the set (−1: the base case). */
interface SetBusbarConstraint extends BusbarConstraint {
  readonly setContingency: number;
}

/**
 * Issue #31 for one case: the AC verification of a busbar (by `acOf`) and the case's strength
 * (one short-circuit computation for all its busbars), combined into the busbar's figure.
 */
function verifier(
  net: Network,
  options: StudyOptions,
  acOf: (bus: number) => AcCapacity,
): {
  busbar: (c: BusbarCapacity) => StudyBusbarVerification;
  shortCircuit?: NonNullable<StudyCaseResult['shortCircuit']>;
} | null {
  const asked = options.verification;
  if (asked === undefined || (asked.ac !== true && asked.shortCircuit === undefined)) return null;
  const sc = asked.shortCircuit;
  const scc =
    sc === undefined
      ? null
      : shortCircuitStrength(net, sc.xdPu === undefined ? {} : { xdPu: sc.xdPu });
  return {
    ...(scc === null ? {} : { shortCircuit: { status: scc.status, machines: scc.machines } }),
    busbar: (c) => {
      const ac = asked.ac === true ? acOf(c.bus) : null;
      let capacityMw = ac?.acMw ?? c.capacityMw;
      let limitingVariable: StudyLimitingVariable | null =
        ac !== null ? ac.limitingVariable : c.limiting === null ? null : 'thermal';
      let strength: StudyBusbarVerification['strength'] = null;
      if (scc !== null && scc.status === 'ok') {
        const limits = shortCircuitLimits(
          scc,
          net.buses.baseKv,
          c.bus,
          sc?.scrMin === undefined ? {} : { scrMin: sc.scrMin },
        );
        strength = {
          sccMaxMva: scc.sccMaxMva[c.bus]!,
          sccMinMva: scc.sccMinMva[c.bus]!,
          weakGridMw: limits.scrMw,
        };
        if (limits.scrMw < capacityMw) {
          capacityMw = limits.scrMw;
          limitingVariable = 'weak-grid';
        }
      }
      return { ac, strength, capacityMw, limitingVariable };
    },
  };
}
