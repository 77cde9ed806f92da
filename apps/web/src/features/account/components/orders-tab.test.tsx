import type { OrderView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { fulfillmentSettingsKey, ordersKey } from '../api/orders';
import { orderView, returnOf, shipmentOf } from '../orders.fixture';
import { OrdersTab } from './orders-tab';
import { renderWithData, tagAround, textOf } from './render.fixture';

const id = (n: number) => `${n}${n}${n}${n}${n}${n}${n}${n}-5b6e-4c7d-8e9f-0a1b2c3d4e5f`;
const half = { amount: '60.00', createdAt: '2026-03-12T12:00:00.000Z' };
const rest = { amount: '60.00', createdAt: '2026-03-14T12:00:00.000Z' };

const orders: OrderView[] = [
  orderView({ id: id(1) }),
  orderView({ id: id(2), status: 'completed', shipment: shipmentOf('shipped'), refunds: [half] }),
  orderView({
    id: id(3),
    status: 'completed',
    shipment: shipmentOf('delivered'),
    returnableUntil: '2026-04-08T12:00:00.000Z',
  }),
  orderView({
    id: id(4),
    status: 'completed',
    shipment: shipmentOf('delivered'),
    return: returnOf('approved', { message: 'Ship it back in its box' }),
  }),
  orderView({
    id: id(5),
    status: 'completed',
    shipment: shipmentOf('delivered'),
    refunds: [half, rest],
    return: returnOf('refunded'),
  }),
  orderView({ id: id(6), status: 'voided' }),
  orderView({ id: id(7), status: 'completed', shipment: shipmentOf('delivered') }),
];

/** The tab's HTML, one piece per order (the first piece is what comes before the first order). */
function renderTab(list: OrderView[] = orders) {
  const html = renderWithData(<OrdersTab />, [
    [ordersKey, list],
    [fulfillmentSettingsKey, { shipByBusinessDays: 2, returnWindowDays: 30, authorizationWarningDays: 5 }],
  ]);
  return { html, cards: html.split('Order #').slice(1) };
}

const card = (n: number) => {
  const found = renderTab().cards[n - 1];
  if (!found) throw new Error(`no order ${n}`);
  return { html: found, text: textOf(found) };
};

describe('the Orders tab', () => {
  it("keeps SPEC's fields and texts, and adds the shipment after Ships to", () => {
    expect(card(1).text).toBe(
      '11111111 authorized Mar 4, 2026 Damascus Hunter × 1 $120.00 Ships to: 12 Forge Lane, Austin, TX 78701 Processing',
    );
  });

  it('lists the orders in a scrolling area of height 96 units', () => {
    const { html, cards } = renderTab();
    expect(tagAround(html, 'data-testid="orders-scroll"', 'div')).toContain('h-96 overflow-y-auto');
    expect(cards).toHaveLength(orders.length);
  });

  it("keeps SPEC's empty text", () => {
    expect(textOf(renderTab([]).html)).toBe('No orders found. Start shopping to see your order history!');
  });

  it('shows a shipped package with its carrier, number and a tracking link opening in a new tab', () => {
    const { html, text } = card(2);
    expect(text).toContain('Shipped Mar 6, 2026 · UPS 1Z999AA10123456784 Track package for order 22222222');
    const link = tagAround(html, 'Track package', 'a');
    expect(link).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener noreferrer"');
    expect(text).toContain('Returns can be requested within 30 days of delivery');
  });

  it('shows a delivered package with its day', () => {
    expect(card(7).text).toContain('Delivered Mar 9, 2026 Track package');
  });

  it('says no Processing for a voided order', () => {
    expect(card(6).text).not.toContain('Processing');
    expect(card(6).text).toMatch(/Ships to: 12 Forge Lane, Austin, TX 78701$/);
  });

  it('lists each refund, with a Refunded badge only once all was refunded', () => {
    const partial = card(2);
    expect(partial.text).toContain('Refunded $60.00 on Mar 12, 2026');
    expect(partial.html).not.toMatch(/data-variant="secondary"[^>]*>Refunded</);
    const full = card(5);
    expect(full.text).toContain('Refunded $60.00 on Mar 12, 2026 Refunded $60.00 on Mar 14, 2026');
    expect(full.html).toMatch(/data-variant="secondary"[^>]*>Refunded</);
  });

  it("shows the latest return's status and number, and the admin's instructions", () => {
    expect(card(4).text).toContain('Return approved · RMA-1042 Instructions: Ship it back in its box');
    expect(card(5).text).toContain('Refund issued · RMA-1042');
    expect(card(4).text).not.toContain('Request a return');
  });

  it('offers Request a return, with its last day, only while a return may be asked for', () => {
    expect(card(3).text).toMatch(/Delivered Mar 9, 2026 Track package .* Request a return until Apr 8, 2026$/);
    expect(card(7).text).not.toContain('Request a return');
    expect(card(7).text).toContain('Returns can be requested within 30 days of delivery');
  });
});
