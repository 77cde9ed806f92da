import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../lib/api-client';
import { forgetEligibility } from '../lib/live-show/eligibility';
import { currentUserKey } from '../lib/query-keys';

/** Logout goes to / even when the call fails; either way nothing of the member stays cached. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/api/auth/logout');
    } catch {
      // still leave
    }
    queryClient.clear();
    forgetEligibility();
    queryClient.setQueryData(currentUserKey, null);
    navigate('/');
  };
}
