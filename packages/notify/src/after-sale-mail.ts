import { RefundMailPayload, ReturnMailPayload, ShipmentMailPayload, trackingUrl } from '@vault/contracts';
import type { Database, MailOutboxRow } from '@vault/db';
import type { Kysely } from 'kysely';
import { refundIssuedMail, returnApprovedMail, returnDeclinedMail, shipmentShippedMail } from './after-sale-templates';
import type { MailLinks, Rendered } from './render';

// The after-sale emails, read from the database when they are sent: a retry hours later tells what
// is true then, and an email whose event no longer holds (a return decided otherwise, a refund not
// done) is dropped rather than sent.

const nameOf = (user: { firstName: string | null; fullName: string | null }) =>
  user.firstName?.trim() || user.fullName?.trim() || '';

const cents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (value: number) => (value / 100).toFixed(2);

/** "Your order has shipped": the items, carrier, tracking link and address of a shipped package. */
export async function renderShipmentShipped(
  db: Kysely<Database>,
  row: MailOutboxRow,
  links: MailLinks,
): Promise<Rendered> {
  const payload = ShipmentMailPayload.safeParse(row.payload);
  if (!payload.success) return { drop: 'malformed shipment payload' };
  const shipment = await db
    .selectFrom('shipments')
    .innerJoin('users', 'users.id', 'shipments.userId')
    .select([
      'shipments.status',
      'shipments.carrier',
      'shipments.service',
      'shipments.trackingNumber',
      'shipments.shipTo',
      'shipments.adultSignature',
      'shipments.deliveredAt',
      'users.email',
      'users.firstName',
      'users.fullName',
    ])
    .where('shipments.id', '=', payload.data.shipmentId)
    .executeTakeFirst();
  if (!shipment) return { drop: 'the shipment is gone' };
  const { carrier, trackingNumber } = shipment;
  if (!['shipped', 'delivered'].includes(shipment.status) || !carrier || !trackingNumber) {
    return { drop: 'the shipment has not shipped' };
  }
  const items = await db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .select(['purchases.id', 'showItems.title'])
    .where('purchases.shipmentId', '=', payload.data.shipmentId)
    .where('purchases.status', 'not in', ['voided', 'failed'])
    .orderBy('purchases.createdAt')
    .orderBy('purchases.id')
    .execute();
  if (items.length === 0) return { drop: 'the shipment has no items' };
  return {
    message: shipmentShippedMail(
      {
        to: shipment.email,
        name: nameOf(shipment),
        items: items.map((item) => ({ purchaseId: item.id, title: item.title })),
        carrier,
        service: shipment.service,
        trackingNumber,
        trackingUrl: trackingUrl(carrier, trackingNumber),
        shipTo: shipment.shipTo,
        adultSignature: shipment.adultSignature,
        deliveredAt: shipment.deliveredAt,
      },
      { account: `${links.publicUrl}/account` },
    ),
  };
}

/** A return's decision email, sent only while the return still stands decided that way. */
export async function renderReturnDecision(
  db: Kysely<Database>,
  row: MailOutboxRow,
  decision: 'approved' | 'declined',
  links: MailLinks,
): Promise<Rendered> {
  const payload = ReturnMailPayload.safeParse(row.payload);
  if (!payload.success) return { drop: 'malformed return payload' };
  const found = await db
    .selectFrom('returns')
    .innerJoin('purchases', 'purchases.id', 'returns.purchaseId')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .innerJoin('users', 'users.id', 'returns.userId')
    .select([
      'returns.number',
      'returns.status',
      'returns.reason',
      'returns.message',
      'purchases.id as purchaseId',
      'showItems.title',
      'users.email',
      'users.firstName',
      'users.fullName',
    ])
    .where('returns.id', '=', payload.data.returnId)
    .executeTakeFirst();
  if (!found) return { drop: 'the return is gone' };
  // An approved return already received (or refunded) needs no shipping instructions any more.
  if (found.status !== decision) return { drop: `the return is ${found.status}` };
  const facts = {
    to: found.email,
    name: nameOf(found),
    returnNumber: found.number,
    purchaseId: found.purchaseId,
    itemTitle: found.title,
    reason: found.reason,
    message: found.message?.trim() || null,
  };
  const account = { account: `${links.publicUrl}/account` };
  return { message: decision === 'approved' ? returnApprovedMail(facts, account) : returnDeclinedMail(facts, account) };
}

/** The refund receipt: this refund, what the purchase has had back in total, and what was charged. */
export async function renderRefundIssued(
  db: Kysely<Database>,
  row: MailOutboxRow,
  links: MailLinks,
): Promise<Rendered> {
  const payload = RefundMailPayload.safeParse(row.payload);
  if (!payload.success) return { drop: 'malformed refund payload' };
  const refund = await db
    .selectFrom('refunds')
    .innerJoin('purchases', 'purchases.id', 'refunds.purchaseId')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .innerJoin('users', 'users.id', 'purchases.userId')
    .select([
      'refunds.amount',
      'refunds.method',
      'refunds.status',
      'refunds.updatedAt',
      'purchases.id as purchaseId',
      'purchases.capturedAmount',
      'showItems.title',
      'users.email',
      'users.firstName',
      'users.fullName',
    ])
    .where('refunds.id', '=', payload.data.refundId)
    .executeTakeFirst();
  if (!refund) return { drop: 'the refund is gone' };
  if (refund.status !== 'done') return { drop: `the refund is ${refund.status}` };
  const done = await db
    .selectFrom('refunds')
    .select('amount')
    .where('purchaseId', '=', refund.purchaseId)
    .where('status', '=', 'done')
    .execute();
  return {
    message: refundIssuedMail(
      {
        to: refund.email,
        name: nameOf(refund),
        purchaseId: refund.purchaseId,
        itemTitle: refund.title,
        amount: refund.amount,
        refundedTotal: fromCents(done.reduce((sum, r) => sum + cents(r.amount), 0)),
        charged: refund.capturedAmount,
        method: refund.method,
        // The refund row's last change is the gateway's answer that made it done.
        refundedAt: refund.updatedAt,
      },
      { account: `${links.publicUrl}/account` },
    ),
  };
}
