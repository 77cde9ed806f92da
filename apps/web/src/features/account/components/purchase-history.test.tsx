import type { OrderView, PurchaseView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { purchasesKey } from '../../../lib/query-keys';
import { ordersKey } from '../api/orders';
import { orderView, shipmentOf } from '../orders.fixture';
import { PurchaseHistory } from './purchase-history';
import { renderWithData, tagAround, textOf } from './render.fixture';

const ID = '3f2a9c1d-5b6e-4c7d-8e9f-0a1b2c3d4e5f';
const purchase: PurchaseView = {
  id: ID,
  showItemId: '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
  itemTitle: 'Damascus Hunter',
  amount: '120.00',
  status: 'completed',
  createdAt: '2026-03-04T12:00:00.000Z',
};

const render = (purchases: PurchaseView[], orders?: OrderView[]) => {
  const html = renderWithData(<PurchaseHistory />, [
    [purchasesKey, purchases],
    ...(orders ? ([[ordersKey, orders]] as const) : []),
  ]);
  return { html, text: textOf(html) };
};

describe('the /account purchase history', () => {
  it("keeps SPEC's item, date, amount and status, with the package's status and Track after the date", () => {
    const shipped = orderView({ status: 'completed', shipment: shipmentOf('shipped') });
    const { html, text } = render([purchase], [shipped]);
    expect(text).toBe(
      'Purchase History Damascus Hunter Mar 4, 2026 Shipped Mar 6, 2026 Track for order 3f2a9c1d (opens in a new tab) $120.00 completed',
    );
    const link = tagAround(html, 'Track', 'a');
    expect(link).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(link).toContain('rel="noopener noreferrer"');
  });

  it('sums the refunds into one line', () => {
    const refunds = [
      { amount: '60.00', createdAt: '2026-03-12T12:00:00.000Z' },
      { amount: '20.00', createdAt: '2026-03-14T12:00:00.000Z' },
    ];
    const delivered = orderView({ status: 'completed', shipment: shipmentOf('delivered'), refunds });
    expect(render([purchase], [delivered]).text).toContain('Delivered Mar 9, 2026 Track for order');
    expect(render([purchase], [delivered]).text).toContain('Refunded $80.00 $120.00 completed');
  });

  it('reads as SPEC has it until the orders arrive', () => {
    expect(render([purchase]).text).toBe('Purchase History Damascus Hunter Mar 4, 2026 $120.00 completed');
  });

  it("keeps SPEC's empty message", () => {
    expect(render([]).text).toBe('Purchase History No purchases yet. Head to the show to claim your first item!');
  });
});
