import type { Flexibility } from '@holgura/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { caseDataQueryOptions } from '../api/case-data';
import { readCachedFlexibility, writeCachedFlexibility } from './cache';

/** The case's flexibility results: local storage first (spec §9), else the case data. */
export const flexibilityQueryOptions = (queryClient: QueryClient, caseId: string) =>
  queryOptions({
    queryKey: ['analysis', 'flexibility', caseId],
    queryFn: async (): Promise<Flexibility | null> => {
      const cached = readCachedFlexibility(caseId);
      if (cached !== null) return cached;
      const data = await queryClient.fetchQuery(caseDataQueryOptions(caseId));
      const flexibility = data.analysis?.flexibility ?? null;
      if (flexibility !== null) writeCachedFlexibility(caseId, flexibility);
      return flexibility;
    },
    retry: false,
    staleTime: Infinity,
  });
