import { apiRoutes, caseListResponseSchema, type CaseSummary } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest, type Parser } from '../../../lib/api-client';

/** Spec §9: the case list is kept in session storage for 5 minutes. */
export const CASES_CACHE_MS = 5 * 60_000;
const CACHE_PREFIX = 'holgura:cases:';

/** Spec §3: only cases without a family, newest first. */
export function analysisCases(cases: readonly CaseSummary[]): CaseSummary[] {
  return cases
    .filter((item) => item.familyId === null || item.familyId === '')
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

type CacheEntry = { savedAt: number; cases: CaseSummary[] };

function cacheKey(userKey: string) {
  return `${CACHE_PREFIX}${userKey}`;
}

export function readCachedCases(userKey: string, now = Date.now()): CaseSummary[] | null {
  try {
    const raw = window.sessionStorage.getItem(cacheKey(userKey));
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<CacheEntry>;
    if (typeof entry.savedAt !== 'number' || !Array.isArray(entry.cases)) return null;
    if (now - entry.savedAt >= CASES_CACHE_MS) return null;
    const parsed = caseListResponseSchema.safeParse({ cases: entry.cases });
    return parsed.success ? parsed.data.cases : null;
  } catch {
    return null;
  }
}

export function writeCachedCases(userKey: string, cases: CaseSummary[], now = Date.now()): void {
  try {
    const entry: CacheEntry = { savedAt: now, cases };
    window.sessionStorage.setItem(cacheKey(userKey), JSON.stringify(entry));
  } catch {
    // A full or disabled storage only costs a refetch.
  }
}

export function clearCachedCases(userKey: string): void {
  try {
    window.sessionStorage.removeItem(cacheKey(userKey));
  } catch {
    // Nothing to clear.
  }
}

/** The user's analysis cases: the session cache when fresh, else the API (then cached). */
export async function getAnalysisCases(
  userKey: string,
  signal?: AbortSignal,
): Promise<CaseSummary[]> {
  const cached = readCachedCases(userKey);
  if (cached !== null) return cached;
  const { cases } = await api.get(apiRoutes.cases.path(), caseListResponseSchema, signal);
  const list = analysisCases(cases);
  writeCachedCases(userKey, list);
  return list;
}

export const casesQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: ['analysis', 'cases', userKey],
    queryFn: ({ signal }) => getAnalysisCases(userKey, signal),
    staleTime: CASES_CACHE_MS,
  });

/** DELETE answers 204 with no body. */
const noContent: Parser<undefined> = {
  safeParse: (data) =>
    data === undefined ? { success: true, data: undefined } : { success: false },
};

/**
 * DELETE /api/cases/{caseId} (issue #16): 204; 403 a demo case, 404, 409 CASE_IN_STUDY with a
 * Spanish message naming the study. The error carries the API's message.
 */
export function deleteCase(caseId: string): Promise<undefined> {
  return apiRequest(apiRoutes.case.path({ caseId }), noContent, {
    method: 'DELETE',
  });
}
