import type { ClientConfigResponse, SessionResponse, StatsResponse } from '@holgura/contracts';
import type { Parser } from './api-client';

/**
 * The three answers every page reads as it opens (session, deployment config, and the landing's
 * figures), checked by hand instead of with their zod schemas: zod and the contracts' schemas
 * weigh 50 KB gzip and ~0.2 s of a mid-range phone's CPU to set up, and no page's first paint
 * needs them otherwise (issue #20, docs/performance.md). Each check accepts exactly what the
 * contracts' schema accepts and returns what it returns (unknown keys dropped):
 * first-load-parsers.test.ts runs both over the same answers. Change them together.
 */

type Result<T> = { success: true; data: T } | { success: false };

const FAILED = { success: false } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** z.number(): finite. */
function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** z.number().int(): a safe integer. */
function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isCount(value: unknown): value is number {
  return isInteger(value) && value >= 0;
}

/** zod's z.email() pattern (zod/v4/core regexes.email). */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const DEMO_DATA_STATES: readonly unknown[] = ['computing', 'ready', 'none'];

/** contracts' statsResponseSchema. */
export const statsResponseParser: Parser<StatsResponse> = {
  safeParse(data): Result<StatsResponse> {
    if (!isRecord(data)) return FAILED;
    const {
      totalCapacityMw,
      projectionYears,
      busbarsEvaluated,
      contingenciesAnalysed,
      scenariosAnalysed,
      demoData,
    } = data;
    if (!isNumber(totalCapacityMw) || totalCapacityMw < 0) return FAILED;
    if (!isCount(projectionYears) || !isCount(busbarsEvaluated)) return FAILED;
    if (!isCount(contingenciesAnalysed) || !isCount(scenariosAnalysed)) return FAILED;
    const stats: StatsResponse = {
      totalCapacityMw,
      projectionYears,
      busbarsEvaluated,
      contingenciesAnalysed,
      scenariosAnalysed,
    };
    if ('demoData' in data) {
      if (demoData !== undefined && !DEMO_DATA_STATES.includes(demoData)) return FAILED;
      stats.demoData = demoData as StatsResponse['demoData'];
    }
    return { success: true, data: stats };
  },
};

/** contracts' sessionResponseSchema: `{ user: { id, email, name } }` or null. */
export const sessionResponseParser: Parser<SessionResponse> = {
  safeParse(data): Result<SessionResponse> {
    if (data === null) return { success: true, data: null };
    if (!isRecord(data) || !isRecord(data.user)) return FAILED;
    const { id, email, name } = data.user;
    if (typeof id !== 'string' || typeof email !== 'string' || typeof name !== 'string') {
      return FAILED;
    }
    return { success: true, data: { user: { id, email, name } } };
  },
};

/** contracts' clientConfigResponseSchema. */
export const clientConfigResponseParser: Parser<ClientConfigResponse> = {
  safeParse(data): Result<ClientConfigResponse> {
    if (!isRecord(data) || !isRecord(data.sax)) return FAILED;
    const { authority, clientId, policy, scopes, local } = data.sax;
    if (typeof authority !== 'string' || typeof clientId !== 'string') return FAILED;
    if (policy !== null && typeof policy !== 'string') return FAILED;
    if (typeof scopes !== 'string' || typeof local !== 'boolean') return FAILED;
    const { maxUploadBytes, supportEmail, publicUrl } = data;
    if (!isInteger(maxUploadBytes) || maxUploadBytes <= 0) return FAILED;
    const config: ClientConfigResponse = {
      sax: { authority, clientId, policy, scopes, local },
      maxUploadBytes,
    };
    if ('supportEmail' in data) {
      if (
        supportEmail !== undefined &&
        (typeof supportEmail !== 'string' || !EMAIL.test(supportEmail))
      ) {
        return FAILED;
      }
      config.supportEmail = supportEmail;
    }
    if ('publicUrl' in data) {
      if (publicUrl !== undefined && publicUrl !== null && typeof publicUrl !== 'string') {
        return FAILED;
      }
      config.publicUrl = publicUrl;
    }
    return { success: true, data: config };
  },
};
