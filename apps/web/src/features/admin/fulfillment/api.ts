import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminRefund,
  AdminReturn,
  AdminReturnList,
  AdminShipment,
  AdminShipmentList,
  type RefundBody,
  type ReturnStatus,
  type ShipBody,
} from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { outcomeToasts } from '../shared/outcome-toasts';
import { memberName, shippedText } from './shipment-text';

// The packing bench: packages to pack, shipped and delivered, the returns, and the refunds. Every
// answer is checked against its contract, so a drifted answer fails here rather than showing a
// package wrongly.

export type ShipmentTab = 'processing' | 'shipped' | 'delivered';

const shipmentsUrl = '/api/admin/shipments';
const returnsUrl = '/api/admin/returns';
const shipmentsKey = [shipmentsUrl] as const;
const returnsKey = [returnsUrl] as const;
const shipmentUrl = (id: string, action?: string) =>
  `${shipmentsUrl}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** Read afresh each time a tab opens: the bundler and other admins change packages meanwhile. */
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

export const useShipments = (status: ShipmentTab) =>
  useQuery({
    queryKey: [shipmentsUrl, { status }],
    queryFn: async () => AdminShipmentList.parse(await api.get<unknown>(`${shipmentsUrl}?status=${status}`)),
    ...fresh,
  });

/** One package, for its packing slip. */
export const useShipment = (id: string) =>
  useQuery({
    queryKey: [shipmentsUrl, id],
    queryFn: async () => AdminShipment.parse(await api.get<unknown>(shipmentUrl(id))),
    ...fresh,
  });

export const useReturns = (status: ReturnStatus | null) =>
  useQuery({
    queryKey: [returnsUrl, { status }],
    queryFn: async () =>
      AdminReturnList.parse(await api.get<unknown>(status ? `${returnsUrl}?status=${status}` : returnsUrl)),
    ...fresh,
  });

// A change to one package can move it between tabs (shipped) or change another (merged into,
// split from): every list is read again.
const refreshShipments = (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: shipmentsKey });
const refreshReturns = (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: returnsKey });

/**
 * Mark shipped: the server captures every payment in the package first, so this can take as long as
 * the gateway does. The toast is the hook's own: the card leaves the To-pack list when it succeeds.
 */
export function useShip(shipment: AdminShipment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShipBody) =>
      AdminShipment.parse(await api.post<unknown>(shipmentUrl(shipment.id, 'ship'), body)),
    // A refusal is shown on the card itself (it stays in the list), not as a toast.
    onSuccess: (shipped) => toast({ title: 'Package shipped', description: shippedText(shipped), variant: 'success' }),
    onSettled: () => refreshShipments(queryClient),
  });
}

export function useDeliver(shipment: AdminShipment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => AdminShipment.parse(await api.post<unknown>(shipmentUrl(shipment.id, 'deliver'))),
    ...outcomeToasts({
      success: { title: 'Marked delivered', description: memberName(shipment.member), variant: 'success' },
      failure: 'Could not mark it delivered',
    }),
    onSettled: () => refreshShipments(queryClient),
  });
}

/** The chosen items go to a new package (the answer, 201). */
export function useSplit(shipment: AdminShipment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (purchaseIds: string[]) =>
      AdminShipment.parse(await api.post<unknown>(shipmentUrl(shipment.id, 'split'), { purchaseIds })),
    onSettled: () => refreshShipments(queryClient),
  });
}

/** The other package's items join this one; the other is gone. */
export function useMerge(shipment: AdminShipment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shipmentId: string) =>
      AdminShipment.parse(await api.post<unknown>(shipmentUrl(shipment.id, 'merge'), { shipmentId })),
    onSettled: () => refreshShipments(queryClient),
  });
}

export type ReturnDecision = { id: string } & (
  | { action: 'approve'; body: { instructions?: string } }
  | { action: 'decline'; body: { message: string } }
  | { action: 'receive'; body?: undefined }
);

/** Approve (a return number and instructions by email), decline (with the reason), or mark received. */
export function useDecideReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, body }: ReturnDecision) =>
      AdminReturn.parse(await api.post<unknown>(`${returnsUrl}/${encodeURIComponent(id)}/${action}`, body ?? {})),
    onSettled: () => refreshReturns(queryClient),
  });
}

/** A refund (or, before settlement, a void of the whole capture) of one purchase. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ purchaseId, body }: { purchaseId: string; body: RefundBody }) =>
      AdminRefund.parse(await api.post<unknown>(`/api/admin/purchases/${encodeURIComponent(purchaseId)}/refund`, body)),
    onSuccess: (refund) =>
      toast({
        title: refund.method === 'void' ? 'Payment voided in full' : 'Refund issued',
        description: `${formatMoney(refund.amount)}; ${formatMoney(refund.refundableAmount)} left to refund`,
        variant: 'success',
      }),
    onSettled: () => {
      refreshReturns(queryClient);
      refreshShipments(queryClient);
    },
  });
}
