import { clientConfigResponseSchema, type ClientConfigResponse } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const CLIENT_CONFIG_PATH = '/api/config';

/** What this deployment tells the browser before sign-in: SAX settings and the upload limit. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfigResponse> {
  return api.get(CLIENT_CONFIG_PATH, clientConfigResponseSchema, signal);
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
  });
