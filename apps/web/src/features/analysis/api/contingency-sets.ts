import {
  apiRoutes,
  contingencySetRefusedSchema,
  contingencySetResponseSchema,
  MAX_CONTINGENCY_FILE_BYTES,
  type ContingencyRules,
  type ContingencySetRefused,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiClientError, apiRequest } from '../../../lib/api-client';
import { esContingencySets } from '../../../strings/es-contingency-sets';
import { formatNumber } from '../../../utils/format';

/** The largest file accepted, in MB as the screen says it ("10"). */
export const maxContingencyFileMb = () =>
  formatNumber(MAX_CONTINGENCY_FILE_BYTES / (1024 * 1024), 1);

/**
 * GET /api/cases/{caseId}/contingency-set (issue #30): the planner's file the case's busbar
 * capacities are computed on, or none (every branch, one at a time). The key starts with the
 * case, so deleting the case forgets it.
 */
export const contingencySetQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['analysis', 'contingency-set', caseId],
    queryFn: ({ signal }) =>
      api.get(apiRoutes.contingencySet.path({ caseId }), contingencySetResponseSchema, signal),
    retry: false,
  });

/**
 * PUT the raw file, its name in `x-file-name` (URI-encoded, as the case upload sends it): 200 with
 * the set and the capacity job computing the case on it; 422 with the lines that resolve to
 * nothing (`unresolvedOf`), an invalid or empty file; 413 too large. A file over the limit is
 * refused here, without sending it.
 */
export function putContingencySet(caseId: string, file: File) {
  if (file.size > MAX_CONTINGENCY_FILE_BYTES) {
    return Promise.reject(
      new ApiClientError(
        'INPUT_TOO_LARGE',
        esContingencySets.tooLarge(
          formatNumber(file.size / (1024 * 1024), 1),
          maxContingencyFileMb(),
        ),
        null,
      ),
    );
  }
  return apiRequest(apiRoutes.contingencySet.path({ caseId }), contingencySetResponseSchema, {
    method: 'PUT',
    rawBody: file,
    headers: {
      'Content-Type': 'application/octet-stream',
      'X-File-Name': encodeURIComponent(file.name),
    },
  });
}

/** PUT `{ rules }`: contingencies by rule instead of a file (a capacity job is queued). */
export function putContingencyRules(caseId: string, rules: ContingencyRules) {
  return apiRequest(apiRoutes.contingencySet.path({ caseId }), contingencySetResponseSchema, {
    method: 'PUT',
    body: { rules },
  });
}

/** DELETE: back to every branch, one at a time (a capacity job is queued). */
export function deleteContingencySet(caseId: string) {
  return apiRequest(apiRoutes.contingencySet.path({ caseId }), contingencySetResponseSchema, {
    method: 'DELETE',
  });
}

/** The file as it was sent (GET …/contingency-set/file). */
export const contingencySetFilePath = (caseId: string) =>
  apiRoutes.contingencySetFile.path({ caseId });

/** A 422 that lists the file's unresolved lines, or null for any other failure. */
export function unresolvedOf(error: unknown): ContingencySetRefused | null {
  if (!(error instanceof ApiClientError) || error.code !== 'CONTINGENCY_FILE_UNRESOLVED') {
    return null;
  }
  const parsed = contingencySetRefusedSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
