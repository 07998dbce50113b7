import { windowListResponseSchema, windowPaths, type WindowSummary } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of this feature starts with this key, per signed-in user. */
export const windowsKey = (userKey: string) => ['windows', userKey] as const;

/** The user's windows, newest first (the API's order). */
export async function getWindows(signal?: AbortSignal): Promise<WindowSummary[]> {
  const { windows } = await api.get(windowPaths.list(), windowListResponseSchema, signal);
  return windows;
}

export const windowsQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: [...windowsKey(userKey), 'list'],
    queryFn: ({ signal }) => getWindows(signal),
    staleTime: 0,
  });

export const isActive = (window: Pick<WindowSummary, 'state'>) =>
  window.state === 'queued' || window.state === 'running';
