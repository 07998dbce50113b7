import { flexibilitySchema, type Flexibility } from '@holgura/contracts';

/** Spec §9: flexibility results in local storage for 30 minutes, key 'flexibility:<caseId>'. */
export const FLEXIBILITY_CACHE_TTL_MS = 30 * 60 * 1000;
export const flexibilityCacheKey = (caseId: string) => `flexibility:${caseId}`;

type Entry = { savedAt: number; data: unknown };

export function readCachedFlexibility(caseId: string, now = Date.now()): Flexibility | null {
  const key = flexibilityCacheKey(caseId);
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<Entry>;
    const fresh =
      typeof entry.savedAt === 'number' &&
      now - entry.savedAt >= 0 &&
      now - entry.savedAt < FLEXIBILITY_CACHE_TTL_MS;
    const parsed = fresh ? flexibilitySchema.safeParse(entry.data) : null;
    if (parsed?.success) return parsed.data;
    window.localStorage.removeItem(key);
  } catch {
    // Unreadable storage or entry: fall through to the API.
  }
  return null;
}

export function writeCachedFlexibility(caseId: string, data: Flexibility, now = Date.now()) {
  try {
    const entry: Entry = { savedAt: now, data };
    window.localStorage.setItem(flexibilityCacheKey(caseId), JSON.stringify(entry));
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
