import {
  constraintGenerators,
  constraintSummary,
  flexibilityFigure,
  flexibilitySummary,
  SAX_ID_TOKEN_STORAGE_KEY,
  violationsOf,
  type CaseSummary,
  type Flexibility,
} from '@holgura/contracts';
import { jsonResponse, mockApi, tokenFor, type MockRequest } from '../../render.test-support';

/** What the /analisis route tests share: a SAX session, cases, one case's N-1 data. */
export const saxToken = tokenFor({ name: 'Ana Prueba', email: 'prueba@sax.co' });

export const config = (maxUploadBytes = 10485760) => ({
  body: {
    sax: { authority: 'x', clientId: 'y', policy: null, scopes: 'openid', local: true },
    maxUploadBytes,
  },
});

export const summary = (index: number, patch: Partial<CaseSummary> = {}): CaseSummary => ({
  caseId: `c${index}`,
  caseName: `Caso ${index}`,
  caseDescription: null,
  process: null,
  familyId: null,
  familyName: null,
  createdAt: new Date(2026, 10, index, 8, 30).toISOString(),
  isDemo: false,
  ...patch,
});

const loading = (percent: number, i: number) => ({
  monitoredBranch: i + 1,
  monitoredName: `B${i}-B${i + 1}`,
  contingencyBranch: i === 0 ? null : i + 20,
  contingencyName: i === 0 ? null : `B${i + 5}-B${i + 6}`,
  flowMw: -148.04,
  limitMva: 150,
  loadingPercent: percent,
});

export const caseData = {
  caseId: 'c7',
  fullDataJson: null,
  extras: null,
  apiResponseDate: '2026-11-21T00:00:00Z',
  analysis: {
    schemaVersion: 1,
    network: {
      format: 'matpower',
      revision: null,
      compressed: false,
      baseMva: 100,
      counts: { buses: 9, branches: 9, generators: 3, loads: 3, islands: 1 },
      warnings: [],
    },
    n1: {
      contingencies: 9,
      islandingContingencies: 3,
      monitored: 9,
      baseCaseOverloads: 0,
      overloadedPairs: 2,
      top: [135.2, 101, 98.66, 80, 60, 40, 30, 20, 10, 5, 4, 3].map(loading),
      baseCaseTop: [],
    },
    timingsMs: {},
  },
};

/** GET …/contingency-set of a case without a planner's file (issue #30). */
export const noContingencySet = (caseId: string) => ({ caseId, set: null, capacityJobId: null });

/** GET …/contingency-set of a case with a planner's file (issue #30): its name and counts. */
export const withContingencySet = (
  caseId: string,
  fileName: string,
  format: 'contab' | 'psse-con',
  counts: { total: number; branch: number; multiBranch: number; generator: number; mixed: number },
) => ({
  caseId,
  set: {
    fileName,
    format,
    uploadedAt: '2026-11-28T10:00:00Z',
    counts,
    n1: null,
    subsystemsFile: null,
    monitoredFile: null,
  },
  capacityJobId: null,
});

export function signedInWithSax(routes: Parameters<typeof mockApi>[0]) {
  window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: saxToken }));
  return mockApi({
    '/api/auth/get-session': { body: null },
    '/api/config': config(),
    // A case analysed before issue #21 lists no group analyses.
    '/api/cases/c7/analyses': { body: { caseId: 'c7', analyses: [] } },
    // An analysed case's «Contingencias» card (issue #30): every branch, one at a time.
    '/api/cases/c7/contingency-set': { body: noContingencySet('c7') },
    '/api/cases/c8/contingency-set': { body: noContingencySet('c8') },
    ...routes,
  });
}

export const sevenCases = { body: { cases: [1, 2, 3, 4, 5, 6, 7].map((i) => summary(i)) } };

/**
 * A fake of the result parts API (issue #16, decision 015) cut from whole flexibility results
 * with the contracts' own builders, as the analysis worker cuts them: the upload's result, and
 * groups' by analysisId (`?analysis=`). `flexibility: null`: a result without flexibility.
 */
export function resultRoutes(
  caseId: string,
  flexibility: Flexibility | null,
  groups: Record<string, Flexibility> = {},
  facts: unknown = caseData.analysis,
): Parameters<typeof mockApi>[0] {
  const base = `/api/cases/${caseId}/result`;
  const chosen = (request: MockRequest) => {
    const analysis = request.query.get('analysis');
    return analysis === null ? flexibility : (groups[analysis] ?? null);
  };
  const missing = () =>
    jsonResponse(
      { error: { code: 'RESULT_FLEXIBILITY_MISSING', message: 'Sin flexibilidad' } },
      409,
    );
  const routes: Parameters<typeof mockApi>[0] = {
    [`${base}/summary`]: (request) => {
      const flex = chosen(request);
      return jsonResponse({
        caseId,
        analysisId: request.query.get('analysis'),
        apiResponseDate: caseData.apiResponseDate,
        analysis: facts,
        flexibility: flex === null ? null : flexibilitySummary(flex),
      });
    },
    [`${base}/constraints`]: (request) => {
      const flex = chosen(request);
      if (flex === null) return missing();
      const figure = (request.query.get('figure') ?? 'attributable') as 'attributable' | 'strict';
      const level = Number(request.query.get('level'));
      const page = Number(request.query.get('page') ?? 1);
      const pageSize = Number(request.query.get('pageSize') ?? 25);
      const found = flexibilityFigure(flex, figure).levels.find((item) => item.level === level);
      if (found === undefined) {
        return jsonResponse({ error: { code: 'LEVEL_NOT_FOUND', message: 'Sin nivel' } }, 404);
      }
      const byId = new Map(flex.constraints.map((item) => [item.id, item]));
      return jsonResponse({
        caseId,
        figure,
        level,
        transferMw: found.transferMw,
        flexibilityPercent: found.flexibilityPercent,
        total: found.constraintIds.length,
        page,
        pageSize,
        constraints: found.constraintIds
          .slice((page - 1) * pageSize, page * pageSize)
          .map((id) => constraintSummary(byId.get(id)!)),
      });
    },
    [`${base}/violations`]: (request) => {
      const flex = chosen(request);
      return flex === null ? missing() : jsonResponse(violationsOf(flex));
    },
  };
  const ids = new Set(
    [flexibility, ...Object.values(groups)].flatMap(
      (flex) => flex?.constraints.map((item) => item.id) ?? [],
    ),
  );
  for (const id of ids) {
    routes[`${base}/constraints/${id}/generators`] = (request) => {
      const flex = chosen(request);
      const constraint = flex?.constraints.find((item) => item.id === id);
      if (flex === null || constraint === undefined) return missing();
      const plants = new Map(flex.plants.map((plant) => [plant.id, plant]));
      return jsonResponse(constraintGenerators(flex, constraint, plants));
    };
  }
  return routes;
}
