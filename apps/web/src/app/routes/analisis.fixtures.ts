import { SAX_ID_TOKEN_STORAGE_KEY, type CaseSummary } from '@holgura/contracts';
import { mockApi, tokenFor } from '../../test/render';

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

export function signedInWithSax(routes: Parameters<typeof mockApi>[0]) {
  window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: saxToken }));
  return mockApi({
    '/api/auth/get-session': { body: null },
    '/api/config': config(),
    // A case analysed before issue #21 lists no group analyses.
    '/api/cases/c7/analyses': { body: { caseId: 'c7', analyses: [] } },
    ...routes,
  });
}

export const sevenCases = { body: { cases: [1, 2, 3, 4, 5, 6, 7].map((i) => summary(i)) } };
