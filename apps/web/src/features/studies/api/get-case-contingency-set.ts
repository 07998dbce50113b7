import { apiRoutes, contingencySetResponseSchema } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/cases/{caseId}/contingency-set (issue #30): the set a study built on that case will
 * be computed on when it is sent (null: every in-service branch, one at a time). Read again each
 * time the editor opens, so a set changed in /analisis since is the one shown. The analysis
 * feature reads the same route with its own query (features do not import each other).
 */
export const caseContingencySetQueryOptions = (userKey: string, caseId: string) =>
  queryOptions({
    queryKey: ['studies', userKey, 'contingency-set', caseId],
    queryFn: ({ signal }) =>
      api.get(apiRoutes.contingencySet.path({ caseId }), contingencySetResponseSchema, signal),
    retry: false,
  });
