import { resultSummaryResponseSchema, type ResultSummaryResponse } from '@holgura/contracts';

/**
 * Spec §9: flexibility results in local storage for 30 minutes, key 'flexibility:<caseId>'.
 * Since results are read in parts (issue #16), the entry is the upload's result summary — the
 * N-1 facts, the study group, Tmax, both figures and their levels: what the screen shows first —
 * not the whole result (tens of MB for a 10,000-bus case, over any browser's quota). Entries of
 * the former shape no longer parse and are removed when read.
 */
export const FLEXIBILITY_CACHE_TTL_MS = 30 * 60 * 1000;
export const flexibilityCacheKey = (caseId: string) => `flexibility:${caseId}`;
/** A summary larger than this is not kept: the cache is an optimisation, not storage. */
export const FLEXIBILITY_CACHE_MAX_CHARS = 1_000_000;

type Entry = { savedAt: number; data: unknown };

export function readCachedSummary(caseId: string, now = Date.now()): ResultSummaryResponse | null {
  const key = flexibilityCacheKey(caseId);
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<Entry>;
    const fresh =
      typeof entry.savedAt === 'number' &&
      now - entry.savedAt >= 0 &&
      now - entry.savedAt < FLEXIBILITY_CACHE_TTL_MS;
    const parsed = fresh ? resultSummaryResponseSchema.safeParse(entry.data) : null;
    if (parsed?.success && parsed.data.caseId === caseId) return parsed.data;
    window.localStorage.removeItem(key);
  } catch {
    // Unreadable storage or entry: fall through to the API.
  }
  return null;
}

export function writeCachedSummary(caseId: string, data: ResultSummaryResponse, now = Date.now()) {
  try {
    const entry: Entry = { savedAt: now, data };
    const text = JSON.stringify(entry);
    if (text.length > FLEXIBILITY_CACHE_MAX_CHARS) return;
    window.localStorage.setItem(flexibilityCacheKey(caseId), text);
  } catch {
    // Storage full or disabled: the cache is an optimisation only.
  }
}

/** A deleted case's entry goes with it. */
export function forgetCachedFlexibility(caseId: string) {
  try {
    window.localStorage.removeItem(flexibilityCacheKey(caseId));
  } catch {
    // Nothing to forget.
  }
}
