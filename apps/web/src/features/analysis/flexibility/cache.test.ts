import { afterEach, describe, expect, it } from 'vitest';
import {
  FLEXIBILITY_CACHE_TTL_MS,
  flexibilityCacheKey,
  readCachedFlexibility,
  writeCachedFlexibility,
} from './cache';
import { flexibilityFixture } from './fixture';

afterEach(() => window.localStorage.clear());

describe('flexibility cache', () => {
  it("keeps results 30 minutes under 'flexibility:<caseId>'", () => {
    writeCachedFlexibility('c1', flexibilityFixture, 1_000);
    expect(flexibilityCacheKey('c1')).toBe('flexibility:c1');
    expect(window.localStorage.getItem('flexibility:c1')).not.toBeNull();
    expect(readCachedFlexibility('c1', 1_000 + FLEXIBILITY_CACHE_TTL_MS - 1)).toEqual(
      flexibilityFixture,
    );
    expect(readCachedFlexibility('c1', 1_000 + FLEXIBILITY_CACHE_TTL_MS)).toBeNull();
    // Expired entries are removed.
    expect(window.localStorage.getItem('flexibility:c1')).toBeNull();
  });

  it('ignores entries that are not valid results', () => {
    window.localStorage.setItem('flexibility:c2', JSON.stringify({ savedAt: 5, data: { a: 1 } }));
    expect(readCachedFlexibility('c2', 10)).toBeNull();
    window.localStorage.setItem('flexibility:c3', '{no json');
    expect(readCachedFlexibility('c3', 10)).toBeNull();
    expect(readCachedFlexibility('missing', 10)).toBeNull();
  });
});
