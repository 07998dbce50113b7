import { z } from 'zod';
import { baseCaseSchema, slackRules } from './base-case.v1';
import { studyGroupKinds, studyGroupReasonCodes } from './study-group';
import { contingencyCountsSchema } from '../api/contingency-sets';

/**
 * The flexibility analysis of one case (docs/analysis.md §4–§5), as stored in the analysis result.
 * Generators are grouped into plants (machines at one bus, docs/analysis.md §1); a plant's output
 * along the transfer is `pInitialMw + T · participation` (positive for the study group, negative
 * for the sink), so the dispatch at any transfer — a level, a constraint's limit, Tmax — is
 * derived, not stored per constraint. Branch indices are 1-based in file order.
 */
export const plantSchema = z.object({
  /** 1-based, in order of first appearance in the file. */
  id: z.number().int().positive(),
  /** `G <bus name>`. */
  name: z.string(),
  busNumber: z.number().int(),
  /** 1-based generator rows of the in-service machines in this plant. */
  generators: z.array(z.number().int().positive()),
  unitsInParallel: z.number().int().nonnegative(),
  pInitialMw: z.number(),
  pMaxMw: z.number(),
  pMinMw: z.number(),
  inStudyGroup: z.boolean(),
  /**
   * dP/dT: share of the transfer this plant takes (+) or gives (−). Sums to 0 over plants with
   * a generator sink, to 1 when the loads are the sink.
   */
  participation: z.number(),
});
export type Plant = z.infer<typeof plantSchema>;

const elementStateSchema = z.object({
  branch: z.number().int().positive(),
  name: z.string(),
  /** Flow at T = 0 (Condición Original), MW, from-end, DC. */
  initialFlowMw: z.number(),
  /** RATE_A: capacidad máxima. */
  maxCapacityMva: z.number(),
  /** RATE_B: capacidad de emergencia (0 = not given). */
  emergencyCapacityMva: z.number(),
});

/** An AC power flow at the DC limit dispatch (issue 4 item 6). */
export const acCheckSchema = z.object({
  converged: z.boolean(),
  /** Apparent power on the monitored element, MVA (NaN is sent as null when not converged). */
  acFlowMva: z.number().nullable(),
  acLoadingPercent: z.number().nullable(),
  dcLoadingPercent: z.number(),
  /** AC and DC loadings differ by more than 5 %. */
  flagged: z.boolean(),
});
export type AcCheckResult = z.infer<typeof acCheckSchema>;

/**
 * Issue #30: the contingency of a planner's set behind a constraint — its label and what it
 * takes out, named («Contingencia 12: A – B ckt 1 + C – D ckt 1»). Absent or null: every branch
 * alone (then `contingency` says which, or N-0).
 */
export const setContingencyRefSchema = z.object({ label: z.string(), name: z.string() });

/**
 * The contingency a constraint or violation is after, by name: the planner's (issue #30), else
 * the branch; null for the base case (N-0, 'SOBRECARGA RED COMPLETA' on screen).
 */
export function contingencyNameOf(item: {
  contingency: { name: string } | null;
  setContingency?: { name: string } | null | undefined;
}): string | null {
  return item.setContingency?.name ?? item.contingency?.name ?? null;
}

export const constraintSchema = z.object({
  /** 1-based, in ranking order over the whole analysis. */
  id: z.number().int().positive(),
  monitored: elementStateSchema,
  /**
   * null: the base case (N-0), shown as 'SOBRECARGA RED COMPLETA' — or, with `setContingency`,
   * a contingency of several elements of the planner's set.
   */
  contingency: elementStateSchema.nullable(),
  setContingency: setContingencyRefSchema.nullable().optional(),
  /** The limit that applies: emergency after a contingency when given, else maximum (MW). */
  limitMw: z.number(),
  /** Post-contingency flow on the monitored element at T = 0, MW. */
  flowAtZeroMw: z.number(),
  /** d(c): MW of monitored flow per MW of transfer. */
  distributionFactor: z.number(),
  /** |d(c)|, the 'Impacto' column. */
  ranking: z.number().nonnegative(),
  /** T(c): transfer at which the constraint reaches its limit, MW (0 when already violated). */
  transferAtLimitMw: z.number().nonnegative(),
  /** Already over its limit at T = 0 and made worse by the transfer. */
  preExistingViolation: z.boolean(),
  /** Per plant with |sensitivity| ≥ the cutoff: d(flow of c)/d(P of the plant), sink-balanced. */
  sensitivities: z.array(z.object({ plant: z.number().int().positive(), sensitivity: z.number() })),
  /** Present on the first constraint of each level and on each figure's limiting one. */
  acCheck: acCheckSchema.optional(),
});
export type Constraint = z.infer<typeof constraintSchema>;

export const flexibilityLevelSchema = z.object({
  level: z.number().int().positive(),
  /** T(ℓ) = ℓ/N · Tmax, MW. */
  transferMw: z.number().nonnegative(),
  /** 100 · min(1, FCITC / T(ℓ)). */
  flexibilityPercent: z.number().min(0).max(100),
  /** Constraints with T(c) ≤ T(ℓ), by ranking descending. */
  constraintIds: z.array(z.number().int().positive()),
});
export type FlexibilityLevel = z.infer<typeof flexibilityLevelSchema>;

/**
 * The study group (docs/analysis.md §5, docs/decisions/013): which units rise, how many, their
 * headroom (Tmax) and why this group. Absent on results stored before issue #21.
 */
export const studyGroupDescriptionSchema = z.object({
  /** Canonical text: 'all', 'renewables', 'area:3', 'fuel:wind', 'kv:230', 'gens:3-5,9'. */
  key: z.string(),
  kind: z.enum(studyGroupKinds),
  /** The value after ':' in the key; null for renewables and all. */
  parameter: z.string().nullable(),
  /** Spanish name for the screen: 'Unidades del área 3'. */
  label: z.string(),
  /** 'default': docs/analysis.md §5's rule chose it; 'request': the user did. */
  chosenBy: z.enum(['default', 'request']),
  reason: z.object({
    code: z.enum(studyGroupReasonCodes),
    /** Spanish: 'Las unidades eólicas y solares tienen 0,03 MW de margen: …'. */
    message: z.string(),
  }),
  /** The in-service wind and solar units, when the default rule looked at them. */
  renewables: z
    .object({
      units: z.number().int().nonnegative(),
      headroomMw: z.number().nonnegative(),
      capacityMw: z.number().nonnegative(),
    })
    .nullable(),
  /** In-service units the rule picks, with headroom or not. */
  matchedUnits: z.number().int().nonnegative(),
  /** 1-based generator rows of the units that rise (headroom > 0, in the transfer's island). */
  units: z.array(z.number().int().positive()),
  /** Plants with a unit in the group (plants[].inStudyGroup). */
  plantCount: z.number().int().nonnegative(),
  /** Σ (Pmax − P0) of the rising units = tmaxMw. */
  tmaxMw: z.number().nonnegative(),
  /** Σ Pmax and Σ P0 of the rising units. */
  capacityMw: z.number(),
  initialMw: z.number(),
});
export type StudyGroupDescription = z.infer<typeof studyGroupDescriptionSchema>;

/** FCITC, limiting constraint and levels under one treatment of pre-existing violations. */
export const flexibilityFigureSchema = z.object({
  fcitcMw: z.number().nonnegative(),
  limitingConstraintId: z.number().int().positive().nullable(),
  /**
   * Attributable: constraints that are not worsened pre-existing violations. Strict: those too
   * (they have T(c) = 0, so they are in every level).
   */
  levels: z.array(flexibilityLevelSchema),
});
export type FlexibilityFigure = z.infer<typeof flexibilityFigureSchema>;
export type FlexibilityFigureName = 'attributable' | 'strict';

/** A constraint already over its limit at T = 0 ('Violaciones existentes'). */
export const preExistingViolationSchema = z.object({
  monitored: elementStateSchema,
  /** null: the base case (N-0), or a unit outage (see generatorOutage). */
  contingency: elementStateSchema.nullable(),
  /** A G-1 violation: the tripped unit (1-based row) and its name; null otherwise. */
  generatorOutage: z
    .object({ generator: z.number().int().positive(), name: z.string() })
    .nullable(),
  /** As in a constraint: the planner's contingency, when the analysis ran on a set. */
  setContingency: setContingencyRefSchema.nullable().optional(),
  /** Flow on the monitored element after the contingency, at T = 0, MW. */
  flowAtZeroMw: z.number(),
  /** The limit that applies (emergency after a contingency when given, else maximum), MW. */
  limitMw: z.number(),
  /** 100 · |flowAtZeroMw| / limitMw: more than 100. */
  loadingPercent: z.number(),
  distributionFactor: z.number(),
  /**
   * What the study group's transfer does to it: 'worsens' (|d| ≥ cutoff, towards the violated
   * limit: T(c) = 0, the strict figure's constraint), 'relieves' (|d| ≥ cutoff, away from it),
   * 'unaffected' (|d| below the cutoff).
   */
  effect: z.enum(['worsens', 'relieves', 'unaffected']),
  /** 'relieves': the transfer at which it comes back within its limit, MW; else null. */
  clearsAtMw: z.number().nonnegative().nullable(),
  /** Its id in `constraints` when it is one (worsened ones, for the strict figure). */
  constraintId: z.number().int().positive().nullable(),
});
export type PreExistingViolation = z.infer<typeof preExistingViolationSchema>;

export const preExistingSchema = z.object({
  counts: z.object({
    total: z.number().int().nonnegative(),
    worsens: z.number().int().nonnegative(),
    relieves: z.number().int().nonnegative(),
    unaffected: z.number().int().nonnegative(),
  }),
  /**
   * Loading descending: every worsened one (the strict figure's constraints), and the worst of
   * the others (the server keeps 200, the CLI 500). `counts` has them all.
   */
  violations: z.array(preExistingViolationSchema),
});
export type PreExisting = z.infer<typeof preExistingSchema>;

export const flexibilitySchema = z.object({
  options: z.object({
    studyGroup: z.object({
      rule: z.enum(['named', 'renewables', 'all-with-headroom']),
      plants: z.array(z.number().int().positive()),
    }),
    sink: z.enum(['headroom-down', 'initial-output', 'loads', 'group']),
    levels: z.number().int().positive(),
    distributionFactorCutoff: z.number().nonnegative(),
    postContingencyRating: z.enum(['A', 'B', 'C', 'emergency']),
    includeGeneratorOutages: z.boolean(),
    /** Who took the file's mismatch in the DC base case (issue #25); absent before it. */
    slack: z.enum(slackRules).optional(),
    /**
     * Issue #30: computed on a planner's contingency set (N-0 always), with its counts and how
     * many of its contingencies were not screened (they split the network, or took out every
     * unit of the source or the sink, or a unit nobody could make up); absent or null: every
     * branch alone.
     */
    contingencySet: z
      .object({ counts: contingencyCountsSchema, notScreened: z.number().int().nonnegative() })
      .nullable()
      .optional(),
  }),
  tmaxMw: z.number().nonnegative(),
  /**
   * First-contingency incremental transfer capability, capped at Tmax. With `figures`, these
   * three members repeat `figures.attributable`; without (results stored before issue #21),
   * they are the strict figure, docs/analysis.md §4 as written.
   */
  fcitcMw: z.number().nonnegative(),
  /** The constraint that sets the FCITC; null when Tmax is reached first. */
  limitingConstraintId: z.number().int().positive().nullable(),
  plants: z.array(plantSchema),
  levels: z.array(flexibilityLevelSchema),
  /** Every constraint of either figure, ranking order; worsened violations flagged. */
  constraints: z.array(constraintSchema),
  studyGroup: studyGroupDescriptionSchema.optional(),
  /** Both figures (docs/analysis.md §5): the attributable one is shown first. */
  figures: z
    .object({ attributable: flexibilityFigureSchema, strict: flexibilityFigureSchema })
    .optional(),
  preExisting: preExistingSchema.optional(),
  /** The base case analysed: its dispatch and the input checks (issue #25). */
  baseCase: baseCaseSchema.optional(),
});
export type Flexibility = z.infer<typeof flexibilitySchema>;

/**
 * One figure of a result: `figures[name]`, or for a result stored before issue #21 (no
 * `figures`) its only one, which is the strict figure whatever `name` asks.
 */
export function flexibilityFigure(
  flexibility: Flexibility,
  name: FlexibilityFigureName,
): FlexibilityFigure {
  return (
    flexibility.figures?.[name] ?? {
      fcitcMw: flexibility.fcitcMw,
      limitingConstraintId: flexibility.limitingConstraintId,
      levels: flexibility.levels,
    }
  );
}

/**
 * The result with its top-level FCITC, limiting constraint and levels set to one figure: what
 * readers written for one figure (the exports, the fullDataJSON writer, the level and
 * constraint tables) take.
 */
export function withFlexibilityFigure(
  flexibility: Flexibility,
  name: FlexibilityFigureName,
): Flexibility {
  return { ...flexibility, ...flexibilityFigure(flexibility, name) };
}
