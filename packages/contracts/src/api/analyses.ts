import { z } from 'zod';
import { caseIdSchema } from './cases';
import { flexibilitySchema } from '../result/flexibility.v1';
import { analysisOptionsSchema, analysisOptionsValueSchema } from '../result/analysis-options';
import { studyGroupTextSchema } from '../result/study-group';

/**
 * The flexibility of an analysed case per study group (issue #21, docs/decisions/013):
 *   POST /api/cases/{caseId}/analyses { group, options? } → 202 { analysisId, jobId, groupKey }
 *   GET  /api/cases/{caseId}/analyses             → the groups run, with their state
 *   GET  /api/cases/{caseId}/analyses/{analysisId} → that group's flexibility
 *   GET  /api/cases/{caseId}/generators           → what a group can be chosen from
 * The upload takes a group too: POST /api/casesCalculate/calculate?group=area:3.
 */

/** Analyses are named by an opaque id: a hand-picked group's key can be long for a path. */
export const analysisIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'El identificador del análisis no es válido');

export const caseAnalysisParamsSchema = z.object({
  caseId: caseIdSchema.describe('Identificador del caso'),
  analysisId: analysisIdSchema.describe('Identificador del análisis del caso con un grupo'),
});

/** Query of the upload: the study group, or none for the default rule. */
export const uploadQuerySchema = z.object({
  group: studyGroupTextSchema.optional(),
});

export const createGroupAnalysisRequestSchema = z.strictObject({
  group: studyGroupTextSchema,
  /** How to compute it (issue #25); absent: the defaults. The cap does not change it. */
  options: analysisOptionsSchema.optional(),
});
export type CreateGroupAnalysisRequest = z.input<typeof createGroupAnalysisRequestSchema>;

export const createGroupAnalysisResponseSchema = z.object({
  caseId: z.string(),
  analysisId: z.string(),
  /** Its progress: GET /api/jobs/{jobId} (kind 'group'). */
  jobId: z.string(),
  /** Canonical text of the group (the request's, normalised). */
  groupKey: z.string(),
  /** True when the group had already been run or was running: nothing new was queued. */
  existing: z.boolean(),
});
export type CreateGroupAnalysisResponse = z.infer<typeof createGroupAnalysisResponseSchema>;

export const groupAnalysisStateSchema = z.enum(['queued', 'running', 'done', 'failed']);

export const groupAnalysisSummarySchema = z.object({
  analysisId: z.string(),
  groupKey: z.string(),
  /** Spanish name: 'Unidades del área 3'. */
  label: z.string(),
  /** 'default': the group the upload's analysis chose by docs/analysis.md §5's rule. */
  chosenBy: z.enum(['default', 'request']),
  /** The group of the upload's own analysis, the one GET /api/cases/{caseId}/data holds. */
  isUploadGroup: z.boolean(),
  /** The options it was computed with (issue #25; the defaults for older analyses). */
  options: analysisOptionsValueSchema,
  state: groupAnalysisStateSchema,
  jobId: z.string(),
  progressPercent: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  /** Why a failed group has no result (an empty group: TRANSFER_GROUP_NO_UNITS, …). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Set when done. */
  tmaxMw: z.number().nullable(),
  fcitcMw: z.object({ attributable: z.number(), strict: z.number() }).nullable(),
  preExistingCount: z.number().int().nullable(),
  unitCount: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupAnalysisSummary = z.infer<typeof groupAnalysisSummarySchema>;

export const caseAnalysesResponseSchema = z.object({
  caseId: z.string(),
  /** Upload's group first, then newest first. */
  analyses: z.array(groupAnalysisSummarySchema),
});
export type CaseAnalysesResponse = z.infer<typeof caseAnalysesResponseSchema>;

/** One group's flexibility (the case and analysis ids are the request's path). */
export const groupAnalysisResponseSchema = z.object({
  groupKey: z.string(),
  flexibility: flexibilitySchema,
});
export type GroupAnalysisResponse = z.infer<typeof groupAnalysisResponseSchema>;

/** One option of a picker: its group key, the units it picks and their headroom. */
const groupOptionSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** In-service units it picks, and those with headroom (the ones that would rise). */
  units: z.number().int().nonnegative(),
  unitsWithHeadroom: z.number().int().nonnegative(),
  /** Σ max(0, Pmax − P0) over them: the group's Tmax (before island checks), MW. */
  headroomMw: z.number().nonnegative(),
});
export type GroupOption = z.infer<typeof groupOptionSchema>;

/**
 * Everything a study-group picker needs on a case of any size: the generators as columns (one
 * entry per generator row, in file order; row k is entry k − 1) and the options per kind with
 * their sizes. Out-of-service units are listed (inService false) but no option counts them.
 */
export const caseGeneratorsResponseSchema = z.object({
  caseId: z.string(),
  generators: z.object({
    /** 1-based generator row: what `gens:` takes. */
    row: z.array(z.number().int().positive()),
    busNumber: z.array(z.number().int()),
    busName: z.array(z.string()),
    /** PSS/E machine ID; for MATPOWER, the unit's order among the machines of its bus. */
    machineId: z.array(z.string()),
    /** MATPOWER genfuel, lower-case; null when the case does not say. */
    fuel: z.array(z.string().nullable()),
    pMaxMw: z.array(z.number()),
    pMinMw: z.array(z.number()),
    pInitialMw: z.array(z.number()),
    baseKv: z.array(z.number()),
    area: z.array(z.number().int()),
    zone: z.array(z.number().int()),
    inService: z.array(z.boolean()),
  }),
  /** The default rule's choice on this case, and why (as the analysis will word it). */
  defaultGroup: z.object({ key: z.string(), label: z.string(), reason: z.string() }),
  renewables: groupOptionSchema,
  all: groupOptionSchema,
  fuels: z.array(groupOptionSchema.extend({ fuel: z.string() })),
  areas: z.array(groupOptionSchema.extend({ area: z.number().int() })),
  zones: z.array(groupOptionSchema.extend({ zone: z.number().int() })),
  /** Base kV of the buses with units, descending; each option is `kv:<that kV>` (≥). */
  kvLevels: z.array(groupOptionSchema.extend({ kv: z.number() })),
});
export type CaseGeneratorsResponse = z.infer<typeof caseGeneratorsResponseSchema>;
