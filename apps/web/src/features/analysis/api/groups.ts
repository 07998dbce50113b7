import {
  analysisPaths,
  caseAnalysesResponseSchema,
  caseGeneratorsResponseSchema,
  createGroupAnalysisResponseSchema,
  groupAnalysisResponseSchema,
  type AnalysisOptions,
  type CaseAnalysesResponse,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

/** While a group is queued or running, its list is asked again this often (its progress). */
export const ANALYSES_POLL_MS = 2000;

const inProgress = (data: CaseAnalysesResponse | undefined) =>
  data?.analyses.some((item) => item.state === 'queued' || item.state === 'running') ?? false;

/** GET …/analyses: the groups run on the case (the upload's first), their state and figures. */
export const analysesQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['analysis', 'groups', caseId],
    queryFn: ({ signal }) =>
      api.get(analysisPaths.analyses(caseId), caseAnalysesResponseSchema, signal),
    retry: false,
    refetchInterval: (query) => (inProgress(query.state.data) ? ANALYSES_POLL_MS : false),
  });

/** GET …/analyses/{analysisId}: one group's flexibility (stored, so kept as long as the page). */
export const groupAnalysisQueryOptions = (caseId: string, analysisId: string) =>
  queryOptions({
    queryKey: ['analysis', 'group', caseId, analysisId],
    queryFn: ({ signal }) =>
      api.get(analysisPaths.analysis(caseId, analysisId), groupAnalysisResponseSchema, signal),
    retry: false,
    staleTime: Infinity,
  });

/** GET …/generators: the units and the group options a study group is chosen from. */
export const generatorsQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['analysis', 'generators', caseId],
    queryFn: ({ signal }) =>
      api.get(analysisPaths.generators(caseId), caseGeneratorsResponseSchema, signal),
    retry: false,
    staleTime: Infinity,
  });

/**
 * POST …/analyses { group, options }: 202 with the group's analysis and the job computing it.
 * Without options, the defaults (issue #25: one analysis per group and options).
 */
export function createGroupAnalysis(
  caseId: string,
  group: string,
  options?: AnalysisOptions,
  signal?: AbortSignal,
) {
  return apiRequest(analysisPaths.analyses(caseId), createGroupAnalysisResponseSchema, {
    method: 'POST',
    body: options === undefined ? { group } : { group, options },
    ...(signal === undefined ? {} : { signal }),
  });
}
