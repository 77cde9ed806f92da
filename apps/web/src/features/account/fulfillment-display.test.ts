import { fulfillmentMessages } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { answerError } from '../../lib/api-client';
import { withReturn } from './api/orders';
import {
  reasonProblem,
  refundedInFull,
  refundLines,
  refundSummary,
  returnableText,
  returnLine,
  returnMessage,
  returnRequestProblem,
  returnWindowNote,
  shipmentLine,
} from './fulfillment-display';
import { orderView, returnOf, shipmentOf } from './orders.fixture';

const UPS_URL = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';

describe('the shipment line of an order', () => {
  it('reads Processing before the order is bundled into a package, and while it is packed', () => {
    expect(shipmentLine(orderView({ shipment: null }))).toEqual({
      status: 'processing',
      text: 'Processing',
      trackingUrl: null,
    });
    expect(shipmentLine(orderView({ shipment: shipmentOf('processing') }))?.text).toBe('Processing');
  });

  it('reads Shipped with the day, the carrier and the tracking number, and links the tracking page', () => {
    expect(shipmentLine(orderView({ status: 'completed', shipment: shipmentOf('shipped') }))).toEqual({
      status: 'shipped',
      text: 'Shipped Mar 6, 2026 · UPS 1Z999AA10123456784',
      trackingUrl: UPS_URL,
    });
  });

  it('leaves the carrier and number to the Track link in the compact /account list', () => {
    expect(shipmentLine(orderView({ shipment: shipmentOf('shipped') }), { compact: true })?.text).toBe(
      'Shipped Mar 6, 2026',
    );
  });

  it('names each carrier by its label', () => {
    const fedex = shipmentOf('shipped', { carrier: 'fedex', trackingNumber: '123456789012' });
    expect(shipmentLine(orderView({ shipment: fedex }))?.text).toBe('Shipped Mar 6, 2026 · FedEx 123456789012');
  });

  it('reads Delivered with its day, keeping the tracking page', () => {
    expect(shipmentLine(orderView({ status: 'completed', shipment: shipmentOf('delivered') }))).toEqual({
      status: 'delivered',
      text: 'Delivered Mar 9, 2026',
      trackingUrl: UPS_URL,
    });
  });

  it('has no line for an order that will never ship', () => {
    expect(shipmentLine(orderView({ status: 'voided' }))).toBeNull();
    expect(shipmentLine(orderView({ status: 'failed' }))).toBeNull();
  });
});

describe('refunds', () => {
  const half = { amount: '60.00', createdAt: '2026-03-12T12:00:00.000Z' };
  const rest = { amount: '60.00', createdAt: '2026-03-14T12:00:00.000Z' };

  it('says each refund with its amount and day, oldest first', () => {
    expect(refundLines([half, rest])).toEqual(['Refunded $60.00 on Mar 12, 2026', 'Refunded $60.00 on Mar 14, 2026']);
  });

  it('is refunded in full only when the refunds add up to the total', () => {
    expect(refundedInFull(orderView({ refunds: [] }))).toBe(false);
    expect(refundedInFull(orderView({ refunds: [half] }))).toBe(false);
    expect(refundedInFull(orderView({ refunds: [half, rest] }))).toBe(true);
    // Cents add up exactly where floats would not (0.1 + 0.2).
    const odd = [
      { amount: '0.10', createdAt: half.createdAt },
      { amount: '0.20', createdAt: rest.createdAt },
    ];
    expect(refundedInFull(orderView({ totalAmount: '0.30', refunds: odd }))).toBe(true);
  });

  it('sums them into one line for the compact list', () => {
    expect(refundSummary([])).toBeNull();
    expect(refundSummary([half])).toBe('Refunded $60.00');
    expect(refundSummary([half, { amount: '1234.50', createdAt: rest.createdAt }])).toBe('Refunded $1,294.50');
  });
});

describe('returns', () => {
  it('reads the status label with the return number', () => {
    expect(returnLine(returnOf('requested'))).toBe('Return requested · RMA-1042');
    expect(returnLine(returnOf('approved'))).toBe('Return approved · RMA-1042');
    expect(returnLine(returnOf('declined'))).toBe('Return declined · RMA-1042');
    expect(returnLine(returnOf('received'))).toBe('Return received · RMA-1042');
  });

  it("shows the admin's instructions on an approval and explanation on a decline", () => {
    expect(returnMessage(returnOf('approved', { message: 'Ship it back in its box' }))).toEqual({
      label: 'Instructions',
      text: 'Ship it back in its box',
    });
    expect(returnMessage(returnOf('declined', { message: 'Used knives cannot be returned' }))).toEqual({
      label: 'Why it was declined',
      text: 'Used knives cannot be returned',
    });
    expect(returnMessage(returnOf('approved'))).toBeNull();
    expect(returnMessage(returnOf('received', { message: 'Ship it back in its box' }))).toBeNull();
  });

  it('dates the last day a return may be asked for', () => {
    expect(returnableText('2026-04-08T12:00:00.000Z')).toBe('until Apr 8, 2026');
  });

  it('states the window on a package on its way and on one whose window is over', () => {
    const note = fulfillmentMessages.returnWindowClosed(30);
    expect(returnWindowNote(orderView({ shipment: shipmentOf('shipped') }), 30)).toBe(note);
    expect(returnWindowNote(orderView({ shipment: shipmentOf('delivered') }), 30)).toBe(note);
    // Not while it is packed, nor beside a Request a return, a return, a void, a full refund, or before the settings arrive.
    expect(returnWindowNote(orderView({ shipment: shipmentOf('processing') }), 30)).toBeNull();
    const returnable = { shipment: shipmentOf('delivered'), returnableUntil: '2026-04-08T12:00:00.000Z' };
    expect(returnWindowNote(orderView(returnable), 30)).toBeNull();
    expect(returnWindowNote(orderView({ shipment: shipmentOf('delivered'), return: returnOf('declined') }), 30)).toBe(
      null,
    );
    expect(returnWindowNote(orderView({ status: 'voided', shipment: shipmentOf('shipped') }), 30)).toBeNull();
    expect(returnWindowNote(orderView({ shipment: shipmentOf('shipped') }), undefined)).toBeNull();
    const refunded = [{ amount: '120.00', createdAt: '2026-03-07T12:00:00.000Z' }];
    expect(returnWindowNote(orderView({ shipment: shipmentOf('shipped'), refunds: refunded }), 30)).toBeNull();
  });

  it("asks for a reason in the contract's words, and takes one up to 1,000 characters", () => {
    expect(reasonProblem('')).toBe(fulfillmentMessages.reasonRequired);
    expect(reasonProblem('   ')).toBe(fulfillmentMessages.reasonRequired);
    expect(reasonProblem('The blade arrived chipped')).toBeUndefined();
    expect(reasonProblem('x'.repeat(1000))).toBeUndefined();
    expect(reasonProblem('x'.repeat(1001))).toBeDefined();
  });

  it("reads a refused request in the server's words", () => {
    const refused = answerError(
      409,
      JSON.stringify({ message: fulfillmentMessages.returnWindowClosed(30), code: 'return_not_allowed' }),
    );
    expect(returnRequestProblem(refused)).toBe('Returns can be requested within 30 days of delivery');
    expect(returnRequestProblem(new Error('offline'))).toBe('Could not request the return. Please try again.');
  });

  it('puts a requested return on its order and closes its window', () => {
    const other = orderView({ id: '11111111-2222-4333-8444-555555555555' });
    const mine = orderView({ shipment: shipmentOf('delivered'), returnableUntil: '2026-04-08T12:00:00.000Z' });
    const [first, second] = withReturn([other, mine], mine.id, returnOf('requested'));
    expect(first).toEqual(other);
    expect(second).toMatchObject({ return: { number: 'RMA-1042', status: 'requested' }, returnableUntil: null });
  });
});
