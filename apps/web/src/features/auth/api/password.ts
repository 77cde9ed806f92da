import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageResponse, ResetPasswordBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api.post<MessageResponse>('/api/auth/forgot-password', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<MessageResponse>('/api/auth/reset-password', body),
  });
}
