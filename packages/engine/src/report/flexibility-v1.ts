import type { ElementState, FlexibilityResult } from '../transfer/types';

/**
 * The flexibility result as version 1 of the analysis result holds it
 * (contracts/src/result/flexibility.v1.ts): 1-based ids, plant numbers and branch rows. The
 * one place that adds the 1s; the server validates the output against the contract's schema.
 */
export function flexibilityToV1(result: FlexibilityResult) {
  const element = (state: ElementState) => ({
    branch: state.branch + 1,
    name: state.name,
    initialFlowMw: state.initialFlowMw,
    maxCapacityMva: state.maxCapacityMva,
    emergencyCapacityMva: state.emergencyCapacityMva,
  });
  return {
    options: {
      studyGroup: {
        rule: result.options.studyGroup.rule,
        plants: result.options.studyGroup.plants.map((p) => p + 1),
      },
      sink: result.options.sink,
      levels: result.options.levels,
      distributionFactorCutoff: result.options.distributionFactorCutoff,
      postContingencyRating: result.options.postContingencyRating,
      includeGeneratorOutages: result.options.includeGeneratorOutages,
    },
    tmaxMw: result.tmaxMw,
    fcitcMw: result.fcitcMw,
    limitingConstraintId:
      result.limitingConstraintIndex === null ? null : result.limitingConstraintIndex + 1,
    plants: result.plants.map((plant) => ({
      id: plant.index + 1,
      name: plant.name,
      busNumber: plant.busNumber,
      generators: plant.generators.map((g) => g + 1),
      unitsInParallel: plant.unitsInParallel,
      pInitialMw: plant.pInitialMw,
      pMaxMw: plant.pMaxMw,
      pMinMw: plant.pMinMw,
      inStudyGroup: plant.inStudyGroup,
      participation: plant.participation,
    })),
    levels: result.levels.map((level) => ({
      level: level.level,
      transferMw: level.transferMw,
      flexibilityPercent: level.flexibilityPercent,
      constraintIds: level.constraintIndices.map((i) => i + 1),
    })),
    constraints: result.constraints.map((c) => ({
      id: c.index + 1,
      monitored: element(c.monitored),
      contingency: c.contingency === null ? null : element(c.contingency),
      limitMw: c.limitMw,
      flowAtZeroMw: c.flowAtZeroMw,
      distributionFactor: c.distributionFactor,
      ranking: c.ranking,
      transferAtLimitMw: c.transferAtLimitMw,
      preExistingViolation: c.preExistingViolation,
      sensitivities: c.sensitivities.map((s) => ({
        plant: s.plant + 1,
        sensitivity: s.sensitivity,
      })),
    })),
  };
}

export type FlexibilityV1 = ReturnType<typeof flexibilityToV1>;
