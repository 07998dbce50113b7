import {
  windowDetailResponseSchema,
  windowPaths,
  type WindowDetailResponse,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { windowsKey } from './get-windows';

/** One window: its requests and, once done, the awards of the three rules. 404 for others'. */
export function getWindow(windowId: string, signal?: AbortSignal): Promise<WindowDetailResponse> {
  return api.get(windowPaths.one(windowId), windowDetailResponseSchema, signal);
}

export const windowQueryOptions = (userKey: string, windowId: string) =>
  queryOptions({
    queryKey: [...windowsKey(userKey), 'detail', windowId],
    queryFn: ({ signal }) => getWindow(windowId, signal),
    staleTime: 0,
  });
