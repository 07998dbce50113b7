import type { Transferable } from 'node:worker_threads';
import {
  allBusbarCapacities,
  allBusbarCapacitiesOnSet,
  branchDisplayName,
  expandContingencyRules,
  interfaceOfMonitored,
  readDefinitionBundle,
  type MonitoredDefinition,
  SET_CONTINGENCY,
  type AllBusbarResult,
  type Contingency,
  busDisplayName,
  busIndex,
  BusbarStatus,
  baseCaseToV1,
  type BusbarFigures,
  type Network,
  type PostRating,
  type SlackRule,
} from '@holgura/engine';
import {
  contingencyRulesSchema,
  contingencySetWords,
  progressStage,
  type AnalysisOptions,
  type BaseCase,
  type BusbarCapacityOptions,
} from '@holgura/contracts';
import { engineFailure, readCaseForJob, type EngineFailure } from '../../jobs/engine-failure';
import { setContingencyName } from '../contingency-sets/contingency-set-n1';

/**
 * How the capacities are computed: an analysed case's from its analysis options (contracts'
 * DEFAULT_ANALYSIS_OPTIONS unless a planner chose others in /analisis); a study's from its own.
 */
export interface CapacityRunOptions {
  capMw: number;
  postRating: PostRating;
  /** Default the engine's, 0.01. */
  distributionFactorCutoff?: number;
  /** Default the engine's, 'headroom-down' (issue #25: a planner's choice in /analisis). */
  sink?: 'headroom-down' | 'initial-output' | 'loads';
  /** Default 'distributed' (base/base-dispatch.ts). */
  slack?: SlackRule;
  /** Issue #30: the case's contingency file; absent: every branch, one at a time. */
  contingencySet?: CapacityContingencyFile;
}

/**
 * A case's contingency definitions as the capacity job takes them: a file (Latin-1 text), or
 * rules (their JSON, contracts' contingencyRulesSchema).
 */
export interface CapacityContingencyFile {
  fileName: string;
  format: 'contab' | 'psse-con' | 'rules';
  content: string;
  /** The .sub and .mon sent with a .con (Latin-1 text); absent when none was. */
  subsystems?: { fileName: string; content: string };
  monitored?: { fileName: string; content: string };
}

/** A case's analysis options (contracts) as the capacity job takes them. */
export function capacityRunOptions(options: AnalysisOptions): CapacityRunOptions {
  return {
    capMw: options.capMw,
    postRating: options.postContingencyRating,
    distributionFactorCutoff: options.distributionFactorCutoff,
    slack: options.slack,
    ...(options.sink === 'auto' ? {} : { sink: options.sink }),
  };
}

/** One figure per bus, in bus order (the engine's arrays, capacity NaN outside the island). */
export interface CapacityFigureColumns {
  capacityMw: Float64Array;
  /**
   * 0-based branch rows; −1 when the cap binds (monitored) or for N-0 (contingency); a
   * contingency of the case's file that takes out several elements is −(2 + its index in the
   * file's list) (issue #30), named in `branchNames` like a branch.
   */
  monitored: Int32Array;
  contingency: Int32Array;
  distributionFactor: Float64Array;
}

export interface CapacityFigureSummary {
  minMw: number | null;
  medianMw: number | null;
  maxMw: number | null;
  zero: number;
  atCap: number;
}

export interface CapacitySummary {
  buses: number;
  computed: number;
  outsideIsland: number;
  withPreExistingLimit: number;
  withWorsenedViolation: number;
  capMw: number;
  medianMw: number | null;
  attributable: CapacityFigureSummary;
  strict: CapacityFigureSummary;
}

/**
 * Every bus of the case as columns, ready for the database: typed arrays travel to the API's
 * thread without a copy, and names only once (bus names per bus, branch names per branch named).
 */
export interface CapacityColumns {
  count: number;
  busNumber: Int32Array;
  busName: string[];
  baseKv: Float64Array;
  area: Int32Array;
  zone: Int32Array;
  /** 1 in the transfer island (computed), 0 outside. */
  inIsland: Uint8Array;
  attributable: CapacityFigureColumns;
  strict: CapacityFigureColumns;
  worsened: Omit<CapacityFigureColumns, 'capacityMw'>;
  /** The branches any column names (0-based rows) and their display names. */
  branchRows: Int32Array;
  branchNames: string[];
  options: {
    capMw: number;
    postContingencyRating: string;
    sink: string;
    distributionFactorCutoff: number;
    contingencies: number;
    monitored: number;
    computeMs: number;
    /** What the sink can give, MW; null when unbounded (a load sink). */
    sinkRoomMw: number | null;
    slack: SlackRule;
    baseCase: BaseCase;
    contingencySet: BusbarCapacityOptions['contingencySet'];
  };
  summary: CapacitySummary;
}

export type CapacityOutcome = { ok: true; columns: CapacityColumns } | EngineFailure;

/**
 * A 'capacity' job in a worker thread: read the analysed case again and compute the capacity of
 * every bus (engine allBusbarCapacities on this thread alone: two jobs on two cores must not
 * each start a helper). Bad input is an outcome with the engine's code, not an exception.
 */
export async function runBusbarCapacities(
  bytes: Uint8Array,
  options: CapacityRunOptions,
  report: (percent: number, stage: string) => void,
): Promise<CapacityOutcome> {
  try {
    report(2, progressStage.readingCase);
    const { network: net, generatorIds } = await readCaseForJob(bytes);
    const file = options.contingencySet;
    const set = file === undefined ? undefined : readCapacitySet(net, file, generatorIds);
    // Checked when it was uploaded against this same case; never computed on part of it.
    if (set !== undefined && (set.unresolved.length > 0 || set.contingencies.length === 0)) {
      return {
        ok: false,
        code: 'CONTINGENCY_FILE_UNRESOLVED',
        detail: `${set.unresolved.length} unresolved lines`,
      };
    }
    const stage = progressStage.computingBusbarCapacities;
    report(5, stage);
    let shown = 5;
    const columns = capacityColumns(
      net,
      options,
      (fraction) => {
        // Whole percents only: each report is a database write.
        const percent = Math.min(90, 5 + Math.floor(fraction * 85));
        if (percent > shown) {
          shown = percent;
          report(percent, stage);
        }
      },
      set,
    );
    return { ok: true, columns };
  } catch (error) {
    return engineFailure(error);
  }
}

/** A set as the capacity job reads it: its contingencies and, with a .mon, what it watches. */
export interface CapacitySet {
  file: CapacityContingencyFile;
  contingencies: readonly Contingency[];
  unresolved: readonly unknown[];
  monitored?: MonitoredDefinition;
}

/**
 * The case's set read again against the network it was checked on (rules expanded), or against a
 * study's scenario × year network built from it.
 */
export function readCapacitySet(
  net: Network,
  file: CapacityContingencyFile,
  generatorIds: readonly string[] | undefined,
): CapacitySet {
  if (file.format === 'rules') {
    const rules = contingencyRulesSchema.parse(JSON.parse(file.content));
    return { file, ...expandContingencyRules(net, rules) };
  }
  const text = (f: { fileName: string; content: string }) => ({
    name: f.fileName,
    text: f.content,
  });
  const bundle = readDefinitionBundle(
    {
      contingencies: text(file),
      ...(file.subsystems === undefined ? {} : { subsystems: text(file.subsystems) }),
      ...(file.monitored === undefined ? {} : { monitored: text(file.monitored) }),
    },
    net,
    generatorIds === undefined ? {} : { generatorIds },
  );
  return {
    file,
    contingencies: bundle.set.contingencies,
    unresolved: bundle.unresolved,
    ...(bundle.monitored === null ? {} : { monitored: bundle.monitored }),
  };
}

/**
 * The capacity of every bus of `net` as columns (engine allBusbarCapacities on this thread
 * alone). An analysed case's job reads its file first; a study's case passes the scenario ×
 * year network it has just built (study-case.ts). Engine errors are thrown.
 */
export function capacityColumns(
  net: Network,
  options: CapacityRunOptions,
  onProgress?: (fraction: number) => void,
  set?: Pick<CapacitySet, 'file' | 'contingencies' | 'monitored'>,
): CapacityColumns {
  const engineOptions = {
    capMw: options.capMw,
    postRating: options.postRating,
    ...(options.distributionFactorCutoff === undefined
      ? {}
      : { distributionFactorCutoff: options.distributionFactorCutoff }),
    ...(options.sink === undefined ? {} : { sink: options.sink }),
    ...(options.slack === undefined ? {} : { slack: options.slack }),
    threads: 1,
    ...(onProgress === undefined ? {} : { onProgress }),
  };
  let result: AllBusbarResult;
  /** Per figure's contingency column: the set's index of a contingency of several elements. */
  let setIndex: ((figures: 'strict' | 'attributable' | 'worsened', slot: number) => number) | null =
    null;
  let contingencySet: BusbarCapacityOptions['contingencySet'] = null;
  /** The pass over a file's contingencies of several elements (its own time, after the rest). */
  let extrasMs = 0;
  if (set === undefined) result = allBusbarCapacities(net, engineOptions);
  else {
    // A lost unit's output is made up by the others' room up, as the sink moves generation.
    const watched = set.monitored;
    const onSet = allBusbarCapacitiesOnSet(net, set.contingencies, {
      ...engineOptions,
      pickup: 'headroom',
      ...(watched === undefined
        ? {}
        : { monitored: watched.branches, interfaces: watched.interfaces }),
    });
    result = onSet;
    extrasMs = onSet.extras.ms;
    setIndex = (figures, slot) => onSet.setContingency[figures][slot]!;
    contingencySet = {
      fileName: set.file.fileName,
      format: set.file.format,
      counts: onSet.setCounts,
      notScreened: onSet.notScreened.length,
      monitoredFile:
        watched === undefined || set.file.monitored === undefined
          ? null
          : {
              fileName: set.file.monitored.fileName,
              // Those with a rating: the ones that limit (the others have nothing to check).
              branches: watched.branches.filter((k) => net.branches.rateAMva[k]! > 0).length,
              interfaces: watched.interfaces.filter((i) => i.limitMw !== null).length,
            },
    };
  }
  const n = result.buses.length;
  const busNumber = new Int32Array(n);
  const busName = new Array<string>(n);
  const baseKv = new Float64Array(n);
  const area = new Int32Array(n);
  const zone = new Int32Array(n);
  const inIsland = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const b = result.buses[i]!;
    busNumber[i] = net.buses.number[b]!;
    busName[i] = busDisplayName(net, busIndex(b));
    baseKv[i] = net.buses.baseKv[b]!;
    area[i] = net.buses.area[b]!;
    zone[i] = net.buses.zone[b]!;
    inIsland[i] = result.status[i] === BusbarStatus.computed ? 1 : 0;
  }
  /** A contingency of several elements of the file: −(2 + its index), named below. */
  const contingencyColumn = (
    column: Int32Array,
    figures: 'strict' | 'attributable' | 'worsened',
  ): Int32Array =>
    Int32Array.from(column, (k, slot) =>
      k === SET_CONTINGENCY && setIndex !== null ? -2 - setIndex(figures, slot) : k,
    );
  const copy = (f: BusbarFigures, figures: 'strict' | 'attributable'): CapacityFigureColumns => ({
    capacityMw: Float64Array.from(f.capacityMw),
    monitored: Int32Array.from(f.monitored),
    contingency: contingencyColumn(f.contingency, figures),
    distributionFactor: Float64Array.from(f.distributionFactor),
  });
  const attributable = copy(result.attributable, 'attributable');
  const strict = copy(result.strict, 'strict');
  const worsened = {
    monitored: Int32Array.from(result.worsened.monitored),
    contingency: contingencyColumn(result.worsened.contingency, 'worsened'),
    distributionFactor: Float64Array.from(result.worsened.distributionFactor),
  };
  const named = new Set<number>();
  for (const column of [
    attributable.monitored,
    attributable.contingency,
    strict.monitored,
    strict.contingency,
    worsened.monitored,
    worsened.contingency,
  ]) {
    for (const row of column) if (row >= 0 || row <= -2) named.add(row);
  }
  const branchRows = Int32Array.from([...named].sort((a, b) => a - b));
  const branchNames = Array.from(branchRows, (row) => {
    if (row >= 0) return branchDisplayName(net, row);
    const flowgate = interfaceOfMonitored(row);
    if (flowgate !== null)
      return contingencySetWords.interface(set!.monitored!.interfaces[flowgate]!.name);
    return setContingencyName(net, set!.contingencies[-2 - row]!);
  });
  return {
    count: n,
    busNumber,
    busName,
    baseKv,
    area,
    zone,
    inIsland,
    attributable,
    strict,
    worsened,
    branchRows,
    branchNames,
    options: {
      capMw: result.capMw,
      postContingencyRating: result.postContingencyRating,
      sink: result.sink,
      distributionFactorCutoff: result.distributionFactorCutoff,
      contingencies: result.nContingencies,
      monitored: result.nMonitored,
      computeMs: result.timingsMs.total + extrasMs,
      sinkRoomMw: Number.isFinite(result.sinkRoomMw) ? result.sinkRoomMw : null,
      slack: result.baseCase.slack,
      baseCase: baseCaseToV1(net, result.baseCase),
      contingencySet,
    },
    summary: summarise(
      inIsland,
      attributable,
      strict,
      worsened.monitored,
      result.capMw,
      result.effectiveCapMw,
    ),
  };
}

/** The buffers of the columns, moved (not copied) to the API's thread. */
export function capacityTransferables(columns: CapacityColumns): Transferable[] {
  const figure = (f: Partial<CapacityFigureColumns>) =>
    [f.capacityMw, f.monitored, f.contingency, f.distributionFactor].filter(
      (array) => array !== undefined,
    );
  return [
    columns.busNumber,
    columns.baseKv,
    columns.area,
    columns.zone,
    columns.inIsland,
    ...figure(columns.attributable),
    ...figure(columns.strict),
    ...figure(columns.worsened),
    columns.branchRows,
  ].map((array) => array.buffer as ArrayBuffer);
}

function figureSummary(
  values: Float64Array,
  inIsland: Uint8Array,
  capMw: number,
): CapacityFigureSummary {
  const computed: number[] = [];
  let zero = 0;
  let atCap = 0;
  for (let i = 0; i < values.length; i++) {
    if (inIsland[i] !== 1) continue;
    const value = values[i]!;
    computed.push(value);
    if (value === 0) zero++;
    if (value >= capMw) atCap++;
  }
  if (computed.length === 0) return { minMw: null, medianMw: null, maxMw: null, zero, atCap };
  const sorted = Float64Array.from(computed).sort();
  const middle = sorted.length >> 1;
  const medianMw =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { minMw: sorted[0]!, medianMw, maxMw: sorted[sorted.length - 1]!, zero, atCap };
}

/** The whole case's figures, stored with the rows (the page's summary). */
export function summarise(
  inIsland: Uint8Array,
  attributable: CapacityFigureColumns,
  strict: CapacityFigureColumns,
  worsenedMonitored: Int32Array,
  capMw: number,
  /** Where the sink's room is below the cap, it is what a bus with nothing binding reaches. */
  effectiveCapMw: number = capMw,
): CapacitySummary {
  let computed = 0;
  let withPreExistingLimit = 0;
  let withWorsenedViolation = 0;
  for (let i = 0; i < inIsland.length; i++) {
    if (inIsland[i] !== 1) continue;
    computed++;
    if (strict.capacityMw[i] === 0 && attributable.capacityMw[i]! > 0) withPreExistingLimit++;
    if (worsenedMonitored[i]! >= 0) withWorsenedViolation++;
  }
  const att = figureSummary(attributable.capacityMw, inIsland, effectiveCapMw);
  return {
    buses: inIsland.length,
    computed,
    outsideIsland: inIsland.length - computed,
    withPreExistingLimit,
    withWorsenedViolation,
    capMw,
    medianMw: att.medianMw,
    attributable: att,
    strict: figureSummary(strict.capacityMw, inIsland, effectiveCapMw),
  };
}

/**
 * A stored result's settings as the engine's one-bus calls take them, for the figure asked
 * (strict: pre-existing violations limit; attributable: they are set apart).
 */
export function capacityEngineOptions(
  options: CapacityRunOptions,
  figure: 'attributable' | 'strict',
) {
  return {
    capMw: options.capMw,
    postRating: options.postRating,
    preExisting: figure === 'strict' ? ('limit' as const) : ('ignore' as const),
    ...(options.distributionFactorCutoff === undefined
      ? {}
      : { distributionFactorCutoff: options.distributionFactorCutoff }),
    ...(options.sink === undefined ? {} : { sink: options.sink }),
    ...(options.slack === undefined ? {} : { slack: options.slack }),
  };
}

/** Those settings on a planner's set: a lost unit made up by the others' room up, its .mon watched. */
export function capacityOnSetOptions(
  common: ReturnType<typeof capacityEngineOptions>,
  set: CapacitySet,
) {
  const watched = set.monitored;
  return {
    ...common,
    pickup: 'headroom' as const,
    ...(watched === undefined
      ? {}
      : { monitored: watched.branches, interfaces: watched.interfaces }),
  };
}
