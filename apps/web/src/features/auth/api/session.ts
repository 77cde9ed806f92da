import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, UserResponse } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/query-keys';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<UserResponse>('/api/auth/login', body),
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => api.post<UserResponse>('/api/auth/register', body) });
}

/** Full-page navigations to the external sign-in flows (Google, the external login). */
export const externalSignIn = {
  google: () => window.location.assign('/api/auth/google'),
  provider: () => window.location.assign('/api/login'),
};
