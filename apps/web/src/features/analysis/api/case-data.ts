import { caseDataSchema } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const caseDataPath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}/data`;

export const caseDataQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['analysis', 'case-data', caseId],
    queryFn: ({ signal }) => api.get(caseDataPath(caseId), caseDataSchema, signal),
    retry: false,
  });
