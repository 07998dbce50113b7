import { apiRoutes, caseListResponseSchema, type CaseSummary } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { windowsKey } from './get-windows';

/** The cases a window can be computed on: the user's uploads whose analysis is done, newest first. */
export function analysedCases(cases: readonly CaseSummary[]): CaseSummary[] {
  return cases
    .filter(
      (item) =>
        (item.familyId === null || item.familyId === '') &&
        !item.isDemo &&
        item.analysis?.state === 'done',
    )
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const analysedCasesQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: [...windowsKey(userKey), 'cases'],
    queryFn: async ({ signal }) =>
      analysedCases((await api.get(apiRoutes.cases.path(), caseListResponseSchema, signal)).cases),
    staleTime: 0,
  });
