import type { ClientConfigResponse } from '@holgura/contracts';
import { CLIENT_CONFIG_PATH } from '@holgura/contracts/first-load-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { clientConfigResponseParser } from './first-load-parsers';

/** What this deployment tells the browser before sign-in: SAX settings and the upload limit. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfigResponse> {
  return api.get(CLIENT_CONFIG_PATH, clientConfigResponseParser, signal);
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
  });

/**
 * The deployment's support address (SUPPORT_EMAIL), or null until the config has loaded, when
 * it failed, or from an API that does not send one: no mailto: to an address we do not know.
 */
export function useSupportEmail(): string | null {
  const { data } = useQuery(clientConfigQueryOptions());
  return data?.supportEmail ?? null;
}
