import { flexibilitySummary, type ResultSummaryResponse } from '@holgura/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FLEXIBILITY_CACHE_MAX_CHARS,
  FLEXIBILITY_CACHE_TTL_MS,
  flexibilityCacheKey,
  readCachedSummary,
  writeCachedSummary,
} from './cache';
import { flexibilityFixture } from './flexibility.test-support';

afterEach(() => window.localStorage.clear());

const summary = (caseId: string): ResultSummaryResponse => ({
  caseId,
  analysisId: null,
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
      islandingContingencies: 0,
      monitored: 9,
      baseCaseOverloads: 0,
      overloadedPairs: 0,
      top: [],
      baseCaseTop: [],
    },
    timingsMs: {},
  } as unknown as ResultSummaryResponse['analysis'],
  flexibility: flexibilitySummary(flexibilityFixture),
});

describe('result summary cache (docs/product.md §9)', () => {
  it("keeps the summary 30 minutes under 'flexibility:<caseId>'", () => {
    writeCachedSummary('c1', summary('c1'), 1_000);
    expect(flexibilityCacheKey('c1')).toBe('flexibility:c1');
    expect(window.localStorage.getItem('flexibility:c1')).not.toBeNull();
    expect(readCachedSummary('c1', 1_000 + FLEXIBILITY_CACHE_TTL_MS - 1)?.flexibility).toEqual(
      summary('c1').flexibility,
    );
    expect(readCachedSummary('c1', 1_000 + FLEXIBILITY_CACHE_TTL_MS)).toBeNull();
    // Expired entries are removed.
    expect(window.localStorage.getItem('flexibility:c1')).toBeNull();
  });

  it('ignores and removes entries that are not summaries: the whole results kept before', () => {
    window.localStorage.setItem(
      'flexibility:c2',
      JSON.stringify({ savedAt: 5, data: flexibilityFixture }),
    );
    expect(readCachedSummary('c2', 10)).toBeNull();
    expect(window.localStorage.getItem('flexibility:c2')).toBeNull();
    window.localStorage.setItem('flexibility:c3', '{no json');
    expect(readCachedSummary('c3', 10)).toBeNull();
    expect(readCachedSummary('missing', 10)).toBeNull();
    // Another case's summary under this key is not this case's.
    writeCachedSummary('c4', summary('c5'), 5);
    expect(readCachedSummary('c4', 10)).toBeNull();
  });

  it('does not keep a summary larger than its limit', () => {
    const big = summary('c6');
    big.apiResponseDate = 'x'.repeat(FLEXIBILITY_CACHE_MAX_CHARS);
    writeCachedSummary('c6', big, 5);
    expect(window.localStorage.getItem('flexibility:c6')).toBeNull();
  });
});
