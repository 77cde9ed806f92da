import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@vault/contracts';
import { profileKey } from '../lib/query-keys';

/** GET /api/profile: shown on /account and used to prefill onboarding's profile step. */
export function useProfile() {
  return useQuery<ProfileResponse>({ queryKey: profileKey });
}
