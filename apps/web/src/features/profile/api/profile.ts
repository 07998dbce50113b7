import { apiRoutes, profileSchema, type UpdateProfileRequest } from '@holgura/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => api.get(apiRoutes.profile.path(), profileSchema, signal),
    staleTime: 0,
  });

export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled });
}

/** PUT /api/profile: 403 PROFILE_NOT_EDITABLE for SAX users (docs/product.md §6). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileRequest) =>
      api.put(apiRoutes.profile.path(), profileSchema, changes),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
    },
  });
}
