import { z } from 'zod';
import { apiRoutes } from '../api-paths';
import { analysisResultV1Schema, type AnalysisResultV1 } from '../result/analysis-result.v1';
import { baseCaseSchema } from '../result/base-case.v1';
import {
  constraintSchema,
  flexibilityFigure,
  flexibilityLevelSchema,
  flexibilitySchema,
  preExistingSchema,
  preExistingViolationSchema,
  studyGroupDescriptionSchema,
  type Constraint,
  type Flexibility,
  type FlexibilityFigureName,
  type Plant,
} from '../result/flexibility.v1';
import { caseIdSchema } from './cases';
import { positiveIntegerParam, resultChoice } from './export';

/**
 * A case's result in the parts a screen needs (issue #16, docs/decisions/015), each stored
 * compressed when the result is written and sent with an ETag:
 *
 *   GET /api/cases/{caseId}/result/summary                       counts, N-1, levels, figures
 *   GET /api/cases/{caseId}/result/constraints?level=&figure=    one level's constraints, paged
 *   GET /api/cases/{caseId}/result/constraints/{id}/generators   the generators of one constraint
 *   GET /api/cases/{caseId}/result/violations                    pre-existing violations
 *   GET /api/cases/{caseId}/result/full-data-json                the SAX document (docs/product.md §3)
 *   GET /api/cases/{caseId}/network                              the network view (decision 009)
 *
 * Each takes `analysis` (a group's analysisId from GET /api/cases/{caseId}/analyses); without
 * it, the upload's own result. The whole result is still GET /api/cases/{caseId}/data.
 */

export const resultPaths = {
  summary: (caseId: string) => apiRoutes.resultSummary.path({ caseId }),
  /** Query: level, figure, page, pageSize, analysis. */
  constraints: (caseId: string) => apiRoutes.resultConstraints.path({ caseId }),
  generators: (caseId: string, constraintId: number) =>
    apiRoutes.resultConstraintGenerators.path({ caseId, constraintId }),
  violations: (caseId: string) => apiRoutes.resultViolations.path({ caseId }),
  fullDataJson: (caseId: string) => apiRoutes.resultFullDataJson.path({ caseId }),
} as const;

/** Page sizes of the server-paged tables: the spec's 5, 10 and 25, and 50 and 100 for clients. */
export const pageSizes = [5, 10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export const pageParam = positiveIntegerParam(
  'La página debe ser un número entero positivo',
  'Página (1, 2, …)',
).default(1);

export const pageSizeParam = z
  .enum(['5', '10', '25', '50', '100'], {
    error: 'El tamaño de página debe ser 5, 10, 25, 50 o 100',
  })
  .transform((value) => Number(value) as PageSize)
  .default(DEFAULT_PAGE_SIZE)
  .describe('Filas por página: 5, 10, 25, 50 o 100 (25 por defecto)');

/** Which analysis of the case: a group's (its analysisId), or without it the upload's. */
export const resultPartQuerySchema = z.object({ analysis: resultChoice.analysis });

export const constraintPageQuerySchema = z.object({
  level: positiveIntegerParam(
    'El nivel debe ser un número entero positivo',
    'Nivel de flexibilidad (1, 2, …)',
  ),
  figure: resultChoice.figure,
  page: pageParam,
  pageSize: pageSizeParam,
  analysis: resultChoice.analysis,
});
export type ConstraintPageQuery = z.output<typeof constraintPageQuerySchema>;

export const constraintGeneratorsParamsSchema = z.object({
  caseId: caseIdSchema.describe('Identificador del caso'),
  constraintId: positiveIntegerParam(
    'La restricción debe ser un número entero positivo',
    'Identificador de la restricción (su `id`)',
  ),
});

/** A constraint without its per-plant sensitivities (those are its generators part). */
export const constraintSummarySchema = constraintSchema
  .omit({ sensitivities: true })
  .extend({ generatorCount: z.number().int().nonnegative() });
export type ConstraintSummary = z.infer<typeof constraintSummarySchema>;

export const levelSummarySchema = flexibilityLevelSchema
  .omit({ constraintIds: true })
  .extend({ constraintCount: z.number().int().nonnegative() });
export type LevelSummary = z.infer<typeof levelSummarySchema>;

export const figureSummarySchema = z.object({
  fcitcMw: z.number().nonnegative(),
  limitingConstraintId: z.number().int().positive().nullable(),
  /** The constraint that sets the FCITC, so the screen names it without another request. */
  limitingConstraint: constraintSummarySchema.nullable(),
  levels: z.array(levelSummarySchema),
});
export type FigureSummary = z.infer<typeof figureSummarySchema>;

/** What /analisis shows before any table: the group, Tmax, both figures and their levels. */
export const flexibilitySummarySchema = z.object({
  options: flexibilitySchema.shape.options,
  tmaxMw: z.number().nonnegative(),
  /** The attributable figure (or, for a result stored before issue #21, its only one). */
  fcitcMw: z.number().nonnegative(),
  limitingConstraintId: z.number().int().positive().nullable(),
  studyGroup: studyGroupDescriptionSchema.nullable(),
  /** False for a result stored before issue #21: one (strict) figure, no switch. */
  twoFigures: z.boolean(),
  figures: z.object({ attributable: figureSummarySchema, strict: figureSummarySchema }),
  constraintCount: z.number().int().nonnegative(),
  plantCount: z.number().int().nonnegative(),
  preExisting: preExistingSchema.shape.counts.nullable(),
  /** The base case the flexibility ran on (issue #25); null for results stored before it. */
  baseCase: baseCaseSchema.nullable().optional(),
});
export type FlexibilitySummary = z.infer<typeof flexibilitySummarySchema>;

/** The N-1 result and the network's facts: the analysis without its flexibility. */
export const caseResultFactsSchema = analysisResultV1Schema.omit({
  flexibility: true,
  busbarCapacity: true,
});
export type CaseResultFacts = z.infer<typeof caseResultFactsSchema>;

export const resultSummaryResponseSchema = z.object({
  caseId: z.string(),
  /** The analysis whose flexibility this is (the upload's group, or the one asked for). */
  analysisId: z.string().nullable(),
  apiResponseDate: z.string(),
  analysis: caseResultFactsSchema,
  /** Null when the study group could not be computed (the N-1 result stands). */
  flexibility: flexibilitySummarySchema.nullable(),
});
export type ResultSummaryResponse = z.infer<typeof resultSummaryResponseSchema>;

export const constraintPageResponseSchema = z.object({
  caseId: z.string(),
  figure: z.enum(['attributable', 'strict']),
  level: z.number().int().positive(),
  transferMw: z.number().nonnegative(),
  flexibilityPercent: z.number(),
  /** Constraints of the level in all. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** In the level's order: ranking descending. */
  constraints: z.array(constraintSummarySchema),
});
export type ConstraintPageResponse = z.infer<typeof constraintPageResponseSchema>;

/** One plant's part in a constraint: who it is, and its sensitivity and dispatches. */
export const constraintGeneratorSchema = z.object({
  plant: z.number().int().positive(),
  name: z.string(),
  busNumber: z.number().int(),
  generators: z.array(z.number().int().positive()),
  unitsInParallel: z.number().int().nonnegative(),
  pInitialMw: z.number(),
  pMaxMw: z.number(),
  pMinMw: z.number(),
  inStudyGroup: z.boolean(),
  participation: z.number(),
  /** d(flow of the constraint)/d(P of the plant), sink-balanced. */
  sensitivity: z.number(),
  /** Output where the overload starts (T = the constraint's transferAtLimitMw), MW. */
  dispatchAtLimitMw: z.number(),
  /** Output at the maximum transfer (Tmax), MW. */
  dispatchAtTmaxMw: z.number(),
});
export type ConstraintGenerator = z.infer<typeof constraintGeneratorSchema>;

export const constraintGeneratorsResponseSchema = z.object({
  constraintId: z.number().int().positive(),
  tmaxMw: z.number().nonnegative(),
  constraint: constraintSummarySchema,
  /** The plants with a sensitivity above the cutoff, in the result's order. */
  generators: z.array(constraintGeneratorSchema),
});
export type ConstraintGeneratorsResponse = z.infer<typeof constraintGeneratorsResponseSchema>;

export const violationsResponseSchema = z.object({
  /** Null for a result stored before issue #21. */
  counts: preExistingSchema.shape.counts.nullable(),
  /** Every worsened one, then the worst others by loading (up to 200 stored). */
  violations: z.array(preExistingViolationSchema),
});
export type ViolationsResponse = z.infer<typeof violationsResponseSchema>;

// Builders: what the analysis worker stores for each part (the server's only writer).

export function constraintSummary(constraint: Constraint): ConstraintSummary {
  const { sensitivities, ...rest } = constraint;
  return { ...rest, generatorCount: sensitivities.length };
}

function figureSummary(
  flexibility: Flexibility,
  name: FlexibilityFigureName,
  constraints: ReadonlyMap<number, Constraint>,
): FigureSummary {
  const figure = flexibilityFigure(flexibility, name);
  const limiting =
    figure.limitingConstraintId === null ? undefined : constraints.get(figure.limitingConstraintId);
  return {
    fcitcMw: figure.fcitcMw,
    limitingConstraintId: figure.limitingConstraintId,
    limitingConstraint: limiting === undefined ? null : constraintSummary(limiting),
    levels: figure.levels.map(({ constraintIds, ...level }) => ({
      ...level,
      constraintCount: constraintIds.length,
    })),
  };
}

export function flexibilitySummary(flexibility: Flexibility): FlexibilitySummary {
  const constraints = new Map(flexibility.constraints.map((c) => [c.id, c]));
  return {
    options: flexibility.options,
    tmaxMw: flexibility.tmaxMw,
    fcitcMw: flexibility.fcitcMw,
    limitingConstraintId: flexibility.limitingConstraintId,
    studyGroup: flexibility.studyGroup ?? null,
    twoFigures: flexibility.figures !== undefined,
    figures: {
      attributable: figureSummary(flexibility, 'attributable', constraints),
      strict: figureSummary(flexibility, 'strict', constraints),
    },
    constraintCount: flexibility.constraints.length,
    plantCount: flexibility.plants.length,
    preExisting: flexibility.preExisting?.counts ?? null,
    baseCase: flexibility.baseCase ?? null,
  };
}

export function constraintGenerators(
  flexibility: Flexibility,
  constraint: Constraint,
  plants: ReadonlyMap<number, Plant>,
): ConstraintGeneratorsResponse {
  return {
    constraintId: constraint.id,
    tmaxMw: flexibility.tmaxMw,
    constraint: constraintSummary(constraint),
    generators: constraint.sensitivities.flatMap(({ plant: id, sensitivity }) => {
      const plant = plants.get(id);
      if (plant === undefined) return [];
      return [
        {
          plant: plant.id,
          name: plant.name,
          busNumber: plant.busNumber,
          generators: plant.generators,
          unitsInParallel: plant.unitsInParallel,
          pInitialMw: plant.pInitialMw,
          pMaxMw: plant.pMaxMw,
          pMinMw: plant.pMinMw,
          inStudyGroup: plant.inStudyGroup,
          participation: plant.participation,
          sensitivity,
          dispatchAtLimitMw: plant.pInitialMw + constraint.transferAtLimitMw * plant.participation,
          dispatchAtTmaxMw: plant.pInitialMw + flexibility.tmaxMw * plant.participation,
        },
      ];
    }),
  };
}

export function violationsOf(flexibility: Flexibility): ViolationsResponse {
  return {
    counts: flexibility.preExisting?.counts ?? null,
    violations: flexibility.preExisting?.violations ?? [],
  };
}

export function caseResultFacts(result: AnalysisResultV1): CaseResultFacts {
  const { flexibility: _flexibility, busbarCapacity: _busbarCapacity, ...facts } = result;
  return facts;
}
