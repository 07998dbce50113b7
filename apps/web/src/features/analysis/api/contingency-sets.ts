import {
  apiRoutes,
  contingencySetRefusedSchema,
  contingencySetResponseSchema,
  MAX_CONTINGENCY_FILE_BYTES,
  MAX_CONTINGENCY_FILES,
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
 * PUT the definition files (issue #30). One file goes raw, its name in `x-file-name`
 * (URI-encoded, as the case upload sends it); several (a .con with its .sub and .mon, at most
 * MAX_CONTINGENCY_FILES) go as a multipart form, each as `file` under its name — the server
 * tells them apart by content, and the browser writes the Content-Type with its boundary.
 * 200 with the set and the capacity job computing the case on it; 422 with the lines that
 * resolve to nothing (`unresolvedOf`), an invalid or empty file, a missing contingency file or
 * two of a kind; 413 too large. Too many files, or one over the limit, are refused here, without
 * sending anything.
 */
export function putContingencySet(caseId: string, files: readonly File[]) {
  if (files.length > MAX_CONTINGENCY_FILES) {
    return Promise.reject(
      new ApiClientError(
        'CONTINGENCY_FILES_TOO_MANY',
        esContingencySets.tooMany(files.length, MAX_CONTINGENCY_FILES),
        null,
      ),
    );
  }
  const big = files.find((file) => file.size > MAX_CONTINGENCY_FILE_BYTES);
  if (big !== undefined) {
    return Promise.reject(
      new ApiClientError(
        'INPUT_TOO_LARGE',
        esContingencySets.tooLarge(
          big.name,
          formatNumber(big.size / (1024 * 1024), 1),
          maxContingencyFileMb(),
        ),
        null,
      ),
    );
  }
  const path = apiRoutes.contingencySet.path({ caseId });
  const [only] = files;
  if (files.length === 1 && only !== undefined) {
    return apiRequest(path, contingencySetResponseSchema, {
      method: 'PUT',
      rawBody: only,
      headers: {
        'Content-Type': 'application/octet-stream',
        'X-File-Name': encodeURIComponent(only.name),
      },
    });
  }
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return apiRequest(path, contingencySetResponseSchema, { method: 'PUT', rawBody: form });
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

/** The parts of a set sent with its contingency file: its .sub and its .mon. */
export type ContingencySetFilePart = 'subsystems' | 'monitored';

/**
 * A file as it was sent (GET …/contingency-set/file): the contingency file, or with `part` the
 * .sub (`subsystems`) or the .mon (`monitored`) sent with it.
 */
export const contingencySetFilePath = (caseId: string, part?: ContingencySetFilePart) => {
  const path = apiRoutes.contingencySetFile.path({ caseId });
  return part === undefined ? path : `${path}?${new URLSearchParams({ part }).toString()}`;
};

/** A 422 that lists the file's unresolved lines, or null for any other failure. */
export function unresolvedOf(error: unknown): ContingencySetRefused | null {
  if (!(error instanceof ApiClientError) || error.code !== 'CONTINGENCY_FILE_UNRESOLVED') {
    return null;
  }
  const parsed = contingencySetRefusedSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
