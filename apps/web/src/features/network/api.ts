import {
  busbarCapacityMapResponseSchema,
  busbarCapacityPaths,
  networkViewResponseSchema,
  type BusbarFigureName,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';

export const caseNetworkPath = (caseId: string) =>
  `/api/cases/${encodeURIComponent(caseId)}/network`;
/** A study's base network (the demo's, `demo`, or one of the user's studies). */
export const studyNetworkPath = (studyId: string) =>
  `/api/studies/${encodeURIComponent(studyId)}/network`;

// The stored network never changes for a case: fetched once per session.
export const caseNetworkQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['network', 'case', caseId],
    queryFn: async ({ signal }) =>
      (await api.get(caseNetworkPath(caseId), networkViewResponseSchema, signal)).network,
    retry: false,
    staleTime: Infinity,
  });

/** A study's network changes only with a new version (a new base file): keyed by both. */
export const studyNetworkQueryOptions = (studyId: string, version: number | null) =>
  queryOptions({
    queryKey: ['network', 'study', studyId, version],
    queryFn: async ({ signal }) =>
      (await api.get(studyNetworkPath(studyId), networkViewResponseSchema, signal)).network,
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
