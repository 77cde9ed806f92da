import { z } from 'zod';
import { Money } from './common';
import { DrawEntered } from './draws';
import { BladeLengthView, LegalClass } from './eligibility';
import { PurchaseStatus } from './enums';
import { ErrorBody } from './errors';
import { lineText } from './text';

// The Buy call, POST /api/show/buy {showItemId}, and the test product grid's GET /api/test-products.

export const BuyBody = z.object({
  showItemId: z.uuid('Choose an item to buy'),
});
export type BuyBody = z.infer<typeof BuyBody>;

/** The header a buy's idempotency key travels in: a retry carrying the same key gets the first answer's purchase. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IdempotencyKey = lineText()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 100 characters')
  .max(100, 'Idempotency-Key must be 8 to 100 characters');

export const BoughtPurchase = z.object({
  id: z.uuid(),
  showItemId: z.uuid(),
  amount: Money,
  status: PurchaseStatus,
  transactionId: z.string().nullable(),
  shippingAddress: z.string(),
  createdAt: z.iso.datetime(),
});
export type BoughtPurchase = z.infer<typeof BoughtPurchase>;

/** The purchase response holds the item with title and price, for the Purchase Successful! toast. */
export const BuyResponse = z.object({
  item: z.object({ id: z.uuid(), title: z.string(), price: Money }),
  purchase: BoughtPurchase,
});
export type BuyResponse = z.infer<typeof BuyResponse>;

/**
 * Buy over the live socket (`show:buy`, acknowledged): the POST body plus the key the header
 * carries over HTTP. The same sale, idempotency and refusals as POST /api/show/buy; the same key
 * on either transport is one purchase.
 */
export const SocketBuyRequest = BuyBody.extend({ idempotencyKey: IdempotencyKey.optional() });
export type SocketBuyRequest = z.infer<typeof SocketBuyRequest>;

/**
 * The ack of a `show:buy`: the HTTP route's 200 body (a purchase), its 202 body (a draw entry),
 * or its status and `{ message, code }`.
 */
export const SocketBuyAck = z.union([
  z.object({ ok: z.literal(true), response: BuyResponse }),
  z.object({ ok: z.literal(true), entered: DrawEntered }),
  ErrorBody.extend({ ok: z.literal(false), status: z.number().int().min(400).max(599) }),
]);
export type SocketBuyAck = z.infer<typeof SocketBuyAck>;

/** A $1 test product, as the test product grid and dialog show it. */
export const TestProduct = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  price: Money,
  category: z.string().nullable(),
  bladeType: z.string().nullable(),
  imageUrls: z.array(z.string()),
  legalClass: LegalClass.nullable(),
  bladeLength: BladeLengthView.nullable(),
});
export type TestProduct = z.infer<typeof TestProduct>;
export const TestProductList = z.array(TestProduct);

/**
 * The Buy route's refusals. The client's Already Sold toast keys on the code `sold`, not
 * on this text; the text still says "sold" for a reader.
 */
export const buyMessages = {
  sold: 'This item has already been sold',
  notOnSale: 'This item is not on sale right now',
  notFound: 'Item not found',
  onboardingRequired: 'Complete onboarding to purchase',
  paymentMethodRequired: 'Add a payment method before buying',
  declined: 'Your card was declined. Please use another card.',
  gatewayFailed: 'The payment could not be completed. Please try again.',
  keyReused: 'This Idempotency-Key was already used for another item',
  inProgress: 'Your purchase is still being processed. Check your orders in a moment.',
  tooManyPresses: 'You are pressing Buy too fast. Wait a moment and try again.',
} as const;
