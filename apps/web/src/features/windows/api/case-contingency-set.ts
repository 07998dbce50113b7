import { apiRoutes, contingencySetResponseSchema } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { windowsKey } from './get-windows';

/**
 * GET /api/cases/{caseId}/contingency-set (issue #30): whether the case has the planner's
 * contingencies a window may run on ('case-set'), and which. The analysis feature reads the same
 * route under its own key; this one sits under the windows' key and is read again on each visit,
 * since the set may have been uploaded or removed on /analisis meanwhile.
 */
export const caseContingencySetQueryOptions = (userKey: string, caseId: string) =>
  queryOptions({
    queryKey: [...windowsKey(userKey), 'contingency-set', caseId],
    queryFn: ({ signal }) =>
      api.get(apiRoutes.contingencySet.path({ caseId }), contingencySetResponseSchema, signal),
    staleTime: 0,
    retry: false,
  });
