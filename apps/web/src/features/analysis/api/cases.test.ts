import type { CaseSummary } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../render.test-support';
import {
  analysisCases,
  CASES_CACHE_MS,
  getAnalysisCases,
  readCachedCases,
  writeCachedCases,
} from './cases';

const base: CaseSummary = {
  caseId: 'c1',
  caseName: 'caso',
  caseDescription: null,
  process: null,
  familyId: null,
  familyName: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  isDemo: false,
};
const item = (caseId: string, createdAt: string, familyId: string | null = null) => ({
  ...base,
  caseId,
  createdAt,
  familyId,
});

describe('analysis case list', () => {
  it('keeps only cases without a family, newest first (docs/product.md §3)', () => {
    const list = analysisCases([
      item('old', '2026-11-01T00:00:00Z'),
      item('family', '2026-11-21T00:00:00Z', 'F1'),
      item('new', '2026-11-20T00:00:00Z'),
    ]);
    expect(list.map((c) => c.caseId)).toEqual(['new', 'old']);
  });

  it('is kept in session storage for 5 minutes, per user', () => {
    const cases = [item('a', '2026-11-20T00:00:00Z')];
    writeCachedCases('ana', cases, 1_000);
    expect(readCachedCases('ana', 1_000 + CASES_CACHE_MS - 1)).toEqual(cases);
    expect(readCachedCases('ana', 1_000 + CASES_CACHE_MS)).toBeNull();
    expect(readCachedCases('otro', 1_000)).toBeNull();
  });

  it('ignores a damaged cache entry', () => {
    window.sessionStorage.setItem('holgura:cases:ana', '{no es json');
    expect(readCachedCases('ana')).toBeNull();
    window.sessionStorage.setItem(
      'holgura:cases:ana',
      JSON.stringify({ savedAt: Date.now(), cases: [{ caseId: 1 }] }),
    );
    expect(readCachedCases('ana')).toBeNull();
  });

  it('asks the API once, then answers from the cache', async () => {
    const fetchMock = mockApi({
      '/api/cases': {
        body: {
          cases: [item('b', '2026-11-20T00:00:00Z'), item('f', '2026-11-21T00:00:00Z', 'F')],
        },
      },
    });
    expect((await getAnalysisCases('ana')).map((c) => c.caseId)).toEqual(['b']);
    expect((await getAnalysisCases('ana')).map((c) => c.caseId)).toEqual(['b']);
    expect(callsTo(fetchMock, '/api/cases')).toHaveLength(1);
  });
});
