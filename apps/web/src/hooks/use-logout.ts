import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../lib/api-client';
import { forgetEligibility } from '../lib/live-show/eligibility';
import { disablePush } from '../lib/push/client';
import { currentUserKey } from '../lib/query-keys';

/**
 * Logout goes to / even when the call fails; either way nothing of the member stays cached and this
 * browser's push subscription is dropped.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // A signed-out browser must not keep receiving this member's pushes (what they won, what
    // shipped): on a shared phone the next person would read them. Done while the session still
    // names the subscription's owner; every step of it has a deadline and never throws.
    await disablePush();
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
