import { AdminShipment, carrierFormats, fulfillmentMessages } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { refundFormSchema } from './refund-form-schema';
import { returnActions } from './return-card';
import { ShipFormSchema, shipFormDefaults } from './ship-form-schema';
import {
  byShipBy,
  carrierOptions,
  itemFactsText,
  mergeCandidates,
  refundLeft,
  showTitle,
  splitProblem,
  trackingProblem,
} from './shipment-text';
import { item, returned, shipment } from './test-fixtures';

describe('the packing bench', () => {
  it('has fixtures the contract accepts', () => {
    expect(AdminShipment.parse(shipment())).toEqual(shipment());
  });

  it('names a test-product package by what it holds, and each item by its class and exact blade', () => {
    expect(showTitle(shipment({ show: null }))).toBe('Test products');
    expect(showTitle(shipment())).toBe('Friday Night Blades');
    expect(itemFactsText(item())).toBe('Automatic (side-opener) · 3.50 in');
    expect(itemFactsText(item({ legalClass: null, bladeLength: null }))).toBe('Unclassified');
  });

  it('lists the oldest ship-by day first', () => {
    const later = shipment({ id: 'a1b2c3d4-0000-4000-8000-000000000002', shipBy: '2026-03-09' });
    const sooner = shipment({ shipBy: '2026-02-27' });
    expect([later, sooner].sort(byShipBy).map((s) => s.shipBy)).toEqual(['2026-02-27', '2026-03-09']);
  });

  it('splits only when at least one item moves and at least one stays, in the server’s words', () => {
    expect(splitProblem(0, 2)).toBe(fulfillmentMessages.splitNeedsItems);
    expect(splitProblem(2, 2)).toBe(fulfillmentMessages.splitNeedsItems);
    expect(splitProblem(1, 2)).toBeNull();
    expect(splitProblem(2, 3)).toBeNull();
    expect(splitProblem(1, 1)).toBe(fulfillmentMessages.splitNeedsItems);
  });

  it('merges only with another package still to pack, of the same member, to the same address', () => {
    const mine = shipment();
    const same = shipment({ id: 'a1b2c3d4-0000-4000-8000-000000000002' });
    const elsewhere = shipment({ id: 'a1b2c3d4-0000-4000-8000-000000000003', shipTo: '1 Other Rd\nDallas, TX 75201' });
    const someoneElse = shipment({
      id: 'a1b2c3d4-0000-4000-8000-000000000004',
      member: { id: '32222222-2222-4222-8222-222222222222', email: 'bob@example.com', fullName: null },
    });
    const capturing = shipment({ id: 'a1b2c3d4-0000-4000-8000-000000000005', status: 'shipping' });
    expect(mergeCandidates(mine, [mine, same, elsewhere, someoneElse, capturing])).toEqual([same]);
  });
});

describe('the Ship form', () => {
  it('offers only the carriers every item allows, the first with its first service', () => {
    expect(carrierOptions(['ups', 'fedex'])).toEqual([
      { value: 'ups', label: 'UPS' },
      { value: 'fedex', label: 'FedEx' },
    ]);
    expect(shipFormDefaults(shipment())).toEqual({ carrier: 'ups', service: 'UPS Ground', trackingNumber: '' });
  });

  it('refuses a tracking number that does not fit the carrier, with the server’s message', () => {
    expect(trackingProblem('ups', '')).toBe(fulfillmentMessages.trackingRequired);
    expect(trackingProblem('ups', '1Z999AA10123456785')).toBe(
      'That is not a UPS tracking number (for example 1Z999AA10123456784)',
    );
    expect(trackingProblem('ups', '1z999aa1 0123-456784')).toBeNull();
    expect(trackingProblem('fedex', carrierFormats.fedex.example)).toBeNull();
    expect(trackingProblem('dhl', '123')).toBe(fulfillmentMessages.trackingInvalid('dhl'));

    const refused = ShipFormSchema.safeParse({
      carrier: 'fedex',
      service: 'FedEx Ground',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['trackingNumber'], message: fulfillmentMessages.trackingInvalid('fedex') }),
    ]);
    expect(ShipFormSchema.safeParse({ carrier: 'fedex', service: '', trackingNumber: '123456789012' }).success).toBe(
      true,
    );
  });
});

describe('returns and refunds', () => {
  it('offers what comes next: decide, receive, then refund what is left', () => {
    expect(returnActions(returned({ status: 'requested' }))).toEqual(['approve', 'decline']);
    expect(returnActions(returned({ status: 'approved' }))).toEqual(['receive']);
    expect(returnActions(returned({ status: 'received' }))).toEqual(['refund']);
    expect(returnActions(returned({ status: 'declined' }))).toEqual([]);
    const settled = returned({ status: 'refunded' });
    expect(returnActions({ ...settled, purchase: { ...settled.purchase, refundedAmount: '100.00' } })).toEqual([]);
  });

  it('prefills what is left of the capture and refuses more, in the server’s words', () => {
    const { purchase } = returned();
    expect(refundLeft(purchase)).toBe('74.50');
    expect(refundLeft({ ...purchase, capturedAmount: null })).toBe('0.00');
    const schema = refundFormSchema('74.50');
    expect(schema.safeParse({ amount: '74.50', reason: 'Lock fault' }).success).toBe(true);
    expect(schema.safeParse({ amount: '74.51', reason: 'Lock fault' }).error?.issues[0]?.message).toBe(
      'At most $74.50 can still be refunded on this purchase',
    );
    expect(schema.safeParse({ amount: '0.00', reason: 'x' }).error?.issues[0]?.message).toBe(
      fulfillmentMessages.refundAmount,
    );
    expect(schema.safeParse({ amount: '10.00', reason: ' ' }).error?.issues[0]?.message).toBe(
      fulfillmentMessages.reasonRequired,
    );
  });
});
