import { windowPaths } from '@holgura/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Parser } from '../../../lib/api-client';
import { windowsKey } from './get-windows';

/** DELETE answers 204 with no body. */
const noContent: Parser<undefined> = {
  safeParse: (data) => (data === undefined ? { success: true, data } : { success: false }),
};

/** Deletes a window (its job stops if it still runs). */
export function deleteWindow(windowId: string): Promise<undefined> {
  return apiRequest(windowPaths.one(windowId), noContent, { method: 'DELETE' });
}

export function useDeleteWindow(userKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWindow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: windowsKey(userKey) }),
  });
}
