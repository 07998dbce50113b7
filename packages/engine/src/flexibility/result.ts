import type { BaseCaseReport } from '../base/base-case';
import type { PostRating } from '../contingency/n1';
import type { ViolationCounts, ViolationEffect } from '../transfer/pre-existing';
import type {
  RenewableFacts,
  StudyGroupChoice,
  StudyGroupReasonCode,
} from '../study-group/resolve';
import type { SinkRule, StudyGroupRule } from '../transfer/weights';
import type { ContingencyCounts } from '../contingency/sets/contingency-set';
import type { SetSweepSkipped } from '../contingency/sets/sweep-on-set';

/**
 * Result types of the transfer analyses. They mirror `contracts/src/result/flexibility.v1.ts`
 * member for member (the engine may not import contracts), with 0-based indices: `index` where
 * the contract has a 1-based `id`, 0-based branch, generator and plant indices. The lead's
 * mapper adds 1 and nothing else; src/cli/contract-types.ts checks its output and the rules
 * both sides name.
 */

/** Machines at one bus (docs/analysis.md §1). Sums run over in-service machines only. */
export interface PlantResult {
  /** 0-based, in order of first appearance in the file (contract `id` − 1). */
  readonly index: number;
  /** `G <bus name>`. */
  readonly name: string;
  readonly busNumber: number;
  /** Internal 0-based bus index (not in the contract). */
  readonly bus: number;
  /** 0-based generator rows of the in-service machines. */
  readonly generators: number[];
  readonly unitsInParallel: number;
  readonly pInitialMw: number;
  readonly pMaxMw: number;
  readonly pMinMw: number;
  readonly inStudyGroup: boolean;
  /** dP/dT: + for the study group, − for a generator sink. */
  readonly participation: number;
}

export interface ElementState {
  /** 0-based branch row. */
  readonly branch: number;
  readonly name: string;
  /** DC flow at T = 0 in the intact network, MW, from-end. */
  readonly initialFlowMw: number;
  readonly maxCapacityMva: number;
  readonly emergencyCapacityMva: number;
}

/** The unit of a G-1 constraint (not in contract v1, whose contingency is a branch). */
export interface GeneratorOutageState {
  /** 0-based generator row and plant index. */
  readonly generator: number;
  readonly plant: number;
  /** The plant's name, with `#<n>` (its order in the plant) when the plant has several units. */
  readonly name: string;
  /** P0 of the unit: what it loses at T = 0, MW. */
  readonly initialOutputMw: number;
}

/** A contingency of a planner's set (issue #30) behind a constraint: index into the set. */
export interface SetContingencyState {
  readonly index: number;
  readonly label: string;
  /** 0-based branch and generator rows it takes out. */
  readonly branches: readonly number[];
  readonly generators: readonly number[];
}

export interface PlantSensitivity {
  /** 0-based plant index. */
  readonly plant: number;
  readonly sensitivity: number;
}

export interface ConstraintResult {
  /** 0-based position in ranking order (contract `id` − 1). */
  readonly index: number;
  readonly monitored: ElementState;
  /** null: N-0 ('SOBRECARGA RED COMPLETA'), or a G-1 constraint (see generatorOutage). */
  readonly contingency: ElementState | null;
  /** Set for a G-1 constraint (options.includeGeneratorOutages), else null. */
  readonly generatorOutage: GeneratorOutageState | null;
  /**
   * On a planner's set: the contingency (a one-branch one also has `contingency`; one of several
   * elements only this); null on every branch alone, and for N-0.
   */
  readonly setContingency: SetContingencyState | null;
  readonly limitMw: number;
  readonly flowAtZeroMw: number;
  readonly distributionFactor: number;
  readonly ranking: number;
  readonly transferAtLimitMw: number;
  readonly preExistingViolation: boolean;
  readonly sensitivities: PlantSensitivity[];
}

export interface FlexibilityLevelResult {
  /** 1-based, as in the contract. */
  readonly level: number;
  readonly transferMw: number;
  readonly flexibilityPercent: number;
  /** 0-based constraint indices, ranking order. */
  readonly constraintIndices: number[];
}

export interface FlexibilityResult {
  readonly options: {
    readonly studyGroup: { readonly rule: StudyGroupRule; readonly plants: number[] };
    readonly sink: SinkRule;
    readonly levels: number;
    readonly distributionFactorCutoff: number;
    readonly postContingencyRating: PostRating;
    readonly includeGeneratorOutages: boolean;
  };
  readonly tmaxMw: number;
  readonly fcitcMw: number;
  /** 0-based index into `constraints`, null when Tmax is reached first. */
  readonly limitingConstraintIndex: number | null;
  readonly plants: PlantResult[];
  readonly levels: FlexibilityLevelResult[];
  readonly constraints: ConstraintResult[];
  /** The units that rise and why they were chosen (docs/analysis.md §5). */
  readonly studyGroup: StudyGroupResult;
  /**
   * Both figures (docs/analysis.md §5). `fcitcMw`, `limitingConstraintIndex` and `levels` above
   * repeat one of them: attributable unless `extra.preExisting` is 'limit'.
   */
  readonly figures: {
    readonly attributable: FlexibilityFigure;
    readonly strict: FlexibilityFigure;
  };
  /** Constraints already over their limit at T = 0, whatever the transfer does to them. */
  readonly preExisting: PreExistingResult;
  /** The base case analysed: its dispatch (P0 of every unit) and the input checks. */
  readonly baseCase: BaseCaseReport;
  /** Not in the contract: what the lead may show as notes or warnings. */
  readonly extra: FlexibilityExtra;
}

export interface StudyGroupResult {
  /** The rule applied (for the default rule, the one it chose). */
  readonly choice: Exclude<StudyGroupChoice, { kind: 'default' }>;
  readonly chosenBy: 'default' | 'request';
  readonly reason: StudyGroupReasonCode;
  /** The wind and solar units, when the default rule (or a renewables group) looked at them. */
  readonly renewables: RenewableFacts | null;
  /** In-service units the rule picks, with headroom or not. */
  readonly matchedUnits: number;
  /** 0-based generator rows that rise (participation > 0), ascending. */
  readonly units: number[];
  /** 0-based plants in the group (inStudyGroup). */
  readonly plants: number[];
  /** Σ (Pmax − P0) of the rising units: Tmax. */
  readonly tmaxMw: number;
  /** Σ Pmax and Σ P0 of the rising units. */
  readonly capacityMw: number;
  readonly initialMw: number;
}

/** FCITC, limiting constraint and levels under one treatment of pre-existing violations. */
export interface FlexibilityFigure {
  readonly fcitcMw: number;
  readonly limitingConstraintIndex: number | null;
  /** Attributable levels leave worsened violations out; strict ones list them (T(c) = 0). */
  readonly levels: FlexibilityLevelResult[];
}

export interface PreExistingViolationResult {
  readonly monitored: ElementState;
  readonly contingency: ElementState | null;
  readonly generatorOutage: GeneratorOutageState | null;
  /** As ConstraintResult.setContingency. */
  readonly setContingency: SetContingencyState | null;
  /** Post-contingency flow at T = 0 on the monitored element, MW. */
  readonly flowAtZeroMw: number;
  readonly limitMw: number;
  /** 100 · |flowAtZeroMw| / limitMw. */
  readonly loadingPercent: number;
  readonly distributionFactor: number;
  readonly effect: ViolationEffect;
  /** A relieved violation comes back within its limit at this transfer (MW); else null. */
  readonly clearsAtMw: number | null;
  /** Its entry in `constraints` when kept there (0-based), else null. */
  readonly constraintIndex: number | null;
}

export interface PreExistingResult {
  readonly counts: ViolationCounts;
  /**
   * Loading descending: every worsened one kept as a constraint, and the worst others (at most
   * FlexibilityOptions.maxViolations).
   */
  readonly violations: PreExistingViolationResult[];
}

export interface FlexibilityExtra {
  /** Which figure the top-level fields repeat: 'ignore' attributable, 'limit' strict. */
  readonly preExisting: 'limit' | 'ignore';
  /** Worsened violations left out of `constraints` by `maxConstraints`. */
  readonly preExistingOmitted: number;
  /** dP/dT per generator row: the dispatch at T is P0 + T·this (see `networkAtTransfer`). */
  readonly unitParticipation: Float64Array;
  /** The island the transfer stays in (sensitivities are given for plants in it only). */
  readonly transferIsland: number;
  /** With a 'loads' sink: MW of extra demand per MW of transfer, per bus (sums to 1). */
  readonly loadSinkByBus: Float64Array | null;
  /** Outages skipped because they split the network (bridges), 0-based branch rows. */
  readonly islandingOutages: number[];
  readonly nContingencies: number;
  /** On a planner's set: its counts, and the contingencies not screened and why. */
  readonly contingencySet: {
    readonly counts: ContingencyCounts;
    readonly skipped: readonly SetSweepSkipped[];
  } | null;
  readonly nMonitored: number;
  /** Constraints with T(c) ≤ Tmax left out by `maxConstraints` (those with the largest T). */
  readonly constraintsOmitted: number;
  /** Level lists are complete up to this transfer (MW); Tmax unless constraints were omitted. */
  readonly completeUpToMw: number;
  readonly timingsMs: { model: number; transfer: number; screening: number; sensitivities: number };
}
