import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, OpaqueDataBody, PaymentMethodView } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { currentUserKey, paymentMethodsKey } from '../../../lib/query-keys';

export function usePaymentMethods() {
  return useQuery<PaymentMethodView[]>({ queryKey: paymentMethodsKey });
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpaqueDataBody) => api.post<PaymentMethodView>('/api/payment-methods', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageResponse>(`/api/payment-methods/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}
