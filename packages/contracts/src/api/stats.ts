import { z } from 'zod';

/**
 * Public figures for the landing and /resultados stats strips, computed from the database
 * (zeros until analyses exist). See docs/decisions/004-stats-definitions.md.
 */
export const statsResponseSchema = z.object({
  /** Sum over evaluated busbars of each busbar's largest connection capacity, MW. */
  totalCapacityMw: z.number().nonnegative(),
  /** Distinct projection years among the busbar-study cases. */
  projectionYears: z.number().int().nonnegative(),
  /** Distinct busbars (case families) evaluated. */
  busbarsEvaluated: z.number().int().nonnegative(),
  /** Contingencies screened, summed over every analysed case. */
  contingenciesAnalysed: z.number().int().nonnegative(),
  /** Scenario × year cases analysed. */
  scenariosAnalysed: z.number().int().nonnegative(),
  /**
   * The bundled demo data the figures count (issue #21): 'computing' while the server computes
   * it at first start and none is stored yet (the figures are zeros only because of that),
   * 'ready' once stored, 'none' when this server has none (turned off, or it failed).
   */
  demoData: z.enum(['computing', 'ready', 'none']).optional(),
});
export type DemoDataState = NonNullable<StatsResponse['demoData']>;
export type StatsResponse = z.infer<typeof statsResponseSchema>;
