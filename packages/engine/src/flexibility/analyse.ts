import type { BaseCaseOptions } from '../base/base-case';
import { prepareBaseCase } from '../base/base-case';
import { branchDisplayName } from '../model/display-names';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel } from '../powerflow/dcpf';
import type { FcitcOptions } from '../transfer/fcitc';
import { groupPlants } from '../transfer/plants';
import type { RawViolation } from '../transfer/pre-existing';
import { computeFcitcBothWays } from '../transfer/pre-existing';
import type { ScreenOptions } from '../transfer/screen';
import { buildScreenContext } from '../transfer/screen';
import { constraintSensitivities } from '../transfer/sensitivities';
import type { ResolvedStudyGroup, StudyGroupChoice } from '../study-group/resolve';
import { resolveStudyGroup } from '../study-group/resolve';
import type { RawConstraint } from '../transfer/sweep';
import type {
  ConstraintResult,
  ElementState,
  FlexibilityFigure,
  FlexibilityResult,
  GeneratorOutageState,
  PlantResult,
  PreExistingViolationResult,
  SetContingencyState,
  StudyGroupResult,
} from './result';
import type { SinkSpec, StudyGroupSpec, TransferWeights } from '../transfer/weights';
import { buildTransferWeights } from '../transfer/weights';
import { effectiveCutoff } from '../transfer/cutoff';
import { countContingencies, type Contingency } from '../contingency/sets/contingency-set';
import type { GenerationPickup } from '../contingency/sets/outage-flows';
import { setSensitivityTarget } from '../contingency/sets/set-sensitivity';
import {
  setIndexOfCode,
  sweepConstraintsOnSet,
  type SetSweepSkipped,
} from '../contingency/sets/sweep-on-set';

export interface FlexibilityOptions
  extends ScreenOptions, BaseCaseOptions, Omit<FcitcOptions, 'generatorOutages'> {
  /**
   * The units that rise (study-group/resolve.ts). Default: docs/analysis.md §5's rule, `{ kind: 'default' }`
   * (renewables when their headroom is meaningful, else every unit with headroom).
   */
  readonly group?: StudyGroupChoice;
  /** The older way to name a group (plants or generator rows); `group` wins when both are set. */
  readonly studyGroup?: StudyGroupSpec;
  /**
   * Default 'headroom-down', except when every unit with headroom rises: then the rest cannot
   * give room in any useful sense, and the loads take the transfer, as docs/analysis.md §4 says for
   * "the source is every generator".
   */
  readonly sink?: SinkSpec;
  /** N, default 5. */
  readonly levels?: number;
  /**
   * G-1 as well (default false): each in-service unit of the transfer island out, its output
   * picked up by the rest of the sink (transfer/generator-outages.ts).
   */
  readonly includeGeneratorOutages?: boolean;
  /**
   * Both figures are always computed; this picks the one the top-level `fcitcMw`,
   * `limitingConstraintIndex` and `levels` repeat: 'ignore' (default, attributable) or 'limit'
   * (strict, docs/analysis.md §4 as written).
   */
  readonly preExisting?: 'limit' | 'ignore';
  /**
   * Most pre-existing violations the transfer does not worsen listed, worst loading first
   * (default 500; all are counted, and every worsened one is listed).
   */
  readonly maxViolations?: number;
  /**
   * Issue #30: a planner's contingencies instead of every branch alone (N-0 always), a lost
   * unit's output made up by `pickup` (default 'headroom'); with a .mon, `monitored` (its
   * branches) narrows what is watched.
   */
  readonly contingencySet?: {
    readonly contingencies: readonly Contingency[];
    readonly pickup?: GenerationPickup;
  };
}

/** The group to resolve: `group`, else the older spec, else the default rule. */
function resolveGroup(
  net: Network,
  model: DcModel,
  options: FlexibilityOptions,
): ResolvedStudyGroup {
  const legacy = options.studyGroup;
  if (options.group !== undefined || legacy === undefined) {
    return resolveStudyGroup(net, model.active, options.group ?? { kind: 'default' });
  }
  if (legacy.rule === 'all-with-headroom')
    return resolveStudyGroup(net, model.active, { kind: 'all' });
  if (legacy.rule === 'renewables') {
    return resolveStudyGroup(net, model.active, { kind: 'renewables' });
  }
  // Named plants: the rows that rise are known once the transfer is built (describeGroup).
  return {
    choice: { kind: 'gens', rows: [] },
    chosenBy: 'request',
    reason: 'GROUP_REQUESTED',
    renewables: null,
    matchedUnits: [],
    spec: legacy,
  };
}

function describeGroup(
  net: Network,
  resolved: ResolvedStudyGroup,
  w: TransferWeights,
  plants: PlantResult[],
): StudyGroupResult {
  const g = net.generators;
  const units: number[] = [];
  let capacityMw = 0;
  let initialMw = 0;
  for (let k = 0; k < g.count; k++) {
    if (!(w.unitParticipation[k] > 0)) continue;
    units.push(k);
    capacityMw += g.pmaxMw[k];
    initialMw += g.pgMw[k];
  }
  const inGroup = plants.filter((p) => p.inStudyGroup);
  // Plants named the older way are described by the rows that rise.
  const legacy = resolved.choice.kind === 'gens' && resolved.choice.rows.length === 0;
  return {
    choice: legacy ? { kind: 'gens', rows: units.map((k) => k + 1) } : resolved.choice,
    chosenBy: resolved.chosenBy,
    reason: resolved.reason,
    renewables: resolved.renewables,
    matchedUnits: legacy
      ? inGroup.reduce((n, p) => n + p.generators.length, 0)
      : resolved.matchedUnits.length,
    units,
    plants: inGroup.map((p) => p.index),
    tmaxMw: w.tmaxMw,
    capacityMw,
    initialMw,
  };
}

/** Identity of a (monitored, contingency or unit) pair, to find a violation's constraint. */
const pairKey = (c: { monitored: number; contingency: number; generatorOutage: number }) =>
  `${c.monitored}|${c.contingency}|${c.generatorOutage}`;

/**
 * Flexibility analysis of one case (docs/analysis.md §5): the study group's transfer against the
 * sink, its FCITC over N-0 and N-1 both ways (attributable and strict), the levels ℓ/N·Tmax
 * with their constraints in ranking order, the violations the case already has, and per kept
 * constraint the sink-balanced sensitivity of every plant. Cost: the DC model, one solve for
 * the transfer, one per outage (as N-1 screening), one per four kept constraints for
 * sensitivities.
 */
export function analyseFlexibility(
  input: Network,
  options: FlexibilityOptions = {},
  prebuilt?: DcModel,
): FlexibilityResult {
  const t0 = performance.now();
  const model = prebuilt ?? buildDcModel(input);
  const base = prepareBaseCase(input, options, model);
  const net = base.net;
  const ctx = buildScreenContext(net, model, options);
  const plants = groupPlants(net, model.active);
  const t1 = performance.now();
  const resolved = resolveGroup(net, model, options);
  const groupSpec = resolved.spec;
  const sinkSpec =
    options.sink ?? (groupSpec.rule === 'all-with-headroom' ? 'loads' : 'headroom-down');
  const w = buildTransferWeights(
    { net, active: model.active, islands: model.islands, plants },
    groupSpec,
    sinkSpec,
  );
  const t2 = performance.now();
  const cutoff = effectiveCutoff(options.distributionFactorCutoff);
  const onSet = options.contingencySet;
  // A set's own G-1 entries stand for the option: its units are its contingencies.
  const withG1 = options.includeGeneratorOutages === true && onSet === undefined;
  const skipped: SetSweepSkipped[] = [];
  const fc = computeFcitcBothWays(ctx, w.injectionByBus, w.tmaxMw, {
    distributionFactorCutoff: cutoff,
    ...(options.maxConstraints === undefined ? {} : { maxConstraints: options.maxConstraints }),
    ...(options.maxViolations === undefined ? {} : { maxViolations: options.maxViolations }),
    generatorOutages: withG1 ? w : undefined,
    ...(onSet === undefined
      ? {}
      : {
          sweep: (visit) =>
            sweepConstraintsOnSet(
              ctx,
              w,
              onSet.contingencies,
              w.tmaxMw,
              { distributionFactorCutoff: cutoff, pickup: onSet.pickup ?? 'headroom' },
              visit,
              skipped,
            ),
        }),
  });
  /** A constraint's contingency of the set (null: N-0 or not on a set). */
  const singleOf = new Map<number, number>();
  onSet?.contingencies.forEach((c, index) => {
    if (c.branches.length === 1 && c.generators.length === 0 && !singleOf.has(c.branches[0]!)) {
      singleOf.set(c.branches[0]!, index);
    }
  });
  const setIndexOf = (k: number): number | null =>
    onSet === undefined || k === -1 ? null : (setIndexOfCode(k) ?? singleOf.get(k) ?? null);
  const t3 = performance.now();

  // Ranking order over the whole analysis: |d| descending; ties by T, contingency, monitored.
  const ranked = [...fc.constraints].sort(
    (a, b) =>
      Math.abs(b.distributionFactor) - Math.abs(a.distributionFactor) ||
      a.transferAtLimitMw - b.transferAtLimitMw ||
      a.contingency - b.contingency ||
      a.monitored - b.monitored ||
      a.generatorOutage - b.generatorOutage,
  );
  const eligible = new Uint8Array(plants.list.length);
  for (const p of plants.list) {
    const live = p.generators.length > 0 && model.islands.islandByBus[p.bus] === w.island;
    eligible[p.index] = live ? 1 : 0;
  }
  // On a set, every post-contingency row comes from its multi-outage LODFs (set-sensitivity.ts).
  const targets =
    onSet === undefined
      ? ranked
      : ranked.map((c) => {
          const index = setIndexOf(c.contingency);
          return setSensitivityTarget(
            model,
            [{ branch: c.monitored, coefficient: 1 }],
            index === null ? null : onSet.contingencies[index]!,
          );
        });
  const rows = constraintSensitivities(
    model,
    targets,
    w.sinkByBus,
    plants.list,
    eligible,
    cutoff,
    w.sinkShareByUnit,
  );
  const t4 = performance.now();

  const element = (k: number): ElementState => ({
    branch: k,
    name: branchDisplayName(net, k),
    initialFlowMw: ctx.baseFlowMw[k],
    maxCapacityMva: net.branches.rateAMva[k],
    emergencyCapacityMva: net.branches.rateBMva[k],
  });
  const unitState = (u: number): GeneratorOutageState => {
    const plant = plants.list[plants.plantOfGenerator[u]];
    const order = plant.generators.indexOf(u) + 1;
    return {
      generator: u,
      plant: plant.index,
      name: plant.generators.length > 1 ? `${plant.name} #${order}` : plant.name,
      initialOutputMw: net.generators.pgMw[u],
    };
  };
  const setContingency = (k: number): SetContingencyState | null => {
    const index = setIndexOf(k);
    if (index === null) return null;
    const c = onSet!.contingencies[index]!;
    return { index, label: c.label, branches: c.branches, generators: c.generators };
  };
  const constraints = ranked.map((c: RawConstraint, index): ConstraintResult => ({
    index,
    monitored: element(c.monitored),
    contingency: c.contingency >= 0 ? element(c.contingency) : null,
    setContingency: setContingency(c.contingency),
    generatorOutage: c.generatorOutage >= 0 ? unitState(c.generatorOutage) : null,
    limitMw: c.limitMw,
    flowAtZeroMw: c.flowAtZeroMw,
    distributionFactor: c.distributionFactor,
    ranking: Math.abs(c.distributionFactor),
    transferAtLimitMw: c.transferAtLimitMw,
    preExistingViolation: c.preExistingViolation,
    sensitivities: rows[index].plants.map((plant, i) => ({
      plant,
      sensitivity: rows[index].values[i],
    })),
  }));
  const nLevels = options.levels ?? 5;
  const figure = (
    fcitcMw: number,
    limiting: RawConstraint | null,
    strict: boolean,
  ): FlexibilityFigure => {
    const index = limiting ? ranked.indexOf(limiting) : -1;
    return {
      fcitcMw,
      limitingConstraintIndex: index >= 0 ? index : null,
      levels: Array.from({ length: nLevels }, (_, i) => {
        const transferMw = ((i + 1) / nLevels) * w.tmaxMw;
        return {
          level: i + 1,
          transferMw,
          // Nothing asked of the grid at T = 0: fully flexible by definition.
          flexibilityPercent: transferMw > 0 ? 100 * Math.min(1, fcitcMw / transferMw) : 100,
          constraintIndices: constraints
            .filter((c) => (strict || !c.preExistingViolation) && c.transferAtLimitMw <= transferMw)
            .map((c) => c.index),
        };
      }),
    };
  };
  const figures = {
    attributable: figure(fc.attributable.fcitcMw, fc.attributable.limiting, false),
    strict: figure(fc.strict.fcitcMw, fc.strict.limiting, true),
  };
  const preExisting = options.preExisting ?? 'ignore';
  const shown = preExisting === 'limit' ? figures.strict : figures.attributable;

  const byPair = new Map(ranked.map((c, index) => [pairKey(c), index]));
  const violation = (v: RawViolation): PreExistingViolationResult => {
    const d = v.distributionFactor;
    return {
      monitored: element(v.monitored),
      contingency: v.contingency >= 0 ? element(v.contingency) : null,
      setContingency: setContingency(v.contingency),
      generatorOutage: v.generatorOutage >= 0 ? unitState(v.generatorOutage) : null,
      flowAtZeroMw: v.flowAtZeroMw,
      limitMw: v.limitMw,
      loadingPercent: 100 * v.loading,
      distributionFactor: d,
      effect: v.effect,
      clearsAtMw:
        v.effect === 'relieves' ? (Math.abs(v.flowAtZeroMw) - v.limitMw) / Math.abs(d) : null,
      constraintIndex: byPair.get(pairKey(v)) ?? null,
    };
  };

  const plantResults = plants.list.map((p): PlantResult => ({
    index: p.index,
    name: p.name,
    busNumber: p.busNumber,
    bus: p.bus,
    generators: p.generators,
    unitsInParallel: p.generators.length,
    pInitialMw: p.pInitialMw,
    pMaxMw: p.pMaxMw,
    pMinMw: p.pMinMw,
    inStudyGroup: w.inStudyGroup[p.index] === 1,
    participation: w.plantParticipation[p.index],
  }));
  const studyGroup = describeGroup(net, resolved, w, plantResults);
  const legacyRule =
    studyGroup.choice.kind === 'all'
      ? 'all-with-headroom'
      : studyGroup.choice.kind === 'renewables'
        ? 'renewables'
        : 'named';
  return {
    options: {
      studyGroup: { rule: legacyRule, plants: studyGroup.plants },
      sink: w.sinkRule,
      levels: nLevels,
      distributionFactorCutoff: cutoff,
      postContingencyRating: ctx.postRating,
      includeGeneratorOutages: withG1,
    },
    tmaxMw: w.tmaxMw,
    fcitcMw: shown.fcitcMw,
    limitingConstraintIndex: shown.limitingConstraintIndex,
    plants: plantResults,
    levels: shown.levels,
    constraints,
    studyGroup,
    figures,
    preExisting: { counts: fc.violationCounts, violations: fc.violations.map(violation) },
    baseCase: base.report,
    extra: {
      preExisting,
      preExistingOmitted: fc.preExistingOmitted,
      unitParticipation: w.unitParticipation,
      transferIsland: w.island,
      loadSinkByBus: w.loadSinkByBus,
      islandingOutages: ctx.islanding,
      nContingencies:
        onSet === undefined
          ? ctx.outages.length + ctx.islanding.length
          : onSet.contingencies.length,
      contingencySet:
        onSet === undefined ? null : { counts: countContingencies(onSet.contingencies), skipped },
      nMonitored: ctx.monitored.length,
      constraintsOmitted: fc.omitted,
      completeUpToMw: fc.completeUpToMw,
      timingsMs: { model: t1 - t0, transfer: t2 - t1, screening: t3 - t2, sensitivities: t4 - t3 },
    },
  };
}
