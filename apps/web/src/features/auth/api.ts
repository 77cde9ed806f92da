import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUser,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  UserResponse,
} from '@vault/contracts';
import { ApiError, apiRequest } from '../../lib/api-client';

export { currentUserKey, NetworkError, useCurrentUser } from '../../lib/current-user';

import { currentUserKey } from '../../lib/current-user';

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await apiRequest('POST', url, body);
  return (await response.json()) as T;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => postJson<UserResponse>('/api/auth/login', body),
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => postJson<UserResponse>('/api/auth/register', body) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => postJson<MessageResponse>('/api/auth/forgot-password', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => postJson<MessageResponse>('/api/auth/reset-password', body),
  });
}

/** SPEC §4: logout goes to / even when the call fails; either way nothing of the member stays cached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async (navigate: (to: string) => void) => {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch {
      // still leave
    }
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, null);
    navigate('/');
  };
}

/** Full-page navigations to the external sign-in flows (SPEC §7). */
export const externalSignIn = {
  google: () => window.location.assign('/api/auth/google'),
  provider: () => window.location.assign('/api/login'),
};
