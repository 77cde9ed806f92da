import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, UserResponse } from '@vault/contracts';
import { ApiError, api } from '../lib/api-client';
import { takeBootRead } from '../lib/boot-reads';
import { currentUserKey } from '../lib/query-keys';

// The signed-in member, read by every feature (guards, show, account, admin).

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    // The first check uses the read index.html started with the page; later ones ask again.
    const boot = takeBootRead<UserResponse>(currentUserKey[0]);
    return (boot ? (await boot).value : await api.get<UserResponse>(currentUserKey[0])).user;
  } catch (error) {
    // For the current-user call, a 401 means "no user", not an error.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The current-user cache: fresh for 5 minutes, kept 10, never retried. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
