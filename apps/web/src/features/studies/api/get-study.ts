import { studyDetailSchema, type StudyDetail } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STUDIES_PATH, studiesKey } from './get-studies';

export const studyPath = (studyId: string) => `${STUDIES_PATH}/${encodeURIComponent(studyId)}`;

/** One study: its file (of the shown version), state and computed cases. 404 for others' ids. */
export function getStudy(studyId: string, signal?: AbortSignal): Promise<StudyDetail> {
  return api.get(studyPath(studyId), studyDetailSchema, signal);
}

export const studyQueryOptions = (userKey: string, studyId: string) =>
  queryOptions({
    queryKey: [...studiesKey(userKey), 'detail', studyId],
    queryFn: ({ signal }) => getStudy(studyId, signal),
    staleTime: 0,
  });
