import { z } from 'zod';

// Emails the vault sends about a member's purchases and shows (receipts, reminders). Each is a row of the
// mail outbox (migration 0004), written with what it is about and rendered from the database
// when it is sent; these are the shapes of those rows' payloads, read back at that boundary.

/** The two reminders of a show: `soon` a lead time before the launch, `launch` at it. */
export const ReminderKind = z.enum(['soon', 'launch']);
export type ReminderKind = z.infer<typeof ReminderKind>;

/** mail_outbox.payload of a receipt: the purchase, rendered (item, price, address) at send time. */
export const ReceiptMailPayload = z.object({ purchaseId: z.uuid() });
export type ReceiptMailPayload = z.infer<typeof ReceiptMailPayload>;

/** mail_outbox.payload of a reminder: the show and the launch time (epoch ms) it was written for. */
export const ReminderMailPayload = z.object({ showId: z.uuid(), launchAt: z.number().int() });
export type ReminderMailPayload = z.infer<typeof ReminderMailPayload>;

/** The receipt's dedupe key: a purchase has one receipt, however often its sale is settled. */
export const receiptDedupeKey = (purchaseId: string) => `receipt:${purchaseId}`;

/** A reminder's dedupe key: one per member, show, kind and launch time (a new time is a new email). */
export const reminderDedupeKey = (kind: ReminderKind, showId: string, userId: string, launchAt: number) =>
  `reminder_${kind}:${showId}:${userId}:${launchAt}`;

/**
 * POST /api/reminders/unsubscribe's body: nothing, `{}` from our page, or RFC 8058's form body
 * `List-Unsubscribe=One-Click` from a mail client's own button. The token is in the query.
 */
export const UnsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish();

/** After the sale: what each email is about (shipment_shipped, return_approved/declined, refund_issued). */
export const ShipmentMailPayload = z.object({ shipmentId: z.uuid() });
export type ShipmentMailPayload = z.infer<typeof ShipmentMailPayload>;
export const ReturnMailPayload = z.object({ returnId: z.uuid() });
export type ReturnMailPayload = z.infer<typeof ReturnMailPayload>;
export const RefundMailPayload = z.object({ refundId: z.uuid() });
export type RefundMailPayload = z.infer<typeof RefundMailPayload>;
/** One email per event: a shipment ships once, a return is decided once, a refund is made once. */
export const shipmentShippedDedupeKey = (shipmentId: string) => `shipment_shipped:${shipmentId}`;
export const returnDecidedDedupeKey = (returnId: string, decision: 'approved' | 'declined') =>
  `return_${decision}:${returnId}`;
export const refundIssuedDedupeKey = (refundId: string) => `refund_issued:${refundId}`;
