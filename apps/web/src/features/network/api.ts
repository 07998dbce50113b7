import { networkViewResponseSchema } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';

export const caseNetworkPath = (caseId: string) =>
  `/api/cases/${encodeURIComponent(caseId)}/network`;
export const demoStudyNetworkPath = '/api/demo-study/network';

// The stored network never changes for a case: fetched once per session.
export const caseNetworkQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['network', 'case', caseId],
    queryFn: async ({ signal }) =>
      (await api.get(caseNetworkPath(caseId), networkViewResponseSchema, signal)).network,
    retry: false,
    staleTime: Infinity,
  });

export const demoStudyNetworkQueryOptions = () =>
  queryOptions({
    queryKey: ['network', 'demo-study'],
    queryFn: async ({ signal }) =>
      (await api.get(demoStudyNetworkPath, networkViewResponseSchema, signal)).network,
    retry: false,
    staleTime: Infinity,
  });

/** Companion coordinates (CSV `bus,lat,lon`): the server re-projects and stores the view. */
export async function uploadCoordinates(caseId: string, file: Blob) {
  const response = await apiRequest(
    `/api/cases/${encodeURIComponent(caseId)}/coordinates`,
    networkViewResponseSchema,
    { method: 'PUT', rawBody: file, headers: { 'Content-Type': 'text/csv' } },
  );
  return response.network;
}
