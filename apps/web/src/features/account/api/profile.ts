import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, ProfileUpdateBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { refreshEligibility } from '../../../lib/live-show/eligibility';
import { currentUserKey, profileKey } from '../../../lib/query-keys';

/**
 * PUT /api/profile; the current user is refreshed too, since it carries the name, and what the
 * member may buy, since the address and date of birth decide it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.put<ProfileResponse>('/api/profile', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      refreshEligibility();
    },
  });
}
