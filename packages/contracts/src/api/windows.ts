import { z } from 'zod';
import { apiRoutes, type ExportFormat } from '../api-paths';
import { caseIdSchema } from './cases';
import { studyProblemSchema } from './studies';
import {
  contingencyChoices,
  postContingencyRatings,
  sinkChoices,
} from '../result/analysis-options';
import { contingencyCountsSchema, contingencyFileFormats } from './contingency-sets';
import { setContingencyRefSchema } from '../result/flexibility.v1';
import { slackRules } from '../result/base-case.v1';

/**
 * Connection windows (issue #28, docs/analysis.md §9): many requests for connection capacity
 * allocated at once on an analysed case, under three rules computed side by side.
 *   GET    /api/windows                      → the caller's windows, newest first
 *   POST   /api/windows { caseId, name, options?, requests } → 202 { windowId, jobId }
 *   POST   /api/windows/requests/read        → the requests of an Excel template or a JSON file
 *   GET    /api/windows/template.xlsx        → the Excel template (UPME-like columns)
 *   GET    /api/windows/{windowId}           → the window, its requests and (when done) the awards
 *   DELETE /api/windows/{windowId}           → 204 (cancels its job)
 *   GET    /api/windows/{windowId}/export.xlsx|csv → the awards of the three rules
 *   GET    /api/windows/{windowId}/audit.json      → what a third party needs to reproduce them
 *   POST   /api/windows/{windowId}/withdraw { requestIds } → 202 { windowId, jobId }: a new
 *          window on the same case and options without those requests (who moves up)
 */

export const WINDOW_LIMITS = {
  /** A UPME round has about 1,600; the engine accepts 20,000, the API far fewer per window. */
  maxRequests: 5000,
  maxIdChars: 64,
  maxTextChars: 200,
  maxNameChars: 120,
  /** A window holds at most this many MW per request (no plant is larger). */
  maxRequestMw: 100_000,
} as const;

export const windowRules = ['order', 'max', 'fair'] as const;
export type WindowRuleName = (typeof windowRules)[number];

const mw = (what: string) =>
  z
    .number({ error: `${what} debe ser un número en MW` })
    .refine(Number.isFinite, `${what} debe ser un número en MW`)
    .min(0, `${what} no puede ser negativo`)
    .max(WINDOW_LIMITS.maxRequestMw, `${what} admite hasta 100.000 MW`);

const optionalText = (what: string) =>
  z
    .string({ error: `${what} debe ser texto` })
    .trim()
    .max(
      WINDOW_LIMITS.maxTextChars,
      `${what} admite hasta ${WINDOW_LIMITS.maxTextChars} caracteres`,
    )
    .optional();

/** One request for connection capacity, as the caller sends it. */
export const windowRequestSchema = z
  .strictObject({
    id: z
      .string({ error: 'El identificador debe ser texto' })
      .trim()
      .min(1, 'Falta el identificador de la solicitud')
      .max(WINDOW_LIMITS.maxIdChars, 'El identificador admite hasta 64 caracteres'),
    bus: z
      .number({ error: 'La barra debe ser un número de barra del caso' })
      .int('La barra debe ser un número entero de barra del caso'),
    mw: mw('La potencia solicitada'),
    minMw: mw('La potencia mínima').optional(),
    priority: z
      .number({ error: 'La prioridad debe ser un número' })
      .refine(Number.isFinite, 'La prioridad debe ser un número')
      .optional(),
    year: z
      .number({ error: 'El año de entrada debe ser un año' })
      .int('El año de entrada debe ser un año entero')
      .min(1900, 'El año de entrada debe estar entre 1900 y 2200')
      .max(2200, 'El año de entrada debe estar entre 1900 y 2200')
      .optional()
      .describe('Con un estudio: el año desde el que cuenta (sus casos de ese año y después)'),
    name: optionalText('El nombre del proyecto'),
    technology: optionalText('La tecnología'),
    company: optionalText('La empresa'),
  })
  .refine((r) => r.minMw === undefined || r.minMw <= r.mw, {
    message: 'La potencia mínima no puede superar la solicitada',
    path: ['minMw'],
  });
export type WindowRequestInput = z.infer<typeof windowRequestSchema>;

export const windowRequestsSchema = z
  .array(windowRequestSchema)
  .min(1, 'La ventana necesita al menos una solicitud')
  .max(
    WINDOW_LIMITS.maxRequests,
    `Una ventana admite hasta ${WINDOW_LIMITS.maxRequests.toLocaleString('es-CO')} solicitudes`,
  )
  .superRefine((requests, ctx) => {
    const seen = new Map<string, number>();
    requests.forEach((r, i) => {
      const first = seen.get(r.id);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `El identificador «${r.id}» ya está en la solicitud ${first + 1}`,
        });
      } else seen.set(r.id, i);
    });
  });

/**
 * How the window is computed: the busbar capacity's settings (docs/analysis.md §6) without its
 * cap, with no distribution-factor cutoff by default (0.009 × 1,600 requests matters), and what
 * to do with constraints already over their limit before any request.
 */
export const windowOptionsSchema = z.strictObject({
  postContingencyRating: z
    .enum(postContingencyRatings, {
      error: 'La capacidad poscontingencia debe ser A, B, C o emergency',
    })
    .default('emergency'),
  distributionFactorCutoff: z
    .number({ error: 'El umbral del factor de distribución debe ser un número' })
    .min(0, 'El umbral del factor de distribución debe estar entre 0 y 0,5')
    .max(0.5, 'El umbral del factor de distribución debe estar entre 0 y 0,5')
    .default(0),
  sink: z
    .enum(sinkChoices, {
      error: 'El sumidero debe ser auto, headroom-down, initial-output o loads',
    })
    .default('auto'),
  slack: z
    .enum(slackRules, { error: 'El despacho base debe ser distributed o single' })
    .default('distributed'),
  /**
   * 'ignore' (the default, as the attributable figure of issue #25): a constraint already over
   * its limit before any request is left aside; 'limit': it may not get worse (every request
   * that loads it more gets 0, as the strict figure).
   */
  preExisting: z
    .enum(['limit', 'ignore'], { error: 'Las violaciones previas deben ser limit o ignore' })
    .default('ignore'),
  /**
   * Issue #30: 'every-branch' (each in-service branch out, one at a time) or 'case-set', the
   * planner's contingencies of the case (a window over a study: those its version was sent
   * with), kept with the window as they are when it is created.
   */
  contingencies: z
    .enum(contingencyChoices, {
      error: 'Las contingencias deben ser every-branch o case-set',
    })
    .default('every-branch'),
});
export type WindowOptions = z.output<typeof windowOptionsSchema>;
export type WindowOptionsInput = z.input<typeof windowOptionsSchema>;
export const DEFAULT_WINDOW_OPTIONS: WindowOptions = windowOptionsSchema.parse({});

export const windowNameSchema = z
  .string({ error: 'El nombre de la ventana debe ser texto' })
  .trim()
  .min(1, 'Ponle un nombre a la ventana')
  .max(WINDOW_LIMITS.maxNameChars, 'El nombre de la ventana admite hasta 120 caracteres');

/**
 * A window is on one analysed case (`caseId`) or over a study (`studyId`: firm in every scenario
 * × year case of the version it shows, each request counted from its `year`). Exactly one of
 * the two; the route says so in Spanish when both or neither come.
 */
export const createWindowRequestSchema = z.strictObject({
  caseId: caseIdSchema.optional(),
  studyId: z
    .string({ error: 'El identificador del estudio debe ser texto' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'El identificador del estudio no es válido')
    .optional(),
  name: windowNameSchema,
  options: windowOptionsSchema.optional(),
  requests: windowRequestsSchema,
});
export type CreateWindowRequest = z.input<typeof createWindowRequestSchema>;

/**
 * What the create route checks before its handler: the envelope. The requests are checked there
 * with windowRequestsSchema, so every bad row comes back at once, each naming its row and field
 * (422 WINDOW_INVALID), instead of the first one alone.
 */
export const createWindowEnvelopeSchema = createWindowRequestSchema.extend({
  requests: z
    .array(z.unknown(), { error: 'Las solicitudes deben ser una lista' })
    .describe(
      'Las solicitudes: [{ id, bus, mw, minMw?, priority?, name?, technology?, company? }]',
    ),
});

export const createWindowResponseSchema = z.object({
  windowId: z.string(),
  /** Its progress: GET /api/jobs/{jobId} (kind 'window'). */
  jobId: z.string(),
});
export type CreateWindowResponse = z.infer<typeof createWindowResponseSchema>;

export const windowIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'El identificador de la ventana no es válido');
export const windowParamsSchema = z.object({ windowId: windowIdSchema });

export const readWindowRequestsQuerySchema = z.object({
  caseId: caseIdSchema
    .optional()
    .describe('Uno de tus casos analizados: revisa también las barras'),
});

/** `POST /api/windows/requests/read`: the requests a file holds, or every problem in it. */
export const readWindowRequestsResponseSchema = z.object({
  valid: z.boolean(),
  problems: z.array(studyProblemSchema),
  requests: z.array(windowRequestSchema),
});
export type ReadWindowRequestsResponse = z.infer<typeof readWindowRequestsResponseSchema>;

/** A window the server refused: the envelope plus every problem, each naming its row and field. */
export const windowInvalidResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  problems: z.array(studyProblemSchema),
});
export type WindowInvalidResponse = z.infer<typeof windowInvalidResponseSchema>;

/** A constraint that kept a request from more, or the sink's room. Branches as 1-based rows. */
export const windowBindingSchema = z.object({
  kind: z.enum(['constraint', 'sink-room']),
  monitored: z.number().int().positive().nullable(),
  monitoredName: z.string().nullable(),
  /**
   * Null: N-0 (or the sink's room), or a contingency of the planner's set that is not one
   * branch (issue #30): then `setContingency` and `contingencyName` name it.
   */
  contingency: z.number().int().positive().nullable(),
  /** Null only for N-0 and the sink's room. */
  contingencyName: z.string().nullable(),
  /** A window on the planner's set: the contingency by its file label («Contingencia 12: …»). */
  setContingency: setContingencyRefSchema.nullable().optional(),
  limitMw: z.number().nullable(),
  /** The request's MW on the constraint per MW awarded. */
  distributionFactor: z.number(),
  /** MW the rule's objective gains per MW more of this limit: what a reinforcement frees. */
  shadowPrice: z.number(),
  /** A window over a study: the scenario × year case it binds in (null on a case). */
  scenario: z.string().nullable().optional(),
  year: z.number().int().nullable().optional(),
});
export type WindowBindingView = z.infer<typeof windowBindingSchema>;

export const requestStatuses = ['complete', 'partial', 'none'] as const;
export type RequestStatusName = (typeof requestStatuses)[number];

/** One request's award under one rule (in the window's request order). */
export const windowAwardSchema = z.object({
  id: z.string(),
  awardedMw: z.number(),
  status: z.enum(requestStatuses),
  binding: z.array(windowBindingSchema),
  /** Other awarded requests that load its binding constraints the same way. */
  competitors: z.array(z.string()),
});
export type WindowAwardView = z.infer<typeof windowAwardSchema>;

/**
 * Buses that share a binding constraint: together they hold what they were awarded at the
 * constraint's limit ("these buses together: ≤ X MW" with the award's mix).
 */
export const windowGroupCapSchema = z.object({
  monitored: z.number().int().positive(),
  monitoredName: z.string(),
  /** As windowBindingSchema's. */
  contingency: z.number().int().positive().nullable(),
  contingencyName: z.string().nullable(),
  limitMw: z.number(),
  shadowPrice: z.number(),
  requestIds: z.array(z.string()),
  buses: z.array(z.number().int()),
  /** Σ of the awards of requestIds: what the group holds together at this limit. */
  awardedMw: z.number(),
  /** Σ of what they asked. */
  requestedMw: z.number(),
  /** A window over a study: the scenario × year case the constraint binds in. */
  scenario: z.string().nullable().optional(),
  year: z.number().int().nullable().optional(),
});
export type WindowGroupCap = z.infer<typeof windowGroupCapSchema>;

export const windowRuleResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    rule: z.enum(windowRules),
    totalAwardedMw: z.number(),
    complete: z.number().int().nonnegative(),
    partial: z.number().int().nonnegative(),
    none: z.number().int().nonnegative(),
    awards: z.array(windowAwardSchema),
    groups: z.array(windowGroupCapSchema),
    stats: z.object({
      screens: z.number().int(),
      rows: z.number().int(),
      lpSolves: z.number().int(),
      seconds: z.number(),
      /** Violations left when the screening stopped (0: every constraint checked holds). */
      violatedAtEnd: z.number().int(),
      /** The largest of them, MW over the limit (the solver's round-off: about 1e-6). */
      worstExcessMw: z.number().nonnegative(),
      /** `fair` only: requests settled at the last level the solver could solve. */
      settledAtFailedLevel: z.number().int(),
    }),
  }),
  z.object({
    ok: z.literal(false),
    rule: z.enum(windowRules),
    /** Why this rule has no award (the solver failed it); the other rules stand. */
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type WindowRuleResult = z.infer<typeof windowRuleResultSchema>;

/** A request as the result lists it: what it asked and its stand-alone capacity. */
export const windowRequestResultSchema = z.object({
  id: z.string(),
  bus: z.number().int(),
  busName: z.string(),
  /** Base kV of the bus (issue #29); absent on windows computed before, or off the network. */
  baseKv: z.number().optional(),
  requestedMw: z.number(),
  minMw: z.number(),
  priority: z.number().nullable(),
  /** 1 for the first in priority order (priority ascending, then the order sent). */
  rank: z.number().int().positive(),
  name: z.string().nullable(),
  technology: z.string().nullable(),
  company: z.string().nullable(),
  /** A window over a study: the year it enters (null: every year). */
  year: z.number().int().nullable().optional(),
  /** Its busbar capacity alone with the same settings, at most what it asked (over a study,
   * the least of the cases it is in). */
  standaloneMw: z.number(),
});
export type WindowRequestResult = z.infer<typeof windowRequestResultSchema>;

export const windowAuditSchema = z.object({
  /** SHA-256 of the case file the window ran on (as uploaded). */
  caseSha256: z.string(),
  /** SHA-256 of the canonical JSON of { requests, options }. */
  inputsSha256: z.string(),
  /** A window over a study: SHA-256 of the study file's JSON (the audit file carries it). */
  studySha256: z.string().optional(),
  solver: z.string(),
  engine: z.string(),
  computedAt: z.string(),
});

export const windowResultSchema = z.object({
  requests: z.array(windowRequestResultSchema),
  totalRequestedMw: z.number(),
  /** Σ of the stand-alone capacities: what per-bus figures would promise. */
  totalStandaloneMw: z.number(),
  /** How much the sink can give down in all; null when unbounded. */
  sinkRoomMw: z.number().nullable(),
  /** The cases the awards hold in: one for a case, each scenario × year of a study. */
  situations: z
    .array(
      z.object({
        scenario: z.string().nullable(),
        year: z.number().int().nullable(),
        sinkRoomMw: z.number().nullable(),
      }),
    )
    .optional(),
  /**
   * Issue #30: the planner's contingencies the window ran on (null or absent: every in-service
   * branch, one at a time) — the file, its counts as read against the (base) case, and per case
   * of `situations` (one for a case) how many were not screened: they split the network, nobody
   * could make up a lost unit, or its lost units were the whole sink.
   */
  contingencySet: z
    .object({
      fileName: z.string(),
      format: z.enum(contingencyFileFormats),
      counts: contingencyCountsSchema,
      notScreened: z.array(z.number().int().nonnegative()),
      /** Rated interfaces of the set's .mon: a window does not watch them (said on screen). */
      interfacesNotWatched: z.number().int().nonnegative(),
    })
    .nullable()
    .optional(),
  rules: z.object({
    order: windowRuleResultSchema,
    max: windowRuleResultSchema,
    fair: windowRuleResultSchema,
  }),
  audit: windowAuditSchema,
});
export type WindowResultView = z.infer<typeof windowResultSchema>;

/**
 * `POST /api/windows/{windowId}/withdraw`: the requests that withdraw. The new window keeps the
 * original's case, options and every other request, in the same order.
 */
export const withdrawWindowRequestSchema = z.strictObject({
  requestIds: z
    .array(
      z
        .string({ error: 'Cada identificador debe ser texto' })
        .trim()
        .min(1, 'Falta el identificador de la solicitud que se retira')
        .max(WINDOW_LIMITS.maxIdChars, 'El identificador admite hasta 64 caracteres'),
      { error: 'Las solicitudes que se retiran deben ser una lista de identificadores' },
    )
    .min(1, 'Indica al menos una solicitud que se retira')
    .max(WINDOW_LIMITS.maxRequests, 'Se retiran demasiadas solicitudes a la vez'),
});
export type WithdrawWindowRequest = z.input<typeof withdrawWindowRequestSchema>;

/** A window made by withdrawing requests from another: which, and from which window. */
export const windowWithdrawalSchema = z.object({
  /** The window it was made from (it may have been deleted since). */
  originalWindowId: z.string(),
  withdrawnIds: z.array(z.string()),
});
export type WindowWithdrawal = z.infer<typeof windowWithdrawalSchema>;

export const windowStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type WindowState = z.infer<typeof windowStateSchema>;

export const windowSummarySchema = z.object({
  windowId: z.string(),
  name: z.string(),
  /** The analysed case; null for a window over a study. */
  caseId: z.string().nullable(),
  /** The case's name, or the study's for a window over a study. */
  caseName: z.string(),
  /** A window over a study: which, its version and how many scenario × year cases. */
  study: z
    .object({ studyId: z.string(), version: z.number().int(), cases: z.number().int() })
    .nullable()
    .optional(),
  requestCount: z.number().int().nonnegative(),
  requestedMw: z.number(),
  options: windowOptionsSchema.required(),
  state: windowStateSchema,
  jobId: z.string(),
  progressPercent: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** MW awarded per rule when done (null for a rule the solver failed). */
  totals: z
    .object({
      order: z.number().nullable(),
      max: z.number().nullable(),
      fair: z.number().nullable(),
    })
    .nullable(),
  /** Null for a window created from its requests; else the window it withdraws requests from. */
  withdrawal: windowWithdrawalSchema.nullable(),
  createdAt: z.string(),
});
export type WindowSummary = z.infer<typeof windowSummarySchema>;

export const windowListResponseSchema = z.object({ windows: z.array(windowSummarySchema) });
export type WindowListResponse = z.infer<typeof windowListResponseSchema>;

export const windowDetailResponseSchema = windowSummarySchema.extend({
  requests: z.array(windowRequestSchema),
  result: windowResultSchema.nullable(),
});
export type WindowDetailResponse = z.infer<typeof windowDetailResponseSchema>;

export type WindowExportFormat = ExportFormat;

/** The windows' paths for clients, from the one route table (api-paths.ts). */
export const windowPaths = {
  list: () => apiRoutes.windows.path(),
  /** With a case: buses that are not in it are problems too, named at their row. */
  readRequests: (caseId?: string) =>
    caseId === undefined
      ? apiRoutes.windowRequestsRead.path()
      : `${apiRoutes.windowRequestsRead.path()}?caseId=${encodeURIComponent(caseId)}`,
  template: () => apiRoutes.windowTemplate.path(),
  one: (windowId: string) => apiRoutes.window.path({ windowId }),
  export: (windowId: string, format: WindowExportFormat) =>
    apiRoutes.windowExport[format].path({ windowId }),
  audit: (windowId: string) => apiRoutes.windowAudit.path({ windowId }),
  withdraw: (windowId: string) => apiRoutes.windowWithdraw.path({ windowId }),
} as const;
