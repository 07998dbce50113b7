import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

export const queryDefaults = {
  queries: {
    staleTime: 60_000,
    retry: 1,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(defaultOptions: DefaultOptions = queryDefaults): QueryClient {
  return new QueryClient({ defaultOptions });
}
