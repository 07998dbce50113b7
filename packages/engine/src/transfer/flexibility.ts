import { branchDisplayName } from '../model/display-names';
import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel } from '../powerflow/dcpf';
import type { FcitcOptions, RawConstraint } from './fcitc';
import { computeFcitc } from './fcitc';
import { groupPlants } from './plants';
import type { ScreenOptions } from './screen';
import { buildScreenContext } from './screen';
import { constraintSensitivities } from './sensitivities';
import type {
  ConstraintResult,
  ElementState,
  FlexibilityResult,
  GeneratorOutageState,
  PlantResult,
} from './types';
import type { SinkSpec, StudyGroupSpec } from './weights';
import { buildTransferWeights } from './weights';

export interface FlexibilityOptions extends ScreenOptions, Omit<FcitcOptions, 'generatorOutages'> {
  /** Default 'all-with-headroom' (the upload's named units come in as 'named'). */
  readonly studyGroup?: StudyGroupSpec;
  /**
   * Default 'headroom-down', except with 'all-with-headroom': then the source is every unit
   * that can rise, the rest cannot give room in any useful sense, and the loads take the
   * transfer, as ANALYSIS.md §4 says for "the source is every generator".
   */
  readonly sink?: SinkSpec;
  /** N, default 5. */
  readonly levels?: number;
  /**
   * G-1 as well (default false): each in-service unit of the transfer island out, its output
   * picked up by the rest of the sink (generator-outages.ts).
   */
  readonly includeGeneratorOutages?: boolean;
}

/**
 * Flexibility analysis of one case (ANALYSIS.md §5): the study group's transfer against the
 * sink, its FCITC over N-0 and N-1, the levels ℓ/N·Tmax with their constraints in ranking
 * order, and per kept constraint the sink-balanced sensitivity of every plant. Cost: the DC
 * model, one solve for the transfer, one per outage (as N-1 screening), one per four kept
 * constraints for sensitivities.
 */
export function analyseFlexibility(
  net: Network,
  options: FlexibilityOptions = {},
  prebuilt?: DcModel,
): FlexibilityResult {
  const t0 = performance.now();
  const model = prebuilt ?? buildDcModel(net);
  const ctx = buildScreenContext(net, model, options);
  const plants = groupPlants(net, model.active);
  const t1 = performance.now();
  const groupSpec = options.studyGroup ?? { rule: 'all-with-headroom' };
  const sinkSpec =
    options.sink ?? (groupSpec.rule === 'all-with-headroom' ? 'loads' : 'headroom-down');
  const w = buildTransferWeights(
    { net, active: model.active, islands: model.islands, plants },
    groupSpec,
    sinkSpec,
  );
  const t2 = performance.now();
  const cutoff = options.distributionFactorCutoff ?? 0.01;
  const withG1 = options.includeGeneratorOutages === true;
  const fc = computeFcitc(ctx, w.injectionByBus, w.tmaxMw, {
    ...options,
    generatorOutages: withG1 ? w : undefined,
  });
  const t3 = performance.now();

  // Ranking order over the whole analysis: |d| descending; ties by T, contingency, monitored.
  const ranked = [...fc.constraints].sort(
    (a, b) =>
      Math.abs(b.distributionFactor) - Math.abs(a.distributionFactor) ||
      a.transferAtLimitMw - b.transferAtLimitMw ||
      a.contingency - b.contingency ||
      a.monitored - b.monitored,
  );
  const eligible = new Uint8Array(plants.list.length);
  for (const p of plants.list) {
    const live = p.generators.length > 0 && model.islands.islandByBus[p.bus] === w.island;
    eligible[p.index] = live ? 1 : 0;
  }
  const rows = constraintSensitivities(
    model,
    ranked.map((c) => ({ ...c, generatorOutage: c.generatorOutage })),
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
  const constraints = ranked.map((c: RawConstraint, index): ConstraintResult => ({
    index,
    monitored: element(c.monitored),
    contingency: c.contingency >= 0 ? element(c.contingency) : null,
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
  const levels = Array.from({ length: nLevels }, (_, i) => {
    const transferMw = ((i + 1) / nLevels) * w.tmaxMw;
    return {
      level: i + 1,
      transferMw,
      // Nothing asked of the grid at T = 0: fully flexible by definition.
      flexibilityPercent: transferMw > 0 ? 100 * Math.min(1, fc.fcitcMw / transferMw) : 100,
      constraintIndices: constraints
        .filter((c) => c.transferAtLimitMw <= transferMw)
        .map((c) => c.index),
    };
  });
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
  const limitingIndex = fc.limiting ? ranked.indexOf(fc.limiting) : -1;
  return {
    options: {
      studyGroup: {
        rule: groupSpec.rule,
        plants: plantResults.filter((p) => p.inStudyGroup).map((p) => p.index),
      },
      sink: w.sinkRule,
      levels: nLevels,
      distributionFactorCutoff: cutoff,
      postContingencyRating: ctx.postRating,
      includeGeneratorOutages: withG1,
    },
    tmaxMw: w.tmaxMw,
    fcitcMw: fc.fcitcMw,
    limitingConstraintIndex: limitingIndex >= 0 ? limitingIndex : null,
    plants: plantResults,
    levels,
    constraints,
    extra: {
      preExisting: options.preExisting ?? 'limit',
      unitParticipation: w.unitParticipation,
      transferIsland: w.island,
      loadSinkByBus: w.loadSinkByBus,
      islandingOutages: ctx.islanding,
      nContingencies: ctx.outages.length + ctx.islanding.length,
      nMonitored: ctx.monitored.length,
      constraintsOmitted: fc.omitted,
      completeUpToMw: fc.completeUpToMw,
      timingsMs: { model: t1 - t0, transfer: t2 - t1, screening: t3 - t2, sensitivities: t4 - t3 },
    },
  };
}
