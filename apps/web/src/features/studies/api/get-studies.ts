import { apiRoutes, studyListResponseSchema, type StudyListItem } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of this feature starts with this key, per signed-in user. */
export const studiesKey = (userKey: string) => ['studies', userKey] as const;

/** The demo study first, then the user's own, newest first (the API's order). */
export async function getStudies(signal?: AbortSignal): Promise<StudyListItem[]> {
  const { studies } = await api.get(apiRoutes.studies.path(), studyListResponseSchema, signal);
  return studies;
}

export const studiesQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: [...studiesKey(userKey), 'list'],
    queryFn: ({ signal }) => getStudies(signal),
    staleTime: 0,
  });

export const isActive = (study: Pick<StudyListItem, 'state'>) =>
  study.state === 'queued' || study.state === 'running';
