import { z } from 'zod';

/**
 * The flexibility analysis of one case (ANALYSIS.md §4–§5), as stored in the analysis result.
 * Generators are grouped into plants (machines at one bus, ANALYSIS.md §1); a plant's output
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

export const constraintSchema = z.object({
  /** 1-based, in ranking order over the whole analysis. */
  id: z.number().int().positive(),
  monitored: elementStateSchema,
  /** null: the base case (N-0), shown as 'SOBRECARGA RED COMPLETA'. */
  contingency: elementStateSchema.nullable(),
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
  /** Present on the first constraint of each level. */
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
  }),
  tmaxMw: z.number().nonnegative(),
  /** First-contingency incremental transfer capability, capped at Tmax. */
  fcitcMw: z.number().nonnegative(),
  /** The constraint that sets the FCITC; null when Tmax is reached first. */
  limitingConstraintId: z.number().int().positive().nullable(),
  plants: z.array(plantSchema),
  levels: z.array(flexibilityLevelSchema),
  constraints: z.array(constraintSchema),
});
export type Flexibility = z.infer<typeof flexibilitySchema>;
