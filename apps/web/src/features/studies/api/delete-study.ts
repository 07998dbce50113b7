import { apiRoutes } from '@holgura/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Parser } from '../../../lib/api-client';
import { studiesKey } from './get-studies';

/** DELETE answers 204 with no body. */
const noContent: Parser<undefined> = {
  safeParse: (data) => (data === undefined ? { success: true, data } : { success: false }),
};

/** Deletes a study with every version, case and result. */
export function deleteStudy(studyId: string): Promise<undefined> {
  return apiRequest(apiRoutes.study.path({ studyId }), noContent, { method: 'DELETE' });
}

export function useDeleteStudy(userKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studiesKey(userKey) }),
  });
}
