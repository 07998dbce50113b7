/**
 * Every path of the API, said once (issue #27): each entry of `apiRoutes` holds the Fastify
 * pattern the server registers and the methods it answers on it, and builds from that same
 * pattern the path a client requests, its parameters filled in and encoded. The server's
 * registrations and the web app's requests both read this table, so the two cannot drift.

 */

import { AUTH_BASE_PATH, CLIENT_CONFIG_PATH, STATS_PATH } from './first-load-paths';

export * from './first-load-paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every path of the API starts here (the original calculation API's aside). */
export const API_PREFIX = '/api';

/**
 * The `:name` parameters of a Fastify pattern, each ending at a `/` or at the end:
 * `'/api/cases/:caseId/analyses/:analysisId'` → `'caseId' | 'analysisId'`.
 */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A parameter's value: ids are strings; bus numbers and constraint ids are numbers. */
export type PathParams<P extends string> = Readonly<Record<PathParamNames<P>, string | number>>;

/** What a pattern's builder takes: nothing without parameters, else each of them by name. */
export type PathArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? []
  : [params: PathParams<P>];

/** A parameter in a pattern, as the server reads it too (http/api-route.ts `urlParams`). */
const PARAM = /:(\w+)/g;

/**
 * The path of a pattern with its parameters filled in, each with `encodeURIComponent`:
 * `pathOf('/api/cases/:caseId', { caseId: 'a b' })` → `'/api/cases/a%20b'`.
 */
export function pathOf<P extends string>(pattern: P, ...args: PathArgs<P>): string {
  const [params = {}] = args as [Readonly<Record<string, string | number>>?];
  return pattern.replace(PARAM, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

export interface ApiRoute<P extends string = string> {
  /** Fastify syntax, what the server registers: `/api/cases/:caseId`. */
  readonly pattern: P;
  /** The methods the server answers on it (HEAD aside: Fastify adds one beside each GET). */
  readonly methods: readonly HttpMethod[];
  /** The path a client requests, without a query string. */
  readonly path: (...args: PathArgs<P>) => string;
}

function route<const P extends string>(
  pattern: P,
  ...methods: [HttpMethod, ...HttpMethod[]]
): ApiRoute<P> {
  return { pattern, methods, path: (...args) => pathOf(pattern, ...args) };
}

/** The same route in each of several formats, the extension ending its path. */
function perFormat<const F extends string, P extends string>(
  formats: readonly F[],
  make: (format: F) => ApiRoute<P>,
): Readonly<Record<F, ApiRoute<P>>> {
  return Object.fromEntries(formats.map((format) => [format, make(format)])) as Record<
    F,
    ApiRoute<P>
  >;
}

/** Spreadsheet downloads (issue #9): the same tables as /analisis and /resultados. */
export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** A study's own file, to edit it: an Excel workbook or its JSON. */
export const studyFileFormats = ['xlsx', 'json'] as const;
export type StudyFileFormat = (typeof studyFileFormats)[number];
/** A report (issue #29): the same content as a PDF to send or an Excel workbook. */
export const reportFormats = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof reportFormats)[number];
/** A study's report. */
export const studyReportFormats = reportFormats;
export type StudyReportFormat = ReportFormat;

export const apiRoutes = {
  // The service.
  health: route('/api/health', 'GET'),
  clientConfig: route(CLIENT_CONFIG_PATH, 'GET'),
  stats: route(STATS_PATH, 'GET'),
  openApi: route('/api/openapi.json', 'GET'),
  /** better-auth, behind one wildcard route: clients name its paths (SESSION_PATH, …). */
  auth: route(`${AUTH_BASE_PATH}/*`, 'GET', 'POST'),
  profile: route('/api/profile', 'GET', 'PUT'),

  // Cases, their stored network and the demo.
  /** GET: the caller's cases (query: owner, familyId, …). */
  cases: route('/api/cases', 'GET'),
  /** PUT: create or change a case; DELETE: remove it. */
  case: route('/api/cases/:caseId', 'PUT', 'DELETE'),
  /** The whole result (GET) or a result stored from elsewhere (PUT). */
  caseData: route('/api/cases/:caseId/data', 'GET', 'PUT'),
  /** What a busbar picker searches. */
  caseBuses: route('/api/cases/:caseId/buses', 'GET'),
  caseNetwork: route('/api/cases/:caseId/network', 'GET'),
  /** PUT: companion coordinates (CSV `bus,lat,lon`). */
  caseCoordinates: route('/api/cases/:caseId/coordinates', 'PUT'),
  demoCase: route('/api/demo-case', 'GET'),
  demoStudyNetwork: route('/api/demo-study/network', 'GET'),
  /** The SAX-compatible upload: the raw file as the body (query: group). */
  upload: route('/api/casesCalculate/calculate', 'POST'),

  // A case's result in parts (issue #16); each takes `analysis` in the query.
  resultSummary: route('/api/cases/:caseId/result/summary', 'GET'),
  /** Query: level, figure, page, pageSize, analysis. */
  resultConstraints: route('/api/cases/:caseId/result/constraints', 'GET'),
  resultConstraintGenerators: route(
    '/api/cases/:caseId/result/constraints/:constraintId/generators',
    'GET',
  ),
  resultViolations: route('/api/cases/:caseId/result/violations', 'GET'),
  resultFullDataJson: route('/api/cases/:caseId/result/full-data-json', 'GET'),

  // The flexibility of a case per study group (issue #21, docs/decisions/013).
  /** GET: the groups run; POST { group }: run another. */
  caseAnalyses: route('/api/cases/:caseId/analyses', 'GET', 'POST'),
  /** GET: one group's flexibility. */
  caseAnalysis: route('/api/cases/:caseId/analyses/:analysisId', 'GET'),
  /** GET: the generators and the group options of the case. */
  caseGenerators: route('/api/cases/:caseId/generators', 'GET'),

  // The N-1 connection capacity of every busbar of a case (issue #17).
  /** GET: one page and the summary; POST: compute it for a case analysed before it existed. */
  busbarCapacities: route('/api/cases/:caseId/busbar-capacities', 'GET', 'POST'),
  busbarCapacityHistogram: route('/api/cases/:caseId/busbar-capacities/histogram', 'GET'),
  busbarCapacityMap: route('/api/cases/:caseId/busbar-capacities/map', 'GET'),
  /** GET: this case's capacities beside another's (`?with=`), the largest changes first. */
  busbarCapacityCompare: route('/api/cases/:caseId/busbar-capacities/compare', 'GET'),
  /** GET: the AC check of one bus's figure. */
  busbarCapacityAcCheck: route('/api/cases/:caseId/busbar-capacities/:bus/ac-check', 'GET'),
  /** POST: verify every bus (that passes the filters) in AC, as a background job (issue #31). */
  busbarCapacityAcAll: route('/api/cases/:caseId/busbar-capacities/ac', 'POST'),
  /** A case's short-circuit strength at every bus (issue #31). */
  caseShortCircuit: route('/api/cases/:caseId/short-circuit', 'GET'),
  /** A case's contingency definitions (issue #30): the planner's file, its summary, removal. */
  contingencySet: route('/api/cases/:caseId/contingency-set', 'GET', 'PUT', 'DELETE'),
  contingencySetFile: route('/api/cases/:caseId/contingency-set/file', 'GET'),
  /** A case's hourly profiles (issue #32): put, read, remove; a template of its areas. */
  caseHourlyProfiles: route('/api/cases/:caseId/hourly-profiles', 'GET', 'PUT', 'DELETE'),
  caseHourlyProfilesTemplate: route('/api/cases/:caseId/hourly-profiles/template.csv', 'GET'),
  caseHourlyProfilesTemplateXlsx: route('/api/cases/:caseId/hourly-profiles/template.xlsx', 'GET'),
  /** POST { bus, preExisting, plant }: one bus's capacity in every hour of the profiles. */
  caseHourlyCapacity: route('/api/cases/:caseId/hourly-capacity', 'POST'),
  busbarCapacitiesExport: perFormat(exportFormats, (format) =>
    route(`/api/cases/:caseId/busbar-capacities.${format}`, 'GET'),
  ),
  /**
   * An uploaded, analysed case's report (issue #29): the file, the options, the N-1 screening,
   * the flexibility, every bus's capacity and the method, dated.
   */
  caseReport: perFormat(reportFormats, (format) =>
    route(`/api/cases/:caseId/report.${format}`, 'GET'),
  ),

  // Spreadsheet downloads (issue #9).
  /**
   * Query: level; analysis (a group's analysisId, default the upload's result); figure
   * (attributable, the default, or strict). The same for generators.
   */
  constraintsExport: perFormat(exportFormats, (format) =>
    route(`/api/cases/:caseId/export/constraints.${format}`, 'GET'),
  ),
  /** Query: level, constraint. */
  generatorsExport: perFormat(exportFormats, (format) =>
    route(`/api/cases/:caseId/export/generators.${format}`, 'GET'),
  ),
  /**
   * Query: studyId (`demo` or one of the caller's studies) and familyId (optional: without it,
   * every case of the study).
   */
  studyCapacitiesExport: perFormat(exportFormats, (format) =>
    route(`/api/export/busbar-capacities.${format}`, 'GET'),
  ),

  // Connection-capacity studies.
  /** GET: the caller's studies; POST (multipart): create one. */
  studies: route('/api/studies', 'GET', 'POST'),
  /** POST (multipart): every problem of a study form at once, nothing stored. */
  studyValidation: route('/api/studies/validate', 'POST'),
  studyTemplate: route('/api/studies/template.xlsx', 'GET'),
  study: route('/api/studies/:studyId', 'GET', 'DELETE'),
  /** POST (multipart): a new version of a study. */
  studyVersions: route('/api/studies/:studyId/versions', 'POST'),
  studyFile: perFormat(studyFileFormats, (format) =>
    route(`/api/studies/:studyId/study.${format}`, 'GET'),
  ),
  studyNetwork: route('/api/studies/:studyId/network', 'GET'),
  /** The study's report: inputs, options, capacities, charts, map and method, dated. */
  studyReport: perFormat(studyReportFormats, (format) =>
    route(`/api/studies/:studyId/report.${format}`, 'GET'),
  ),
  studyBuses: route('/api/studies/:studyId/buses', 'GET'),
  studyCancel: route('/api/studies/:studyId/cancel', 'POST'),
  /** POST (multipart): a network file's buses, read without storing it. */
  networkBuses: route('/api/networks/buses', 'POST'),

  // Connection windows (issue #28).
  /** GET: the caller's windows; POST: create one on an analysed case. */
  windows: route('/api/windows', 'GET', 'POST'),
  /** POST (the template's .xlsx or a JSON): its requests or every problem, nothing stored. */
  windowRequestsRead: route('/api/windows/requests/read', 'POST'),
  windowTemplate: route('/api/windows/template.xlsx', 'GET'),
  window: route('/api/windows/:windowId', 'GET', 'DELETE'),
  windowExport: perFormat(exportFormats, (format) =>
    route(`/api/windows/:windowId/export.${format}`, 'GET'),
  ),
  windowAudit: route('/api/windows/:windowId/audit.json', 'GET'),
  /** POST { requestIds }: a new window, the same without those requests (who moves up). */
  windowWithdraw: route('/api/windows/:windowId/withdraw', 'POST'),

  // Background jobs.
  job: route('/api/jobs/:jobId', 'GET'),
  jobCancel: route('/api/jobs/:jobId/cancel', 'POST'),
  /** Server-sent events: the job's status each time it changes. */
  jobEvents: route('/api/jobs/:jobId/events', 'GET'),

  // The original calculation API's read routes (docs/product.md §7).
  legacyCases: route('/cases', 'GET'),
  legacyResults: route('/download-excel/api-results', 'POST'),
  legacyResultsUnderApi: route('/api/download-excel/api-results', 'POST'),
} as const;

/** A route of `apiRouteList`: any pattern, its builder taking the parameters by name. */
export interface AnyApiRoute {
  readonly pattern: string;
  readonly methods: readonly HttpMethod[];
  readonly path: (params?: Readonly<Record<string, string | number>>) => string;
}

type ApiRouteEntry = AnyApiRoute | Readonly<Record<string, AnyApiRoute>>;

const isRoute = (entry: ApiRouteEntry): entry is AnyApiRoute =>
  typeof (entry as Partial<AnyApiRoute>).pattern === 'string';

/** Every route of `apiRoutes`, each format of a download its own. */
export const apiRouteList: readonly AnyApiRoute[] = Object.values(
  apiRoutes as unknown as Readonly<Record<string, ApiRouteEntry>>,
).flatMap((entry) => (isRoute(entry) ? [entry] : Object.values(entry)));
