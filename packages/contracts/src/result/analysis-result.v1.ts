import { z } from 'zod';
import { baseCaseSchema } from './base-case.v1';
import { busbarCapacitySchema } from './busbar-capacity.v1';
import { flexibilitySchema } from './flexibility.v1';

/**
 * What the engine computed for one uploaded case (version 1). Branch and generator indices are
 * 1-based in file order; buses are identified by their number. Later sections (flexibility
 * levels, busbar capacity) are added as optional members within version 1.
 */
export const analysisWarningSchema = z.object({
  code: z.string(),
  message: z.string(),
  line: z.number().int().nullable(),
});

export const n1LoadingSchema = z.object({
  monitoredBranch: z.number().int().positive(),
  monitoredName: z.string(),
  /** null for the base case (N-0). */
  contingencyBranch: z.number().int().positive().nullable(),
  contingencyName: z.string().nullable(),
  flowMw: z.number(),
  limitMva: z.number(),
  loadingPercent: z.number(),
});
export type N1Loading = z.infer<typeof n1LoadingSchema>;

export const analysisResultV1Schema = z.object({
  schemaVersion: z.literal(1),
  network: z.object({
    format: z.enum(['matpower', 'psse']),
    revision: z.number().int().nullable(),
    compressed: z.boolean(),
    baseMva: z.number(),
    counts: z.object({
      buses: z.number().int(),
      branches: z.number().int(),
      generators: z.number().int(),
      loads: z.number().int(),
      islands: z.number().int(),
    }),
    warnings: z.array(analysisWarningSchema),
  }),
  n1: z.object({
    contingencies: z.number().int(),
    islandingContingencies: z.number().int(),
    monitored: z.number().int(),
    baseCaseOverloads: z.number().int(),
    overloadedPairs: z.number().int(),
    /** Worst post-contingency loadings, descending. */
    top: z.array(n1LoadingSchema),
    /** Worst base-case loadings, descending. */
    baseCaseTop: z.array(n1LoadingSchema),
  }),
  /** The base case the N-1 screening ran on: dispatch and input checks (issue #25). */
  baseCase: baseCaseSchema.optional(),
  /** Present on the cases of a busbar study (docs/analysis.md §6). */
  busbarCapacity: busbarCapacitySchema.optional(),
  /** Absent until the case's flexibility analysis has run (docs/analysis.md §5). */
  flexibility: flexibilitySchema.optional(),
  /** Engine version that produced the result. */
  engineVersion: z.string().optional(),
  timingsMs: z.record(z.string(), z.number()),
});
export type AnalysisResultV1 = z.infer<typeof analysisResultV1Schema>;
