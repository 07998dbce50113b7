import { z } from 'zod';
import {
  busbarCapacityOptionsSchema,
  busbarCapacityStateSchema,
  busbarFigureSchema,
  busbarLimitingSchema,
} from './busbar-capacities';
import { caseIdSchema } from './cases';

/**
 * Two cases side by side (issue #29): the busbar capacities of one case (`base`, the path's) and
 * of another (`other`, `?with=`), matched by bus number — two years or two scenarios of a study,
 * two versions of it, or two uploads. What a planner checks after adding a project: the buses
 * whose capacity changed most and the constraints that appeared or vanished, in MW.
 *
 *   GET /api/cases/{caseId}/busbar-capacities/compare?with={otherCaseId}&figure&limit
 */

/** Below this a change is rounding, not a change (the tables show one decimal). */
export const COMPARISON_UNCHANGED_MW = 0.05;

/** How many changed buses the answer lists at most (largest changes first). */
export const COMPARISON_LIMITS = [25, 100, 500] as const;

export const busbarCapacityCompareQuerySchema = z.object({
  with: caseIdSchema.describe('Identificador del otro caso (el que se compara con el de la ruta)'),
  figure: busbarFigureSchema,
  limit: z
    .enum(['25', '100', '500'], { error: 'El límite debe ser 25, 100 o 500' })
    .transform(Number)
    .default(25)
    .describe('Cuántas barras con cambios se listan, las de mayor cambio primero: 25, 100 o 500'),
});
export type BusbarCapacityCompareQuery = z.output<typeof busbarCapacityCompareQuerySchema>;

/** One side of the comparison: its case, whether its capacities are there, and how computed. */
export const comparisonSideSchema = z.object({
  caseId: z.string(),
  caseName: z.string(),
  state: busbarCapacityStateSchema,
  computedAt: z.string().nullable(),
  /** null until done. */
  options: busbarCapacityOptionsSchema.nullable(),
  /** Buses with a figure (inside the transfer island); null until done. */
  buses: z.number().int().nonnegative().nullable(),
});
export type ComparisonSide = z.infer<typeof comparisonSideSchema>;

/**
 * Computation settings that differ between the two sides: a difference in MW then mixes the
 * network's change with the settings' (the screen says so beside the figures).
 */
export const comparisonSettingSchema = z.enum([
  'capMw',
  'postContingencyRating',
  'distributionFactorCutoff',
  'sink',
  'slack',
]);
export type ComparisonSetting = z.infer<typeof comparisonSettingSchema>;

export const busbarCapacityChangeSchema = z.object({
  bus: z.number().int(),
  name: z.string(),
  baseKv: z.number(),
  area: z.number().int(),
  /** null: the bus is not in that case, or outside its transfer island. */
  baseMw: z.number().nullable(),
  otherMw: z.number().nullable(),
  /** otherMw − baseMw; null when either side has no figure. */
  deltaMw: z.number().nullable(),
  baseLimiting: busbarLimitingSchema.nullable(),
  otherLimiting: busbarLimitingSchema.nullable(),
});
export type BusbarCapacityChange = z.infer<typeof busbarCapacityChangeSchema>;

/** A constraint (monitored element after a contingency) that limits buses on one side only. */
export const constraintChangeSchema = z.object({
  monitoredName: z.string(),
  /** null: the base case (N-0, «SOBRECARGA RED COMPLETA»). */
  contingencyName: z.string().nullable(),
  /** Buses it limits on the side where it is. */
  buses: z.number().int().positive(),
  /** Sum of otherMw − baseMw over those buses (where both sides have a figure). */
  deltaMw: z.number(),
  /** The bus it limits whose figure changed most. */
  example: z.object({ bus: z.number().int(), name: z.string(), baseKv: z.number() }),
});
export type ConstraintChange = z.infer<typeof constraintChangeSchema>;

export const comparisonSummarySchema = z.object({
  /** Buses with a figure on both sides. */
  common: z.number().int().nonnegative(),
  increased: z.number().int().nonnegative(),
  decreased: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Buses with a figure on one side only (not in the case, or outside its island). */
  onlyBase: z.number().int().nonnegative(),
  onlyOther: z.number().int().nonnegative(),
  /** Sum of the common buses' figures on each side (MW). */
  baseTotalMw: z.number(),
  otherTotalMw: z.number(),
  /** Buses whose figure changed by at least COMPARISON_UNCHANGED_MW, or has one side only. */
  changed: z.number().int().nonnegative(),
});
export type ComparisonSummary = z.infer<typeof comparisonSummarySchema>;

export const busbarCapacityComparisonSchema = z.object({
  base: comparisonSideSchema,
  other: comparisonSideSchema,
  figure: z.enum(['attributable', 'strict']),
  /** Both sides' capacities are computed: the rest is filled. */
  ready: z.boolean(),
  settingsDiffer: z.array(comparisonSettingSchema),
  summary: comparisonSummarySchema.nullable(),
  /** The largest changes first (at most `limit`); buses with one side only after them. */
  changes: z.array(busbarCapacityChangeSchema),
  constraints: z.object({
    /** Limit buses in `other`, none in `base`. */
    appeared: z.array(constraintChangeSchema),
    /** Limited buses in `base`, none in `other`. */
    vanished: z.array(constraintChangeSchema),
    /** How many there are: the lists keep the 50 that limit most buses. */
    appearedTotal: z.number().int().nonnegative(),
    vanishedTotal: z.number().int().nonnegative(),
  }),
});
export type BusbarCapacityComparison = z.infer<typeof busbarCapacityComparisonSchema>;
