import { SESSION_PATH } from '@holgura/contracts/first-load-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionResponseParser } from '../../../lib/first-load-parsers';

/** Asking for the session renews it on the server; the app asks this often and on focus. */
export const SESSION_REFRESH_MS = 5 * 60_000;

/** The product-account session; `null` when nobody is signed in with an account. */
export function getSession(signal?: AbortSignal) {
  return api.get(SESSION_PATH, sessionResponseParser, signal);
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'session'],
    queryFn: ({ signal }) => getSession(signal),
    retry: false,
    staleTime: SESSION_REFRESH_MS,
  });

export function useSession() {
  return useQuery({
    ...sessionQueryOptions(),
    refetchInterval: SESSION_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
