import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageResponse,
  OpaqueDataBody,
  OrderView,
  PaymentMethodView,
  ProfileResponse,
  ProfileUpdateBody,
  PurchaseView,
} from '@vault/contracts';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { paymentMethodsKey, profileKey, purchasesKey } from '../../lib/query-keys';

const ordersKey = ['/api/orders'] as const;

async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

export function useProfile() {
  return useQuery<ProfileResponse>({ queryKey: profileKey });
}

export function usePaymentMethods() {
  return useQuery<PaymentMethodView[]>({ queryKey: paymentMethodsKey });
}

export function useOrders() {
  return useQuery<OrderView[]>({ queryKey: ordersKey });
}

export function usePurchases() {
  return useQuery<PurchaseView[]>({ queryKey: purchasesKey });
}

/** PUT /api/profile; the current user is refreshed too, since it carries the name (SPEC §7). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => sendJson<ProfileResponse>('PUT', '/api/profile', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpaqueDataBody) => sendJson<PaymentMethodView>('POST', '/api/payment-methods', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<MessageResponse>('DELETE', `/api/payment-methods/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}
