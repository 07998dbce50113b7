import { apiRoutes, caseListResponseSchema, type CaseSummary } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The user's analysed cases a study can start from: no family, not the demo, newest first. */
export function baseCases(cases: readonly CaseSummary[]): CaseSummary[] {
  return cases
    .filter((item) => (item.familyId === null || item.familyId === '') && !item.isDemo)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const baseCasesQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: ['studies', userKey, 'base-cases'],
    queryFn: async ({ signal }) =>
      baseCases((await api.get(apiRoutes.cases.path(), caseListResponseSchema, signal)).cases),
  });
