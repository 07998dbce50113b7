import { z } from 'zod';
import { analysisResultV1Schema } from '../result/analysis-result.v1';
import { jobStateSchema } from './jobs';

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} es obligatorio`).max(max, `${label} es demasiado largo`);

/** Ids of the bundled demo study's cases start so; users cannot create cases under it. */
export const DEMO_CASE_ID_PREFIX = 'demo-';

/** Case ids travel in URLs: a conservative alphabet, no separators. */
export const caseIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'El identificador del caso no es válido');

/** Spec §3 case, in API form. */
export const caseSummarySchema = z.object({
  caseId: z.string(),
  caseName: z.string(),
  caseDescription: z.string().nullable(),
  process: z.string().nullable(),
  familyId: z.string().nullable(),
  familyName: z.string().nullable(),
  createdAt: z.string(),
  /** A case of the bundled demo study: public and read-only. */
  isDemo: z.boolean(),
  /**
   * The analysis of an uploaded case: its state, and why it failed (`failed`: the case has no
   * results; the list shows it as failed). Null for a study's or the demo's cases.
   */
  analysis: z
    .object({
      jobId: z.string(),
      state: jobStateSchema,
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    })
    .nullable()
    .optional(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

/**
 * GET /api/cases. Without a query string: the caller's own cases, newest first (the demo
 * study's 450 are read with `owner=demo` or through GET /api/studies/demo). With any parameter:
 * one page of the cases that pass the filters, with `total`, `page` and `pageSize`.
 */
export const caseListResponseSchema = z.object({
  cases: z.array(caseSummarySchema),
  /** Paged answers: the cases that pass the filters, in all. */
  total: z.number().int().nonnegative().optional(),
  page: z.number().int().positive().optional(),
  pageSize: z.number().int().positive().optional(),
});
export type CaseListResponse = z.infer<typeof caseListResponseSchema>;

const caseListPageSizes = ['5', '10', '25', '50', '100'] as const;

/** Query of a paged case list: the spec's page sizes (5, 10, 25) and 50 and 100 for clients. */
export const caseListQuerySchema = z.object({
  page: z
    .string({ error: 'La página debe ser un número entero positivo' })
    .regex(/^\d{1,6}$/, 'La página debe ser un número entero positivo')
    .refine((value) => Number(value) > 0, 'La página debe ser un número entero positivo')
    .transform(Number)
    .default(1)
    .describe('Página (1, 2, …)'),
  pageSize: z
    .enum(caseListPageSizes, { error: 'El tamaño de página debe ser 5, 10, 25, 50 o 100' })
    .transform(Number)
    .default(25)
    .describe('Casos por página: 5, 10, 25, 50 o 100 (25 por defecto)'),
  sort: z
    .enum(['createdAt', 'name'], { error: 'El orden debe ser createdAt o name' })
    .default('createdAt')
    .describe('Orden: createdAt (fecha de creación, por defecto) o name (nombre del caso)'),
  order: z
    .enum(['asc', 'desc'], { error: 'El sentido debe ser asc o desc' })
    .optional()
    .describe('asc o desc; por defecto desc para createdAt y asc para name'),
  owner: z
    .enum(['all', 'own', 'demo'], { error: 'El dueño debe ser all, own o demo' })
    .default('all')
    .describe('own: los casos propios; demo: los del estudio de demostración; all: ambos'),
  family: z
    .enum(['all', 'none', 'some'], { error: 'La familia debe ser all, none o some' })
    .default('all')
    .describe('none: casos sin familia (los de /analisis); some: casos de estudio; all: todos'),
});
export type CaseListQuery = z.output<typeof caseListQuerySchema>;

const FAMILY_SET_BY_STUDY =
  'La familia (familyId, familyName) de un caso la asigna su estudio: crea el estudio en /estudios o con POST /api/studies';

/**
 * PUT /api/cases/:caseId: creates the case (caseName required) or changes the fields given; a
 * field left out keeps its value, `null` clears it. The family is a study's to set: a case given
 * one here would leave /analisis without being a study case /resultados can show.
 */
export const upsertCaseRequestSchema = z.strictObject({
  caseName: text('El nombre del caso', 200).optional(),
  caseDescription: z
    .string()
    .max(2000, 'La descripción del caso es demasiado larga')
    .nullable()
    .optional(),
  process: z.string().max(200, 'El proceso es demasiado largo').nullable().optional(),
  familyId: z.null({ error: FAMILY_SET_BY_STUDY }).optional(),
  familyName: z.null({ error: FAMILY_SET_BY_STUDY }).optional(),
});
export type UpsertCaseRequest = z.input<typeof upsertCaseRequestSchema>;
export type UpsertCaseFields = z.output<typeof upsertCaseRequestSchema>;

/**
 * Spec §3 case_api_data: the result in the original product's fullDataJSON form (null until the
 * case has flexibility results), extras, and Holgura's own analysis result.
 */
export const caseDataSchema = z.object({
  caseId: z.string(),
  fullDataJson: z.unknown().nullable(),
  extras: z.unknown().nullable(),
  analysis: analysisResultV1Schema.nullable(),
  apiResponseDate: z.string(),
});
export type CaseData = z.infer<typeof caseDataSchema>;

export const upsertCaseDataRequestSchema = z.strictObject({
  fullDataJson: z.record(z.string(), z.unknown()),
  extras: z.unknown().nullable().default(null),
});
export type UpsertCaseDataRequest = z.input<typeof upsertCaseDataRequestSchema>;

/**
 * The flows /demo shows after 'Aplicar Despacho Crítico' and 'Aplicar Contingencia'
 * (docs/analysis.md §7), MW with the same from-end sign as the initial flows, for the demo's first
 * constraint with a real contingency: the N-0 flows at Tmax and the monitored element's
 * post-contingency flow at Tmax.
 */
export const demoFlowsSchema = z.object({
  criticalMonitoredMw: z.number(),
  criticalContingencyMw: z.number(),
  contingencyMonitoredMw: z.number(),
});
export type DemoFlows = z.infer<typeof demoFlowsSchema>;

/** Spec §3 demo_cases: the newest row, public. */
export const demoCaseResponseSchema = z.object({
  fullDataJson: z.unknown(),
  createdAt: z.string(),
  demoFlows: demoFlowsSchema.nullable().optional(),
});
export type DemoCaseResponse = z.infer<typeof demoCaseResponseSchema>;

/** Path of the routes that answer a malformed case id as a case that does not exist. */
export const caseParamsSchema = z.object({
  caseId: caseIdSchema.describe('Identificador del caso'),
});
export type CaseParams = z.output<typeof caseParamsSchema>;

/** Path of the routes that look the case id up as given: a malformed one is simply not found. */
export const caseLookupParamsSchema = z.object({
  caseId: z.string().describe('Identificador del caso'),
});

/** PUT /api/cases/:caseId and PUT /api/cases/:caseId/data answer with the case they stored. */
export const caseIdResponseSchema = z.object({ caseId: z.string() });
export type CaseIdResponse = z.infer<typeof caseIdResponseSchema>;
