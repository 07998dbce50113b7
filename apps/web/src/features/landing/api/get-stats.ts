import { STATS_PATH } from '@holgura/contracts/first-load-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { statsResponseParser } from '../../../lib/first-load-parsers';

export function getStats(signal?: AbortSignal) {
  return api.get(STATS_PATH, statsResponseParser, signal);
}

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats'],
    queryFn: ({ signal }) => getStats(signal),
  });

export function useStats() {
  return useQuery(statsQueryOptions());
}
