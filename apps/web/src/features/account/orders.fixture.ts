import type { MemberReturn, OrderShipment, OrderView } from '@vault/contracts';

// For tests: an order in each state after the sale, with the fields each test cares about overridden.

const ORDER_ID = '3f2a9c1d-5b6e-4c7d-8e9f-0a1b2c3d4e5f';
const SHIPMENT_ID = '7c1e2d3f-4a5b-4c6d-9e8f-1a2b3c4d5e6f';
const RETURN_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

export function orderView(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: ORDER_ID,
    status: 'authorized',
    createdAt: '2026-03-04T12:00:00.000Z',
    productTitle: 'Damascus Hunter',
    quantity: 1,
    totalAmount: '120.00',
    shippingAddress: '12 Forge Lane, Austin, TX 78701',
    shipment: null,
    refunds: [],
    return: null,
    returnableUntil: null,
    ...overrides,
  };
}

export function shipmentOf(status: OrderShipment['status'], overrides: Partial<OrderShipment> = {}): OrderShipment {
  const left = status !== 'processing';
  return {
    id: SHIPMENT_ID,
    status,
    carrier: left ? 'ups' : null,
    trackingNumber: left ? '1Z999AA10123456784' : null,
    trackingUrl: left ? 'https://www.ups.com/track?tracknum=1Z999AA10123456784' : null,
    shippedAt: left ? '2026-03-06T12:00:00.000Z' : null,
    deliveredAt: status === 'delivered' ? '2026-03-09T12:00:00.000Z' : null,
    ...overrides,
  };
}

export function returnOf(status: MemberReturn['status'], overrides: Partial<MemberReturn> = {}): MemberReturn {
  return {
    id: RETURN_ID,
    number: 'RMA-1042',
    status,
    reason: 'The blade arrived chipped',
    message: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}
