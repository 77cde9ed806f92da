import type { BuyResponse } from '@vault/contracts';

/** A purchase as the server answers it (HTTP 200 body, or an ok ack's `response`). */
export const bought: BuyResponse = {
  item: { id: '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11', title: 'Raven Tanto', price: '450.00' },
  purchase: {
    id: '7f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11',
    showItemId: '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11',
    amount: '450.00',
    status: 'authorized',
    transactionId: '60012345',
    shippingAddress: '1 Forge Street, Austin, TX 78701',
    createdAt: '2026-03-04T12:00:00.000Z',
  },
};
