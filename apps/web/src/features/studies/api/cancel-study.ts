import { apiRoutes, studyStateSchema } from '@holgura/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Parser } from '../../../lib/api-client';
import { studiesKey } from './get-studies';

type Cancelled = { studyId: string; state: 'cancelled' };

/** `{ studyId, state: 'cancelled' }` (the contracts have no schema of its own for it). */
const cancelledSchema: Parser<Cancelled> = {
  safeParse: (data) => {
    const body = data as Partial<Cancelled> | undefined;
    return typeof body?.studyId === 'string' && studyStateSchema.safeParse(body.state).success
      ? { success: true, data: { studyId: body.studyId, state: 'cancelled' } }
      : { success: false };
  },
};

/** Stops the running version; 409 STUDY_NOT_RUNNING when nothing runs. Earlier results stay. */
export function cancelStudy(studyId: string): Promise<Cancelled> {
  return apiRequest(apiRoutes.studyCancel.path({ studyId }), cancelledSchema, { method: 'POST' });
}

export function useCancelStudy(userKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStudy,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studiesKey(userKey) }),
  });
}
