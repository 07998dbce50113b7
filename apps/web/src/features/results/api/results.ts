import {
  apiRoutes,
  caseDataSchema,
  statsResponseSchema,
  studyDetailSchema,
  studyListResponseSchema,
  type BusbarCapacity,
  type StudyDetail,
  type StudyListItem,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiClientError } from '../../../lib/api-client';

/** Every query of /resultados starts with this key, per signed-in user. */
const resultsKey = (userKey: string) => ['results', userKey] as const;

/** The demo study and the user's own (GET /api/studies): the chooser's options. */
export const resultsStudiesQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: [...resultsKey(userKey), 'studies'],
    queryFn: async ({ signal }): Promise<StudyListItem[]> =>
      (await api.get(apiRoutes.studies.path(), studyListResponseSchema, signal)).studies,
  });

/**
 * The chosen study with every scenario × year case and its busbars, in one request: what the
 * families, cards, tabs, conditions, charts and map are drawn from. null: there is no such
 * study of the user's (404), or the demo's cases are not computed yet.
 */
export const studyResultsQueryOptions = (userKey: string, studyId: string) =>
  queryOptions({
    queryKey: [...resultsKey(userKey), 'study', studyId],
    queryFn: async ({ signal }): Promise<StudyDetail | null> => {
      try {
        return await api.get(apiRoutes.study.path({ studyId }), studyDetailSchema, signal);
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The public figures (`GET /api/stats`): whether the demo data is still being computed. */
export const publicStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['results', 'public-stats'],
    queryFn: ({ signal }) => api.get(apiRoutes.stats.path(), statsResponseSchema, signal),
  });

/**
 * One busbar case's capacity result (its limiting constraint's generators, for the sensitivity
 * chart of the selected card); null when the case has none. A stored case never changes.
 */
export const busbarCaseQueryOptions = (userKey: string, caseId: string) =>
  queryOptions({
    queryKey: [...resultsKey(userKey), 'busbar-case', caseId],
    queryFn: async ({ signal }): Promise<BusbarCapacity | null> =>
      (await api.get(apiRoutes.caseData.path({ caseId }), caseDataSchema, signal)).analysis
        ?.busbarCapacity ?? null,
    staleTime: Infinity,
  });
