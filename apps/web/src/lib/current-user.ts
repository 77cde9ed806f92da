import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, UserResponse } from '@vault/contracts';
import { ApiError } from './api-client';

// The signed-in member, read by every feature (guards, show, account, admin): SPEC §7's
// current-user call, where a 401 means "no user" rather than an error.

export const currentUserKey = ['/api/auth/user'] as const;

/** The browser could not reach the API at all (as opposed to the API answering with an error). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Unable to connect', { cause });
    this.name = 'NetworkError';
  }
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  let response: Response;
  try {
    response = await fetch('/api/auth/user', { credentials: 'include' });
  } catch (error) {
    throw new NetworkError(error);
  }
  // SPEC §7: for the current-user call, a 401 means "no user", not an error.
  if (response.status === 401) return null;
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, text);
  return (JSON.parse(text) as UserResponse).user;
}

/** SPEC §7: fresh for 5 minutes, kept 10, never retried. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
