import {
  apiRoutes,
  busbarCapacityMapResponseSchema,
  busbarCapacityPaths,
  networkViewResponseSchema,
  type BusbarFigureName,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';
import type { MapNetwork } from '../../lib/network-slot';

// The stored network never changes for a case: fetched once per session.
export const caseNetworkQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['network', 'case', caseId],
    queryFn: async ({ signal }) =>
      (await api.get(apiRoutes.caseNetwork.path({ caseId }), networkViewResponseSchema, signal))
        .network,
    retry: false,
    staleTime: Infinity,
  });

/** A study's network changes only with a new version (a new base file): keyed by both. */
export const studyNetworkQueryOptions = (studyId: string, version: number | null) =>
  queryOptions({
    queryKey: ['network', 'study', studyId, version],
    queryFn: async ({ signal }) =>
      (await api.get(apiRoutes.studyNetwork.path({ studyId }), networkViewResponseSchema, signal))
        .network,
    retry: false,
    staleTime: Infinity,
  });

/** A marked map's network (lib/network-slot's MapNetwork), cached with the two above. */
export const mapNetworkQueryOptions = (source: MapNetwork) =>
  queryOptions({
    queryKey:
      'caseId' in source
        ? ['network', 'case', source.caseId]
        : ['network', 'study', source.studyId, source.version],
    queryFn: async ({ signal }) =>
      (
        await api.get(
          'caseId' in source
            ? apiRoutes.caseNetwork.path({ caseId: source.caseId })
            : apiRoutes.studyNetwork.path({ studyId: source.studyId }),
          networkViewResponseSchema,
          signal,
        )
      ).network,
    retry: false,
    staleTime: Infinity,
  });

/** Companion coordinates (CSV `bus,lat,lon`): the server re-projects and stores the view. */
export async function uploadCoordinates(caseId: string, file: Blob) {
  const response = await apiRequest(
    apiRoutes.caseCoordinates.path({ caseId }),
    networkViewResponseSchema,
    { method: 'PUT', rawBody: file, headers: { 'Content-Type': 'text/csv' } },
  );
  return response.network;
}

/**
 * The capacity of every bus of a case in one figure, as columns (decision 016): what the map
 * colours. A stored result never changes; the job's end makes the screen ask again.
 */
export const caseCapacityMapQueryOptions = (caseId: string, figure: BusbarFigureName) =>
  queryOptions({
    queryKey: ['network', 'capacity-map', caseId, figure],
    queryFn: ({ signal }) =>
      api.get(
        `${busbarCapacityPaths.map(caseId)}?figure=${figure}`,
        busbarCapacityMapResponseSchema,
        signal,
      ),
    retry: false,
    staleTime: Infinity,
  });
