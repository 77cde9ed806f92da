import { MutationObserver } from '@tanstack/react-query';
import { fulfillmentMessages, type OrderView } from '@vault/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { useToastStore } from '../../../lib/toast';
import { returnRequestProblem } from '../fulfillment-display';
import { orderView, returnOf, shipmentOf } from '../orders.fixture';
import { ordersKey, requestReturnOptions } from './orders';

const delivered = orderView({ shipment: shipmentOf('delivered'), returnableUntil: '2026-04-08T12:00:00.000Z' });

/** Submit the return form's request through the app's query client, the API answering `status` with `body`. */
function submit(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(ordersKey, [delivered]);
  const observer = new MutationObserver(queryClient, requestReturnOptions(queryClient));
  const result = observer.mutate({ purchaseId: delivered.id, reason: 'The blade arrived chipped' });
  return { fetch, queryClient, result };
}

describe('requesting a return', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('POSTs the reason, shows the return on its order at once and says its number in a toast', async () => {
    const { fetch, queryClient, result } = submit(201, returnOf('requested'));
    await expect(result).resolves.toMatchObject({ number: 'RMA-1042' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/returns',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ purchaseId: delivered.id, reason: 'The blade arrived chipped' }),
      }),
    );
    expect(queryClient.getQueryData<OrderView[]>(ordersKey)).toMatchObject([
      { return: { number: 'RMA-1042', status: 'requested' }, returnableUntil: null },
    ]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Return Requested',
      description: 'Your return number is RMA-1042. We will email you once it is reviewed.',
      variant: 'success',
    });
  });

  it("reads the server's message on a 409, in a toast too, and reads the changed order again", async () => {
    const refusal = { message: fulfillmentMessages.returnOpen, code: 'return_not_allowed' };
    const { queryClient, result } = submit(409, refusal);
    const error = await result.catch((e: unknown) => e);
    expect(returnRequestProblem(error)).toBe('A return of this item is already in progress');
    expect(queryClient.getQueryData<OrderView[]>(ordersKey)).toEqual([delivered]);
    expect(queryClient.getQueryState(ordersKey)?.isInvalidated).toBe(true);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Return Not Requested',
      description: 'A return of this item is already in progress',
      variant: 'destructive',
    });
  });

  it('keeps the form and the order as they are when the request did not get through', async () => {
    const { queryClient, result } = submit(503, { message: 'The vault is busy', code: 'service_unavailable' });
    const error = await result.catch((e: unknown) => e);
    expect(returnRequestProblem(error)).toBe('The vault is busy');
    expect(queryClient.getQueryState(ordersKey)?.isInvalidated).toBe(false);
  });
});
