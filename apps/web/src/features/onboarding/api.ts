import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUser,
  OnboardingProfileBody,
  OpaqueDataBody,
  PreauthResponse,
  ProfileResponse,
  UserResponse,
} from '@vault/contracts';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { paymentMethodsKey, profileKey } from '../../lib/query-keys';

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await apiRequest('POST', url, body);
  return (await response.json()) as T;
}

/** What the member already told us, to prefill step 2. */
export function useProfile() {
  return useQuery<ProfileResponse>({ queryKey: profileKey });
}

/** Step 2: POST /api/onboarding/complete. */
export function useSaveOnboardingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingProfileBody) => postJson<UserResponse>('/api/onboarding/complete', body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserKey, user);
      void queryClient.invalidateQueries({ queryKey: profileKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

/** Step 3: the Accept.js token becomes the member's saved, pre-authorized card. */
export function usePreauthorizeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpaqueDataBody) => postJson<PreauthResponse>('/api/payment/preauth', body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<CurrentUser | null>(currentUserKey, (current) =>
        current ? { ...current, onboardingCompleted: user.onboardingCompleted } : current,
      );
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
    },
  });
}
