import { apiRoutes } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const demoCaseQueryOptions = () =>
  queryOptions({
    queryKey: ['demo', 'case'],
    // The reader (the contracts' schemas, zod) loads with the first request, not with the page.
    queryFn: async ({ signal }) => {
      const { demoCaseParser } = await import('../read-demo-case');
      return api.get(apiRoutes.demoCase.path(), demoCaseParser, signal);
    },
    retry: false,
    staleTime: 60_000,
  });
