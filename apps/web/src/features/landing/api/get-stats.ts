import { statsResponseSchema } from '@holgura/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const STATS_PATH = '/api/stats';

export function getStats(signal?: AbortSignal) {
  return api.get(STATS_PATH, statsResponseSchema, signal);
}

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats'],
    queryFn: ({ signal }) => getStats(signal),
  });

export function useStats() {
  return useQuery(statsQueryOptions());
}
