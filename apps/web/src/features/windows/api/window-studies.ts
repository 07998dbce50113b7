import { apiRoutes, studyListResponseSchema, type StudyListItem } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { windowsKey } from './get-windows';

/**
 * The studies a window can be computed over (firm in each scenario × year): the user's own,
 * not the demo; the window takes the newest version's file and base network, computed or not.
 */
export function windowStudies(studies: readonly StudyListItem[]): StudyListItem[] {
  return studies
    .filter((item) => !item.isDemo)
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

export const windowStudiesQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: [...windowsKey(userKey), 'studies'],
    queryFn: async ({ signal }) =>
      windowStudies(
        (await api.get(apiRoutes.studies.path(), studyListResponseSchema, signal)).studies,
      ),
    staleTime: 0,
  });
