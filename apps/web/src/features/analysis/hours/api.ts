import {
  apiRoutes,
  caseBusesResponseSchema,
  hourlyCapacityResponseSchema,
  hourlyProfilesResponseSchema,
  type HourlyCapacityRequest,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiClientError, apiRequest } from '../../../lib/api-client';

/**
 * GET /api/cases/{caseId}/hourly-profiles (issue #32): the case's hourly profiles, or none. The
 * key starts with the case, so deleting the case forgets it.
 */
export const hourlyProfilesQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['analysis', 'hourly-profiles', caseId],
    queryFn: ({ signal }) =>
      api.get(apiRoutes.caseHourlyProfiles.path({ caseId }), hourlyProfilesResponseSchema, signal),
    retry: false,
  });

/**
 * GET /api/cases/{caseId}/buses: the case's bus numbers and names, to check a typed bus before
 * the year is asked. Kept: a case's buses do not change.
 */
export const caseBusesQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['analysis', 'buses', caseId],
    queryFn: ({ signal }) =>
      api.get(apiRoutes.caseBuses.path({ caseId }), caseBusesResponseSchema, signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * PUT the profiles file as it is, its name in `x-file-name` (URI-encoded, as the contingency
 * file and the case upload send it). 200 with the summary; 422 with the line or column of an area
 * or unit the case lacks (HOURLY_PROFILES_UNRESOLVED) or an unreadable file
 * (HOURLY_PROFILES_INVALID).
 */
export function putHourlyProfiles(caseId: string, file: File) {
  return apiRequest(apiRoutes.caseHourlyProfiles.path({ caseId }), hourlyProfilesResponseSchema, {
    method: 'PUT',
    rawBody: file,
    headers: {
      'Content-Type': 'application/octet-stream',
      'X-File-Name': encodeURIComponent(file.name),
    },
  });
}

/** DELETE: the case without profiles. */
export function deleteHourlyProfiles(caseId: string) {
  return apiRequest(apiRoutes.caseHourlyProfiles.path({ caseId }), hourlyProfilesResponseSchema, {
    method: 'DELETE',
  });
}

/** The template: 8,760 hours, one column per area of the case at its case load (MW). */
export const hourlyProfilesTemplatePath = (caseId: string, format: 'csv' | 'xlsx') =>
  format === 'csv'
    ? apiRoutes.caseHourlyProfilesTemplate.path({ caseId })
    : apiRoutes.caseHourlyProfilesTemplateXlsx.path({ caseId });

/** POST { bus, preExisting, plant? }: the bus's capacity in every hour, and the plant's losses. */
export function postHourlyCapacity(caseId: string, request: HourlyCapacityRequest) {
  return apiRequest(apiRoutes.caseHourlyCapacity.path({ caseId }), hourlyCapacityResponseSchema, {
    method: 'POST',
    body: request,
  });
}

/** The message of a failure: the API's Spanish text, or the caller's fallback. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiClientError ? error.message : fallback;

/** The answer says the case has no profiles any more: the summary must be read again. */
export const profilesGone = (error: unknown) =>
  error instanceof ApiClientError && error.code === 'HOURLY_PROFILES_MISSING';
