import {
  caseDataSchema,
  caseListResponseSchema,
  statsResponseSchema,
  type CaseSummary,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const CASES_PATH = '/api/cases';
export const STATS_PATH = '/api/stats';
export const caseDataPath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}/data`;

export const resultsCasesQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: ['results', 'cases', userKey],
    queryFn: async ({ signal }): Promise<CaseSummary[]> =>
      (await api.get(CASES_PATH, caseListResponseSchema, signal)).cases,
  });

export const resultsStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['results', 'stats'],
    queryFn: ({ signal }) => api.get(STATS_PATH, statsResponseSchema, signal),
  });

/** One case's busbar-capacity result; null when the case has none yet. */
export async function getBusbarCapacity(caseId: string, signal?: AbortSignal) {
  const data = await api.get(caseDataPath(caseId), caseDataSchema, signal);
  return data.analysis?.busbarCapacity ?? null;
}
