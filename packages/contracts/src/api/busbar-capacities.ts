import { z } from 'zod';
import { apiRoutes, type ExportFormat } from '../api-paths';
import { analysisOptionsSchema, analysisOptionsValueSchema } from '../result/analysis-options';
import { contingencyCountsSchema, contingencyFileFormats } from './contingency-sets';
import { baseCaseSchema, slackRules } from '../result/base-case.v1';
import { acCheckSchema } from '../result/flexibility.v1';
import { caseIdSchema } from './cases';

/**
 * The N-1 connection capacity of every busbar of an analysed case (issue #17, docs/analysis.md §6
 * "Every busbar at once", docs/decisions/016), computed by a follow-up job of kind 'capacity'
 * after the upload's analysis and served in pages, never as one document:
 *
 *   GET  /api/cases/{caseId}/busbar-capacities?page&pageSize&sort&order&q&minKv&area&figure
 *   GET  /api/cases/{caseId}/busbar-capacities/histogram?figure&q&minKv&area
 *   GET  /api/cases/{caseId}/busbar-capacities/map?figure
 *   POST /api/cases/{caseId}/busbar-capacities              → 202 { jobId } (cases analysed before)
 *   GET  /api/cases/{caseId}/busbar-capacities.{xlsx,csv}?sort&order&q&minKv&area&figure
 *
 * Each bus has both figures: `attributable` (pre-existing violations the injection worsens left
 * aside) and `strict` (docs/analysis.md §4 as written: such a violation gives 0), and the
 * pre-existing violation its injection worsens most. Branches are 1-based rows of the case file
 * (`mpc.branch` order), as everywhere in the API.
 */

export const busbarCapacityPaths = {
  /** GET: one page and the summary; POST: compute it for a case analysed before it existed. */
  page: (caseId: string) => apiRoutes.busbarCapacities.path({ caseId }),
  histogram: (caseId: string) => apiRoutes.busbarCapacityHistogram.path({ caseId }),
  map: (caseId: string) => apiRoutes.busbarCapacityMap.path({ caseId }),
  /** GET: this case's capacities beside another case's (`?with=`). */
  compare: (caseId: string) => apiRoutes.busbarCapacityCompare.path({ caseId }),
  export: (caseId: string, format: ExportFormat) =>
    apiRoutes.busbarCapacitiesExport[format].path({ caseId }),
  /** GET: the AC check of one bus's figure (computed once, then kept with the result). */
  acCheck: (caseId: string, bus: number) => apiRoutes.busbarCapacityAcCheck.path({ caseId, bus }),
  /** POST: verify in AC every bus (that passes the filters) as a background job (issue #31). */
  acAll: (caseId: string) => apiRoutes.busbarCapacityAcAll.path({ caseId }),
} as const;

export const busbarCapacityParamsSchema = z.object({
  caseId: caseIdSchema.describe('Identificador del caso'),
});

/**
 * Whether a figure with no limiting element stands at the cap (else the sink's room stopped it
 * below): within 0.05 MW, the rounding of the tables' one decimal.
 */
export function reachesCap(capacityMw: number, capMw: number): boolean {
  return capacityMw >= capMw - 0.05;
}

/** Which figure sorts, bins and colours: attributable (default) or strict. */
export const busbarFigureSchema = z
  .enum(['attributable', 'strict'], {
    error: 'La cifra debe ser attributable (atribuible) o strict (estricta)',
  })
  .default('attributable')
  .describe('Cifra: attributable (atribuible, por defecto) o strict (estricta)');
export type BusbarFigureName = z.output<typeof busbarFigureSchema>;

export const busbarCapacitySorts = ['capacity', 'strict', 'bus', 'name', 'kv', 'area'] as const;
export type BusbarCapacitySort = (typeof busbarCapacitySorts)[number];

export const BUSBAR_CAPACITY_PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_BUSBAR_CAPACITY_PAGE_SIZE = 50;

const positiveInteger = (message: string, description: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .refine((value) => Number(value) > 0, message)
    .transform(Number)
    .describe(description);

/** A number in a query string; empty (a form's blank field) is no filter. */
const NUMBER_TEXT = /^(-?\d{1,9}(\.\d{1,6})?)?$/;
const blankIsNone = (value: string) => (value === '' ? undefined : Number(value));

/** Filters shared by the page, the histogram, the map and the downloads. */
const filters = {
  q: z
    .string({ error: 'La búsqueda no es válida' })
    .trim()
    .max(100, 'La búsqueda admite hasta 100 caracteres')
    .optional()
    .describe(
      'Búsqueda: un número de barra (exacto) o parte del nombre (sin distinguir mayúsculas)',
    ),
  minKv: z
    .string({ error: 'La tensión mínima debe ser un número en kV' })
    .regex(NUMBER_TEXT, 'La tensión mínima debe ser un número en kV')
    .transform(blankIsNone)
    .refine(
      (value) => value === undefined || value >= 0,
      'La tensión mínima debe ser un número en kV',
    )
    .optional()
    .describe('Solo barras de esta tensión base o más (kV)'),
  area: z
    .string({ error: 'El área debe ser un número entero' })
    .regex(/^(-?\d{1,9})?$/, 'El área debe ser un número entero')
    .transform(blankIsNone)
    .optional()
    .describe('Solo barras de esta área (AREA de MATPOWER)'),
};

const sortParams = {
  sort: z
    .enum(busbarCapacitySorts, {
      error: 'El orden debe ser capacity, strict, bus, name, kv o area',
    })
    .default('capacity')
    .describe(
      'Columna: capacity (la cifra elegida con `figure`), strict (la estricta), bus, name, kv o area',
    ),
  order: z
    .enum(['asc', 'desc'], { error: 'El sentido debe ser asc o desc' })
    .default('asc')
    .describe('asc (por defecto: las barras con menos capacidad primero) o desc'),
  figure: busbarFigureSchema,
};

export const busbarCapacityPageQuerySchema = z.object({
  page: positiveInteger('La página debe ser un número entero positivo', 'Página (1, 2, …)').default(
    1,
  ),
  pageSize: z
    .enum(['10', '25', '50', '100', '200'], {
      error: 'El tamaño de página debe ser 10, 25, 50, 100 o 200',
    })
    .transform(Number)
    .default(DEFAULT_BUSBAR_CAPACITY_PAGE_SIZE)
    .describe('Filas por página: 10, 25, 50 (por defecto), 100 o 200'),
  ...sortParams,
  ...filters,
});
export type BusbarCapacityPageQuery = z.output<typeof busbarCapacityPageQuerySchema>;

/** The downloads: the whole table (every bus that passes the filters), in the order asked. */
export const busbarCapacityExportQuerySchema = z.object({ ...sortParams, ...filters });
export type BusbarCapacityExportQuery = z.output<typeof busbarCapacityExportQuerySchema>;

export const busbarCapacityHistogramQuerySchema = z.object({
  figure: busbarFigureSchema,
  ...filters,
});
export type BusbarCapacityHistogramQuery = z.output<typeof busbarCapacityHistogramQuerySchema>;

export const busbarCapacityMapQuerySchema = z.object({ figure: busbarFigureSchema });

/**
 * 'pending': the upload's analysis is still running (the capacity job is queued when it ends)
 * or the capacity job is queued; 'running'; 'done'; 'failed' (`error` says why); 'absent': the
 * case was analysed before busbar capacities existed (or its analysis failed): POST to compute.
 */
export const busbarCapacityStateSchema = z.enum(['pending', 'running', 'done', 'failed', 'absent']);
export type BusbarCapacityState = z.infer<typeof busbarCapacityStateSchema>;

/** A constraint that sets a figure: the monitored branch after its contingency (null: N-0). */
export const busbarLimitingSchema = z.object({
  /**
   * 1-based branch row; null: an interface of the planner's .mon file (issue #30), the sum of
   * its members' flows, named in `monitoredName` («Interfaz «AREA 7 TO AREA 6»»).
   */
  monitoredBranch: z.number().int().positive().nullable(),
  monitoredName: z.string(),
  /**
   * null: the base case (N-0, «SOBRECARGA RED COMPLETA»), or a contingency of a planner's file
   * that takes out several elements (issue #30): then `contingencyName` names it, «Contingencia
   * 12: A – B ckt 1 + C – D ckt 1».
   */
  contingencyBranch: z.number().int().positive().nullable(),
  /** null only for the base case (N-0). */
  contingencyName: z.string().nullable(),
  /** d(c): MW on the monitored branch per MW injected at the bus (6 decimals on screen). */
  distributionFactor: z.number(),
});
export type BusbarLimiting = z.infer<typeof busbarLimitingSchema>;

/** What sets a bus's capacity verified in AC (issue #31), as UPME's tables name it. */
export const acLimitingVariables = [
  'thermal',
  'voltage',
  'reactive-power',
  'non-convergence',
] as const;
export const acLimitingVariableSchema = z.enum(acLimitingVariables);
export type AcLimitingVariable = z.infer<typeof acLimitingVariableSchema>;

/**
 * What sets a bus's capacity once the weak grid is counted (issue #31, «Variable limitante» as
 * UPME names it): the AC variables, or 'weak-grid' — the N-1 minimum short-circuit power over
 * SCR_min is below the DC (or AC-verified) figure («cortocircuito (red débil)»). A bus not
 * verified in AC is 'thermal' when a DC constraint sets its figure.
 */
export const capacityLimitingVariables = [...acLimitingVariables, 'weak-grid'] as const;
export const capacityLimitingVariableSchema = z.enum(capacityLimitingVariables);
export type CapacityLimitingVariable = z.infer<typeof capacityLimitingVariableSchema>;

/**
 * One limit an AC power flow breaks (issue #31): a branch's MVA against the rating in use
 * (thermal), a bus's voltage against the case's limits (voltage; reactive-power when the units
 * there were at their reactive limit and let it go, in pu), a reference unit's reactive output
 * against its range (reactive-power, Mvar), or a flow that does not converge (no element, no
 * value).
 */
export const acViolationSchema = z.object({
  variable: acLimitingVariableSchema,
  /** The branch (thermal) or the bus; null when the flow does not converge. */
  elementName: z.string().nullable(),
  /** The outage it follows (its name; on a planner's set, its label and elements); null: N-0. */
  contingencyName: z.string().nullable(),
  /** In `unit`; null without convergence. */
  value: z.number().nullable(),
  /** The limit crossed (the nearer end of the band for a voltage), in `unit`. */
  limit: z.number().nullable(),
  unit: z.enum(['MVA', 'pu', 'Mvar']).nullable(),
});
export type AcViolationResult = z.infer<typeof acViolationSchema>;

/** At most this many pre-existing AC violations are carried (`preExisting.count` counts all). */
export const AC_PRE_EXISTING_ITEMS = 20;

/**
 * A bus's capacity verified with AC power flows (issue #31): the largest injection up to the DC
 * figure at which Newton flows with the units' reactive limits pass in N-0 and in at least ten
 * outages (the DC ranking's first and the bus's own branches), to 0.1 MW.
 */
export const acCapacitySchema = z.object({
  /** The DC figure it starts from: the row's `capacityMw`. */
  dcMw: z.number(),
  /** ≤ dcMw. */
  acMw: z.number(),
  /**
   * What sets the capacity: the AC limit when AC is lower; 'thermal' when AC passes at the DC
   * figure and a DC constraint sets it; null when the cap (or the sink's room) sets it.
   */
  limitingVariable: acLimitingVariableSchema.nullable(),
  /** What stops the AC flow just above `acMw`; null when every check passes at the DC figure. */
  acLimiting: acViolationSchema.nullable(),
  /** Outages checked besides N-0. */
  checkedContingencies: z.number().int().nonnegative(),
  /**
   * Limits the case already breaks at 0 MW in a checked outage: they do not set the
   * attributable figure (the strict one is 0 when the injection worsens one). The first 20.
   */
  preExisting: z.object({
    count: z.number().int().nonnegative(),
    items: z.array(acViolationSchema).max(AC_PRE_EXISTING_ITEMS),
  }),
  /** AC power flows solved. */
  powerFlows: z.number().int().nonnegative(),
});
export type AcCapacityResult = z.infer<typeof acCapacitySchema>;

export const busbarFigureValueSchema = z.object({
  /** MW; the cap when nothing binds before it; null outside the transfer island. */
  capacityMw: z.number().nullable(),
  /** null when the cap binds (or outside the island). */
  limiting: busbarLimitingSchema.nullable(),
  /**
   * Issue #25: the AC check at the limiting constraint, once asked for (GET …/{bus}/ac-check);
   * absent until then, null when nothing binds (nothing to check).
   */
  acCheck: acCheckSchema.nullable().optional(),
  /**
   * Issue #31: the figure verified in AC, asked for with the AC check (the same request) or by
   * the all-bus AC job; absent until then.
   */
  acCapacity: acCapacitySchema.nullable().optional(),
  /**
   * Issue #31: the bus's capacity — the least of the AC-verified figure (the DC one while not
   * verified) and the row's `weakGridMw` — and what sets it (capacityLimit). null outside the
   * transfer island; `limitingVariable` null where the cap (or the sink's room) sets it. Absent
   * from older servers.
   */
  limitMw: z.number().nullable().optional(),
  limitingVariable: capacityLimitingVariableSchema.nullable().optional(),
});
export type BusbarFigureValue = z.infer<typeof busbarFigureValueSchema>;

/**
 * A figure's capacity with the weak grid counted (issue #31): the least of the AC-verified MW
 * (the DC figure while not verified) and the weak-grid MW (null: no short-circuit strength),
 * and its limiting variable. The weak grid sets it only when strictly lower.
 */
export function capacityLimit(
  figure: Pick<BusbarFigureValue, 'capacityMw' | 'limiting' | 'acCapacity'>,
  weakGridMw: number | null,
): { limitMw: number | null; limitingVariable: CapacityLimitingVariable | null } {
  return capacityLimitOf(
    {
      capacityMw: figure.capacityMw,
      dcBinds: figure.limiting !== null,
      acCapacity: figure.acCapacity ?? null,
    },
    weakGridMw,
  );
}

/** capacityLimit from its parts: whether a DC constraint sets the figure, not which. */
export function capacityLimitOf(
  figure: { capacityMw: number | null; dcBinds: boolean; acCapacity: AcCapacityResult | null },
  weakGridMw: number | null,
): { limitMw: number | null; limitingVariable: CapacityLimitingVariable | null } {
  if (figure.capacityMw === null) return { limitMw: null, limitingVariable: null };
  const ac = figure.acCapacity;
  const baseMw = ac === null ? figure.capacityMw : ac.acMw;
  const baseVariable: CapacityLimitingVariable | null =
    ac === null ? (figure.dcBinds ? 'thermal' : null) : ac.limitingVariable;
  if (weakGridMw !== null && weakGridMw < baseMw) {
    return { limitMw: weakGridMw, limitingVariable: 'weak-grid' };
  }
  return { limitMw: baseMw, limitingVariable: baseVariable };
}

export const busbarCapacityRowSchema = z.object({
  /** 0-based place of the bus in the case file (its order): a stable key. */
  position: z.number().int().nonnegative(),
  bus: z.number().int(),
  name: z.string(),
  baseKv: z.number(),
  area: z.number().int(),
  zone: z.number().int(),
  /** false: the bus is outside the island that hosts the transfer; no capacity. */
  inTransferIsland: z.boolean(),
  attributable: busbarFigureValueSchema,
  strict: busbarFigureValueSchema,
  /** The strict figure is below the attributable one: a pre-existing violation sets it. */
  preExistingLimit: z.boolean(),
  /** The pre-existing violation this injection worsens most (largest |d|); null if none. */
  worsened: busbarLimitingSchema.nullable(),
  /**
   * Issue #31: MW an inverter-based plant may connect here with the short-circuit ratio kept
   * (the N-1 minimum Scc / SCR_min, GET …/short-circuit's `weakGridMw`); null while the case has
   * no short-circuit strength (the page's `weakGrid` says why). Absent from older servers.
   */
  weakGridMw: z.number().nullable().optional(),
});
export type BusbarCapacityRow = z.infer<typeof busbarCapacityRowSchema>;

export const busbarFigureSummarySchema = z.object({
  minMw: z.number().nullable(),
  medianMw: z.number().nullable(),
  maxMw: z.number().nullable(),
  /** Buses at 0 MW. */
  zero: z.number().int().nonnegative(),
  /** Buses at the cap: nothing in the network limits them before it. */
  atCap: z.number().int().nonnegative(),
});

/** The whole case's figures (filters do not change them). */
export const busbarCapacitySummarySchema = z.object({
  buses: z.number().int().nonnegative(),
  computed: z.number().int().nonnegative(),
  outsideIsland: z.number().int().nonnegative(),
  /** Strict 0 but attributable > 0: a pre-existing violation is what limits them. */
  withPreExistingLimit: z.number().int().nonnegative(),
  /** Buses whose injection worsens some pre-existing violation (beyond the cutoff). */
  withWorsenedViolation: z.number().int().nonnegative(),
  capMw: z.number(),
  /** The attributable figure's median over the computed buses. */
  medianMw: z.number().nullable(),
  attributable: busbarFigureSummarySchema,
  strict: busbarFigureSummarySchema,
});
export type BusbarCapacitySummary = z.infer<typeof busbarCapacitySummarySchema>;

/** How the capacities were computed: what a screen states next to them. */
export const busbarCapacityOptionsSchema = z.object({
  capMw: z.number(),
  /** 'emergency': RATE_B after a contingency when non-zero, else RATE_A (docs/analysis.md §3). */
  postContingencyRating: z.string(),
  /** 'headroom-down': every other in-service unit, by P0 − Pmin (docs/analysis.md §4). */
  sink: z.string(),
  distributionFactorCutoff: z.number(),
  contingencies: z.number().int().nonnegative(),
  monitored: z.number().int().nonnegative(),
  computeMs: z.number().nonnegative(),
  /**
   * What the sink can give, MW (null: unbounded, a load sink). Below the cap it is the figure
   * of every bus where nothing binds first. Absent on results computed before issue #25.
   */
  sinkRoomMw: z.number().nullable().optional(),
  /** Who took the file's mismatch in the DC base case (issue #25); absent before it. */
  slack: z.enum(slackRules).optional(),
  /** The base case's dispatch and input checks (issue #25); absent before it. */
  baseCase: baseCaseSchema.optional(),
  /**
   * Issue #30: the planner's contingency file the figures were computed on; absent or null:
   * every in-service branch, one at a time. `notScreened`: its contingencies that split the
   * network (or lose a unit nobody can make up), left out and counted.
   */
  contingencySet: z
    .object({
      fileName: z.string(),
      format: z.enum(contingencyFileFormats),
      counts: contingencyCountsSchema,
      notScreened: z.number().int().nonnegative(),
      /**
       * The .mon sent with it: only its rated branches and rated interfaces were watched (these
       * counts); absent or null: every rated branch.
       */
      monitoredFile: z
        .object({
          fileName: z.string(),
          branches: z.number().int().nonnegative(),
          interfaces: z.number().int().nonnegative(),
        })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
export type BusbarCapacityOptions = z.infer<typeof busbarCapacityOptionsSchema>;

const stateFields = {
  caseId: z.string(),
  state: busbarCapacityStateSchema,
  /** The capacity job (GET /api/jobs/{jobId}, kind 'capacity'); null before it is queued. */
  jobId: z.string().nullable(),
  progressPercent: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
};

/** A computation newer than the result shown (other options asked for): its job's state. */
export const nextCapacityJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(['pending', 'running', 'failed']),
  progressPercent: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  options: analysisOptionsValueSchema,
  /**
   * Issue #30: the case's contingency file the computation reads (null: every branch, one at a
   * time); absent from older servers.
   */
  contingencyFile: z.string().nullable().optional(),
});
export type NextCapacityJob = z.infer<typeof nextCapacityJobSchema>;

/**
 * The case's short-circuit strength behind the weak-grid figures (issue #31), computed on
 * request (GET /api/cases/{caseId}/short-circuit) and kept with the case: 'available' — the
 * rows carry `weakGridMw`; 'absent' — never computed; 'unavailable' — the case has no machine
 * data (a MATPOWER case) and 'placeholder' — every unit carries the RAW export's ZX = 1,0: both
 * need an X″d to give a figure. Never a number the data cannot support.
 */
export const weakGridStatusSchema = z.object({
  state: z.enum(['available', 'absent', 'unavailable', 'placeholder']),
  /** The X″d the figures were computed with (units without data); null: the file's alone. */
  xdPu: z.number().nullable(),
  /** The least short-circuit ratio kept (3); null unless available. */
  scrMin: z.number().nullable(),
  computedAt: z.string().nullable(),
});
export type WeakGridStatus = z.infer<typeof weakGridStatusSchema>;

/**
 * The all-bus AC verification of the shown result (issue #31, «Verificar todas en AC»): a
 * background job (GET /api/jobs/{jobId}, kind 'ac-capacity') that verifies, two threads at a
 * time, each bus that passed the filters when it was asked for, storing each bus as it goes
 * (the rows carry `acCapacity`). `verified` of `total` are stored; after a failure or a cancel
 * they stay, and asking again goes on with the rest.
 */
export const acRunSchema = z.object({
  jobId: z.string(),
  figure: z.enum(['attributable', 'strict']),
  state: z.enum(['pending', 'running', 'done', 'failed', 'cancelled']),
  progressPercent: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  total: z.number().int().nonnegative(),
  verified: z.number().int().nonnegative(),
});
export type AcRun = z.infer<typeof acRunSchema>;

/**
 * What «Verificar todas en AC» would verify now (issue #31): the buses of the figure that pass
 * the filters and are not verified yet, how long it should take on this server (two threads)
 * and the most it runs (MAX_AC_VERIFICATION_MINUTES); past it the request is refused.
 */
export const acAllEstimateSchema = z.object({
  buses: z.number().int().nonnegative(),
  seconds: z.number().nonnegative(),
  limitMinutes: z.number().positive(),
});
export type AcAllEstimate = z.infer<typeof acAllEstimateSchema>;

export const busbarCapacityPageResponseSchema = z.object({
  ...stateFields,
  /**
   * Issue #25: a newer computation (other options) while it runs or after it failed; the
   * result shown stays until it is done. Null otherwise (and absent from older servers).
   */
  next: nextCapacityJobSchema.nullable().optional(),
  /** Buses that pass the filters (0 until done). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  sort: z.enum(busbarCapacitySorts),
  order: z.enum(['asc', 'desc']),
  figure: z.enum(['attributable', 'strict']),
  rows: z.array(busbarCapacityRowSchema),
  /** null until done. */
  summary: busbarCapacitySummarySchema.nullable(),
  options: busbarCapacityOptionsSchema.nullable(),
  computedAt: z.string().nullable(),
  /** Issue #31: where the rows' weak-grid figures come from; absent from older servers. */
  weakGrid: weakGridStatusSchema.optional(),
  /** Issue #31: the newest all-bus AC verification of the result; null: none asked for. */
  acRun: acRunSchema.nullable().optional(),
  /** Issue #31: what «Verificar todas en AC» would verify now; null until done (or a study's). */
  acAll: acAllEstimateSchema.nullable().optional(),
});
export type BusbarCapacityPageResponse = z.infer<typeof busbarCapacityPageResponseSchema>;

/**
 * Bins in MW for a histogram: `zero` (exactly 0 MW), `range` [fromMw, toMw) and `cap` (at the
 * cap: nothing limits the bus before it). Fixed edges, the same for every case with this cap.
 */
export const busbarHistogramBinSchema = z.object({
  kind: z.enum(['zero', 'range', 'cap']),
  fromMw: z.number(),
  toMw: z.number(),
  count: z.number().int().nonnegative(),
});
export type BusbarHistogramBin = z.infer<typeof busbarHistogramBinSchema>;

export const busbarCapacityHistogramResponseSchema = z.object({
  ...stateFields,
  figure: z.enum(['attributable', 'strict']),
  capMw: z.number().nullable(),
  /** Buses that pass the filters; `outsideIsland` of them have no capacity and no bin. */
  total: z.number().int().nonnegative(),
  outsideIsland: z.number().int().nonnegative(),
  bins: z.array(busbarHistogramBinSchema),
});
export type BusbarCapacityHistogramResponse = z.infer<typeof busbarCapacityHistogramResponseSchema>;

export const busbarAcCheckParamsSchema = z.object({
  caseId: caseIdSchema.describe('Identificador del caso'),
  bus: z
    .string()
    .regex(/^-?\d{1,9}$/, 'La barra debe ser un número de barra del caso')
    .transform(Number)
    .describe('Número de la barra'),
});

export const busbarAcCheckQuerySchema = z.object({ figure: busbarFigureSchema });

/**
 * The AC check of a bus's capacity (issue #25): a Newton power flow of the file's own dispatch
 * with the new unit at the bus injecting its capacity (the same sink) and the limiting
 * contingency out; the monitored element's MVA against its limit, beside the DC loading (100 %
 * at the limit). `acCheck` null: nothing binds before the cap, so no element to check.
 *
 * Issue #31: `acCapacity`, the figure verified in AC (every bus with a figure, the cap's too):
 * the largest MW that passes and the variable that sets it. null: not verified.
 */
export const busbarAcCheckResponseSchema = z.object({
  caseId: z.string(),
  bus: z.number().int(),
  figure: z.enum(['attributable', 'strict']),
  capacityMw: z.number().nullable(),
  limiting: busbarLimitingSchema.nullable(),
  acCheck: acCheckSchema.nullable(),
  acCapacity: acCapacitySchema.nullable(),
});
export type BusbarAcCheckResponse = z.infer<typeof busbarAcCheckResponseSchema>;

/**
 * Columns to colour the network view (GET /api/cases/{caseId}/network's buses, by number):
 * `capacityMw[i]` is bus `bus[i]`'s, to 0.1 MW, null outside the transfer island. File order.
 */
export const busbarCapacityMapResponseSchema = z.object({
  ...stateFields,
  figure: z.enum(['attributable', 'strict']),
  capMw: z.number().nullable(),
  bus: z.array(z.number().int()),
  capacityMw: z.array(z.number().nullable()),
  /**
   * Issue #31, to colour by «Variable limitante»: each bus's capacity with the weak grid counted
   * (capacityLimit) and what sets it, and whether it was verified in AC. Absent from older
   * servers.
   */
  limitMw: z.array(z.number().nullable()).optional(),
  limitingVariable: z.array(capacityLimitingVariableSchema.nullable()).optional(),
  acVerified: z.array(z.boolean()).optional(),
  weakGrid: weakGridStatusSchema.optional(),
});
export type BusbarCapacityMapResponse = z.infer<typeof busbarCapacityMapResponseSchema>;

/**
 * POST /api/cases/{caseId}/busbar-capacities: compute them (again) with these options (issue
 * #25: the options a planner changes in /analisis); without a body, the defaults. The result
 * shown stays until the new one is done.
 */
export const createBusbarCapacitiesRequestSchema = z
  .strictObject({ options: analysisOptionsSchema.optional() })
  .optional();
export type CreateBusbarCapacitiesRequest = z.input<typeof createBusbarCapacitiesRequestSchema>;

export const createBusbarCapacitiesResponseSchema = z.object({
  caseId: z.string(),
  /** Its progress: GET /api/jobs/{jobId} (kind 'capacity'). */
  jobId: z.string(),
  /** True when they were already computed or on their way: nothing new was queued. */
  existing: z.boolean(),
  state: busbarCapacityStateSchema,
});
export type CreateBusbarCapacitiesResponse = z.infer<typeof createBusbarCapacitiesResponseSchema>;

/**
 * POST /api/cases/{caseId}/busbar-capacities/ac (issue #31): verify in AC, as a background job,
 * every bus of the figure that passes these filters (the table's) and is not verified yet.
 */
export const createAcRunRequestSchema = z
  .strictObject({
    figure: busbarFigureSchema,
    q: filters.q,
    minKv: z.number().nonnegative().optional().describe('Solo barras de esta tensión o más (kV)'),
    area: z.number().int().optional().describe('Solo barras de esta área'),
  })
  .optional();
export type CreateAcRunRequest = z.input<typeof createAcRunRequestSchema>;

export const createAcRunResponseSchema = z.object({
  caseId: z.string(),
  /** Its progress: GET /api/jobs/{jobId} (kind 'ac-capacity'). */
  jobId: z.string(),
  /** True when the same verification was already on its way: nothing new was queued. */
  existing: z.boolean(),
  /** Buses it verifies. */
  buses: z.number().int().nonnegative(),
  /** Its expected duration on this server, s. */
  seconds: z.number().nonnegative(),
});
export type CreateAcRunResponse = z.infer<typeof createAcRunResponseSchema>;

/**
 * The expected seconds of the AC verification of one bus on one thread of a case of `caseBuses`
 * buses (issue #31, measured on the reference cases: about 0,25 s on ACTIVSg2000, 2 s on
 * ACTIVSg10k, a few hundredths on a few hundred buses).
 */
export function acSecondsPerBus(caseBuses: number): number {
  return Math.max(0.02, 0.25 * Math.pow(caseBuses / 2000, 1.3));
}

/** The expected seconds of verifying `buses` buses of such a case on two threads. */
export function acRunSeconds(buses: number, caseBuses: number): number {
  return buses === 0 ? 0 : 2 + Math.ceil(buses / 2) * acSecondsPerBus(caseBuses);
}

/**
 * The fixed histogram edges for a cap: 0 (its own bin), then 25, 50, 100, 150, 200, 300, 400,
 * 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10000… below the cap, then the cap (its own
 * bin). The same edges for every case, so two cases' histograms compare bin by bin.
 */
export function busbarHistogramEdges(capMw: number): number[] {
  const nice = [25, 50, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000];
  const edges = [0];
  for (const edge of nice) if (edge < capMw) edges.push(edge);
  for (let edge = 7500; edge < capMw; edge = edge < 10_000 ? 10_000 : edge * 2) edges.push(edge);
  edges.push(capMw);
  return edges;
}
