import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUser,
  OnboardingProfileBody,
  OpaqueDataBody,
  PreauthResponse,
  UserResponse,
} from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { refreshEligibility } from '../../../lib/live-show/eligibility';
import { currentUserKey, paymentMethodsKey, profileKey } from '../../../lib/query-keys';

/** Step 2: POST /api/onboarding/complete. The address and date of birth decide what the member may buy. */
export function useSaveOnboardingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingProfileBody) => api.post<UserResponse>('/api/onboarding/complete', body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserKey, user);
      void queryClient.invalidateQueries({ queryKey: profileKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      refreshEligibility();
    },
  });
}

/** Step 3: the Accept.js token becomes the member's saved, pre-authorized card. */
export function usePreauthorizeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpaqueDataBody) => api.post<PreauthResponse>('/api/payment/preauth', body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<CurrentUser | null>(currentUserKey, (current) =>
        current ? { ...current, onboardingCompleted: user.onboardingCompleted } : current,
      );
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
    },
  });
}
