import { z } from 'zod';
import { Money } from './common';
import { Carrier, carrierLabels, LegalClass } from './eligibility';
import { PurchaseStatus } from './enums';
import { blockText } from './text';

// After the sale: a member's purchases from one show travel as one shipment, captured when it
// ships; members follow it, ask for returns, and see refunds. The carrier catalogue (services,
// tracking-number formats and tracking links) lives here so the admin's form and the API check a
// tracking number the same way.

/** `shipping` holds a package while its captures are at the gateway; members see it as processing. */
export const SHIPMENT_STATUSES = ['processing', 'shipping', 'shipped', 'delivered'] as const;
export const ShipmentStatus = z.enum(SHIPMENT_STATUSES);
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

/** What a member sees of a shipment's status. */
export const MemberShipmentStatus = z.enum(['processing', 'shipped', 'delivered']);
export type MemberShipmentStatus = z.infer<typeof MemberShipmentStatus>;
export const memberShipmentStatus = (status: ShipmentStatus): MemberShipmentStatus =>
  status === 'shipping' ? 'processing' : status;
export const shipmentStatusLabels: Record<MemberShipmentStatus, string> = {
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

interface CarrierFormat {
  services: readonly string[];
  /** What the admin is told when a number does not fit. */
  example: string;
  matches: (trackingNumber: string) => boolean;
  trackingUrl: (trackingNumber: string) => string;
}

/**
 * UPS's 1Z numbers end in a check digit over the 15 characters after "1Z": letters count as
 * (code − 63) mod 10, odd positions once and even positions twice.
 */
function upsCheckDigitHolds(trackingNumber: string): boolean {
  const body = trackingNumber.slice(2, 17);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body.charCodeAt(i);
    const value = char >= 48 && char <= 57 ? char - 48 : (char - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return (10 - (sum % 10)) % 10 === Number(trackingNumber[17]);
}

/** Each carrier's services and tracking-number shape, from the carriers' published formats. */
export const carrierFormats: Record<Carrier, CarrierFormat> = {
  usps: {
    services: ['Ground Advantage', 'Priority Mail', 'Priority Mail Express'],
    example: '9400 1118 9922 3197 4284 90',
    // IMpb barcodes (20–22 digits) and the international S10 form (EA123456789US).
    matches: (n) => /^\d{20,22}$/.test(n) || /^[A-Z]{2}\d{9}US$/.test(n),
    trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  ups: {
    services: ['UPS Ground', 'UPS 3 Day Select', 'UPS 2nd Day Air', 'UPS Next Day Air'],
    example: '1Z999AA10123456784',
    matches: (n) => /^1Z[0-9A-Z]{16}$/.test(n) && upsCheckDigitHolds(n),
    trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  fedex: {
    services: ['FedEx Ground', 'FedEx Home Delivery', 'FedEx 2Day', 'FedEx Standard Overnight'],
    example: '123456789012',
    matches: (n) => /^(\d{12}|\d{15}|\d{20}|\d{22})$/.test(n),
    trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  dhl: {
    services: ['DHL Express Worldwide', 'DHL Express 12:00'],
    example: '1234567890',
    matches: (n) => /^\d{10}$/.test(n),
    trackingUrl: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  },
};

/** A tracking number as carriers print it, without the spaces and dashes people type. */
export const normalizeTrackingNumber = (raw: string): string => raw.replace(/[\s-]/g, '').toUpperCase();

export const isTrackingNumber = (carrier: Carrier, raw: string): boolean =>
  carrierFormats[carrier].matches(normalizeTrackingNumber(raw));

export const trackingUrl = (carrier: Carrier, raw: string): string =>
  carrierFormats[carrier].trackingUrl(normalizeTrackingNumber(raw));

export const fulfillmentMessages = {
  shipmentNotFound: 'Shipment not found',
  returnNotFound: 'Return not found',
  notPackable: 'Only a shipment still being packed can be changed',
  notShipped: 'Only a shipped package can be marked delivered',
  carrierNotAllowed: (carrier: Carrier) =>
    `${carrierLabels[carrier]} may not carry every item in this package: choose another carrier or split it`,
  serviceUnknown: (carrier: Carrier) => `Choose one of ${carrierLabels[carrier]}'s services`,
  trackingInvalid: (carrier: Carrier) =>
    `That is not a ${carrierLabels[carrier]} tracking number (for example ${carrierFormats[carrier].example})`,
  trackingRequired: 'Enter the tracking number',
  /** The package stays unshipped while any of its payments is not captured. */
  paymentUnsettled: (count: number) =>
    `The payment for ${count === 1 ? 'one item was' : `${count} items were`} not captured, so the package was not marked shipped. Try again.`,
  splitNeedsItems: 'Choose the items to move to a new package, leaving at least one behind',
  splitForeignItem: 'Every item to move must be in this package',
  mergeSelf: 'Choose another package',
  mergeMismatch: 'Only packages for the same member and the same address can be merged',
  emptyShipment: 'This package has nothing left to ship',
  refundAmount: 'Enter an amount above $0.00 with two decimals',
  refundTooLarge: (left: string) => `At most $${left} can still be refunded on this purchase`,
  refundNotCaptured: 'Only a captured purchase can be refunded; void an authorisation instead',
  refundPartialUnsettled:
    'This capture has not settled yet, so it can only be voided in full; a partial refund can be made once it settles (after the daily batch)',
  refundInProgress: 'A refund of this purchase is already at the gateway',
  reasonRequired: 'Say why',
  returnWindowClosed: (days: number) => `Returns can be requested within ${days} days of delivery`,
  returnNotDelivered: 'A return can be requested once the package is delivered',
  returnOpen: 'A return of this item is already in progress',
  returnNotYours: 'Order not found',
  returnState: (status: string) => `This return is ${status}`,
  declineMessageRequired: 'Tell the member why',
} as const;

/** GET /api/admin/shipments?status= : the packages to pack (default), shipped or delivered. */
export const ShipmentListQuery = z.object({
  status: z.enum(['processing', 'shipped', 'delivered']).default('processing'),
});

export const ShipmentItem = z.object({
  purchaseId: z.uuid(),
  /** The first 8 characters of the purchase id, as the Orders tab shows it. */
  orderNumber: z.string(),
  showItemId: z.uuid(),
  title: z.string(),
  legalClass: LegalClass.nullable(),
  bladeLength: z.string().nullable(),
  amount: Money,
  status: PurchaseStatus,
  capturedAmount: Money.nullable(),
});
export type ShipmentItem = z.infer<typeof ShipmentItem>;

export const AdminShipment = z.object({
  id: z.uuid(),
  status: ShipmentStatus,
  member: z.object({ id: z.uuid(), email: z.string(), fullName: z.string().nullable() }),
  show: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  shipTo: z.string(),
  /** YYYY-MM-DD: the configured business days after the show ended. */
  shipBy: z.iso.date(),
  /** Not shipped and past its ship-by day. */
  late: z.boolean(),
  /** The carriers every item's legal class allows (legal_class_shipping). */
  carriers: z.array(Carrier),
  /** The package's value is above the lowest adult-signature threshold of its items' classes. */
  adultSignature: z.boolean(),
  carrier: Carrier.nullable(),
  service: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** Why the last Mark shipped did not finish (a capture the gateway refused or left unanswered). */
  lastError: z.string().nullable(),
  /** When the oldest uncaptured authorisation in it lapses (the gateway holds them 30 days). */
  authorizationExpiresAt: z.iso.datetime().nullable(),
  /** That lapse is within the configured warning days. */
  authorizationExpiring: z.boolean(),
  items: z.array(ShipmentItem),
  total: Money,
});
export type AdminShipment = z.infer<typeof AdminShipment>;
export const AdminShipmentList = z.array(AdminShipment);

export const ShipBody = z.object({
  carrier: Carrier,
  service: z.string().trim().max(60).optional(),
  trackingNumber: z.string().trim().min(1, fulfillmentMessages.trackingRequired).max(40),
});
export type ShipBody = z.infer<typeof ShipBody>;

/** POST /api/admin/shipments/:id/split: these purchases go to a new package (201, the new one). */
export const SplitBody = z.object({ purchaseIds: z.array(z.uuid()).min(1, fulfillmentMessages.splitNeedsItems) });
export type SplitBody = z.infer<typeof SplitBody>;

/** POST /api/admin/shipments/:id/merge: the other package's items join this one; the other is gone. */
export const MergeBody = z.object({ shipmentId: z.uuid() });
export type MergeBody = z.infer<typeof MergeBody>;

// Returns and refunds.

export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const;
export const ReturnStatus = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof ReturnStatus>;
export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  declined: 'Return declined',
  received: 'Return received',
  // Said of the return, beside the amounts: a refund of part of the price is a refund issued too.
  refunded: 'Refund issued',
};

// What members and admins write is stored: text Postgres can take, as every stored field (text.ts).
const Reason = blockText().trim().min(1, fulfillmentMessages.reasonRequired).max(1000);

/** POST /api/returns */
export const ReturnBody = z.object({ purchaseId: z.uuid(), reason: Reason });
export type ReturnBody = z.infer<typeof ReturnBody>;

/** POST /api/admin/returns/:id/approve: optional instructions beside the standard ones in the email. */
export const ApproveReturnBody = z.object({ instructions: blockText().trim().max(1000).optional() }).default({});
/** POST /api/admin/returns/:id/decline */
export const DeclineReturnBody = z.object({
  message: blockText().trim().min(1, fulfillmentMessages.declineMessageRequired).max(1000),
});

export const MemberReturn = z.object({
  id: z.uuid(),
  number: z.string(),
  status: ReturnStatus,
  reason: z.string(),
  /** The admin's instructions (approved) or explanation (declined). */
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type MemberReturn = z.infer<typeof MemberReturn>;

export const AdminReturn = MemberReturn.extend({
  purchase: z.object({
    id: z.uuid(),
    orderNumber: z.string(),
    title: z.string(),
    amount: Money,
    capturedAmount: Money.nullable(),
    refundedAmount: Money,
  }),
  member: z.object({ id: z.uuid(), email: z.string(), fullName: z.string().nullable() }),
  decidedAt: z.iso.datetime().nullable(),
  receivedAt: z.iso.datetime().nullable(),
});
export type AdminReturn = z.infer<typeof AdminReturn>;
export const AdminReturnList = z.array(AdminReturn);
export const ReturnListQuery = z.object({ status: ReturnStatus.optional() });

/** POST /api/admin/purchases/:id/refund */
export const RefundBody = z.object({
  amount: Money.refine((value) => Number(value) > 0, fulfillmentMessages.refundAmount),
  reason: blockText().trim().min(1, fulfillmentMessages.reasonRequired).max(500),
});
export type RefundBody = z.infer<typeof RefundBody>;

export const AdminRefund = z.object({
  id: z.uuid(),
  purchaseId: z.uuid(),
  amount: Money,
  reason: z.string(),
  /** refund: a credit against a settled capture; void: the whole unsettled capture undone. */
  method: z.enum(['refund', 'void']),
  status: z.enum(['pending', 'done', 'failed']),
  createdAt: z.iso.datetime(),
  /** What is left to refund on the purchase after this one. */
  refundableAmount: Money,
});
export type AdminRefund = z.infer<typeof AdminRefund>;

/** What GET /api/orders carries per order beyond SPEC's order view. */
export const OrderShipment = z.object({
  id: z.uuid(),
  status: MemberShipmentStatus,
  carrier: Carrier.nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;
export const OrderRefund = z.object({ amount: Money, createdAt: z.iso.datetime() });
export type OrderRefund = z.infer<typeof OrderRefund>;

/** The operator's fulfillment settings (env), served to the admin and member screens. */
export const FulfillmentSettings = z.object({
  shipByBusinessDays: z.number().int(),
  returnWindowDays: z.number().int(),
  authorizationWarningDays: z.number().int(),
});
export type FulfillmentSettings = z.infer<typeof FulfillmentSettings>;
export const DEFAULT_FULFILLMENT: FulfillmentSettings = {
  shipByBusinessDays: 2,
  returnWindowDays: 30,
  authorizationWarningDays: 5,
};

/** How long Authorize.Net holds an authorisation before it lapses uncaptured. */
export const AUTHORIZATION_HOLD_DAYS = 30;
