import type { Network } from '../model/network';
import { baseCaseToV1 } from './base-case-v1';
import type {
  ElementState,
  FlexibilityFigure,
  FlexibilityResult,
  SetContingencyState,
  StudyGroupResult,
} from '../flexibility/result';
import { contingencyName } from '../contingency/sets/read-definitions';

/**
 * How a study group is written for people: its canonical key and parameter, its label and the
 * sentence that says why it was chosen. The engine words nothing itself (Spanish lives in
 * @holgura/contracts, whose `describeStudyGroup` the server and the CLI pass in).
 */
export interface StudyGroupWords {
  readonly key: string;
  readonly parameter: string | null;
  readonly label: string;
  readonly reason: string;
}
export type DescribeStudyGroup = (group: StudyGroupResult) => StudyGroupWords;

/**
 * The flexibility result as version 1 of the analysis result holds it
 * (contracts/src/result/flexibility.v1.ts): 1-based ids, plant numbers and branch rows. The
 * one place that adds the 1s; the server validates the output against the contract's schema.
 * `net` is the case analysed (for the names of the units its base case moved).
 */
export function flexibilityToV1(
  result: FlexibilityResult,
  describeGroup: DescribeStudyGroup,
  net: Network,
  /** How a contingency of a planner's set is named (the product's is Spanish). */
  nameSetContingency: (c: SetContingencyState) => string = (c) =>
    `${c.label}: ${contingencyName(net, { label: c.label, branches: c.branches, generators: c.generators })}`,
) {
  const setRef = (c: SetContingencyState | null) =>
    c === null ? null : { label: c.label, name: nameSetContingency(c) };
  const element = (state: ElementState) => ({
    branch: state.branch + 1,
    name: state.name,
    initialFlowMw: state.initialFlowMw,
    maxCapacityMva: state.maxCapacityMva,
    emergencyCapacityMva: state.emergencyCapacityMva,
  });
  const id = (index: number | null) => (index === null ? null : index + 1);
  const figure = (f: FlexibilityFigure) => ({
    fcitcMw: f.fcitcMw,
    limitingConstraintId: id(f.limitingConstraintIndex),
    levels: f.levels.map((level) => ({
      level: level.level,
      transferMw: level.transferMw,
      flexibilityPercent: level.flexibilityPercent,
      constraintIds: level.constraintIndices.map((i) => i + 1),
    })),
  });
  const group = result.studyGroup;
  const words = describeGroup(group);
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
      slack: result.baseCase.slack,
      contingencySet:
        result.extra.contingencySet === null
          ? null
          : {
              counts: result.extra.contingencySet.counts,
              notScreened: result.extra.contingencySet.skipped.length,
            },
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
      setContingency: setRef(c.setContingency),
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
    studyGroup: {
      key: words.key,
      kind: group.choice.kind,
      parameter: words.parameter,
      label: words.label,
      chosenBy: group.chosenBy,
      reason: { code: group.reason, message: words.reason },
      renewables: group.renewables,
      matchedUnits: group.matchedUnits,
      units: group.units.map((k) => k + 1),
      plantCount: group.plants.length,
      tmaxMw: group.tmaxMw,
      capacityMw: group.capacityMw,
      initialMw: group.initialMw,
    },
    figures: {
      attributable: figure(result.figures.attributable),
      strict: figure(result.figures.strict),
    },
    preExisting: {
      counts: result.preExisting.counts,
      violations: result.preExisting.violations.map((v) => ({
        monitored: element(v.monitored),
        contingency: v.contingency === null ? null : element(v.contingency),
        generatorOutage:
          v.generatorOutage === null
            ? null
            : { generator: v.generatorOutage.generator + 1, name: v.generatorOutage.name },
        setContingency: setRef(v.setContingency),
        flowAtZeroMw: v.flowAtZeroMw,
        limitMw: v.limitMw,
        loadingPercent: v.loadingPercent,
        distributionFactor: v.distributionFactor,
        effect: v.effect,
        clearsAtMw: v.clearsAtMw,
        constraintId: id(v.constraintIndex),
      })),
    },
    baseCase: baseCaseToV1(net, result.baseCase),
  };
}

export type FlexibilityV1 = ReturnType<typeof flexibilityToV1>;
