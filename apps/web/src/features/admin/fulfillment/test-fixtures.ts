import type { AdminReturn, AdminShipment, ShipmentItem } from '@vault/contracts';

// Packages and returns as the API sends them, for the Fulfillment area's unit tests.

export const item = (overrides: Partial<ShipmentItem> = {}): ShipmentItem => ({
  purchaseId: '11111111-1111-4111-8111-111111111111',
  orderNumber: '11111111',
  showItemId: '21111111-1111-4111-8111-111111111111',
  title: 'Damascus Automatic',
  legalClass: 'automatic',
  bladeLength: '3.5',
  amount: '1234.00',
  status: 'authorized',
  capturedAmount: null,
  ...overrides,
});

export const shipment = (overrides: Partial<AdminShipment> = {}): AdminShipment => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  status: 'processing',
  member: { id: '31111111-1111-4111-8111-111111111111', email: 'ada@example.com', fullName: 'Ada Lovelace' },
  show: { id: '41111111-1111-4111-8111-111111111111', title: 'Friday Night Blades' },
  shipTo: '12 Analytical Way\nAustin, TX 78701',
  shipBy: '2026-03-04',
  late: false,
  carriers: ['ups', 'fedex'],
  adultSignature: false,
  carrier: null,
  service: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
  deliveredAt: null,
  lastError: null,
  authorizationExpiresAt: null,
  authorizationExpiring: false,
  items: [
    item(),
    item({
      purchaseId: '12222222-2222-4222-8222-222222222222',
      orderNumber: '12222222',
      title: 'Field Folder',
      legalClass: 'manual_folder',
      bladeLength: '2.75',
      amount: '89.50',
    }),
  ],
  total: '1323.50',
  ...overrides,
});

export const returned = (overrides: Partial<AdminReturn> = {}): AdminReturn => ({
  id: '51111111-1111-4111-8111-111111111111',
  number: 'R-1001',
  status: 'received',
  reason: 'The lock rocks',
  message: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  purchase: {
    id: '11111111-1111-4111-8111-111111111111',
    orderNumber: '11111111',
    title: 'Damascus Automatic',
    amount: '100.00',
    capturedAmount: '100.00',
    refundedAmount: '25.50',
  },
  member: { id: '31111111-1111-4111-8111-111111111111', email: 'ada@example.com', fullName: 'Ada Lovelace' },
  decidedAt: '2026-03-11T12:00:00.000Z',
  receivedAt: '2026-03-14T12:00:00.000Z',
  ...overrides,
});
