import { apiRoutes, type ExportFormat } from './api-paths';

/**
 * The web app's pages. The server answers these with the app shell and status 200; any other
 * non-API path gets the same shell with status 404, so the app shows its 404 page and crawlers
 * and link checkers see the right status.
 */
export const appPaths = {
  home: '/',
  analysis: '/analisis',
  results: '/resultados',
  demo: '/demo',
  docs: '/documentacion',
  studies: '/estudios',
  newStudy: '/estudios/nuevo',
  windows: '/ventanas',
  /** The page a mailed reset link opens (issue #26). */
  resetPassword: '/restablecer-contrasena',
} as const;

export type AppPath = (typeof appPaths)[keyof typeof appPaths];

/** Pages with an id in their path: a study's edit form. */
const appPathPatterns = [/^\/estudios\/[A-Za-z0-9-]{1,64}\/editar$/];

/** `/estudios/<studyId>/editar`. */
export const editStudyPath = (studyId: string) => `/estudios/${encodeURIComponent(studyId)}/editar`;

export function isAppPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (Object.values(appPaths) as string[]).includes(normalized) ||
    appPathPatterns.some((pattern) => pattern.test(normalized))
  );
}

export * from './api-paths';

/** Spreadsheet downloads (issue #9): the same tables as /analisis and /resultados, xlsx or CSV. */
export const exportPaths = {
  /** Query: see `apiRoutes.constraintsExport`. */
  constraints: (caseId: string, format: ExportFormat) =>
    apiRoutes.constraintsExport[format].path({ caseId }),
  /** Query: level, constraint. */
  generators: (caseId: string, format: ExportFormat) =>
    apiRoutes.generatorsExport[format].path({ caseId }),
  /** Query: see `apiRoutes.studyCapacitiesExport`. */
  busbarCapacities: (format: ExportFormat) => apiRoutes.studyCapacitiesExport[format].path(),
} as const;

/** The flexibility of a case per study group (issue #21, docs/decisions/013). */
export const analysisPaths = {
  /** GET: the groups run; POST { group }: run another. */
  analyses: (caseId: string) => apiRoutes.caseAnalyses.path({ caseId }),
  /** GET: one group's flexibility. */
  analysis: (caseId: string, analysisId: string) =>
    apiRoutes.caseAnalysis.path({ caseId, analysisId }),
  /** GET: the generators and the group options of the case. */
  generators: (caseId: string) => apiRoutes.caseGenerators.path({ caseId }),
} as const;
