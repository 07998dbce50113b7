import { apiRoutes, studyDetailSchema, type StudyDetail } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studiesKey } from './get-studies';

/** One study: its file (of the shown version), state and computed cases. 404 for others' ids. */
export function getStudy(studyId: string, signal?: AbortSignal): Promise<StudyDetail> {
  return api.get(apiRoutes.study.path({ studyId }), studyDetailSchema, signal);
}

export const studyQueryOptions = (userKey: string, studyId: string) =>
  queryOptions({
    queryKey: [...studiesKey(userKey), 'detail', studyId],
    queryFn: ({ signal }) => getStudy(studyId, signal),
    staleTime: 0,
  });
