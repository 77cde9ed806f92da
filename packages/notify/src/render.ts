import { ReceiptMailPayload, type ReminderKind, ReminderMailPayload } from '@vault/contracts';
import type { Database, MailOutboxRow } from '@vault/db';
import type { Kysely } from 'kysely';
import { renderPasswordReset, renderVerifyEmail } from './account-mail';
import { renderRefundIssued, renderReturnDecision, renderShipmentShipped } from './after-sale-mail';
import type { MailMessage } from './mailer';
import { receiptMail, reminderMail } from './templates';

/** The links emails carry, from PUBLIC_URL. */
export interface MailLinks {
  publicUrl: string;
}

export type Rendered = { message: Omit<MailMessage, 'messageId'> } | { drop: string };

/**
 * An outbox row as the email to send now, read from the database at send time (so a retry hours
 * later still says what is true), or the reason it should not be sent any more.
 */
export async function renderRow(
  db: Kysely<Database>,
  row: MailOutboxRow,
  links: MailLinks,
  now: Date,
): Promise<Rendered> {
  switch (row.kind) {
    case 'receipt':
      return renderReceipt(db, row, links);
    case 'reminder_soon':
      return renderReminder(db, row, 'soon', links, now);
    case 'reminder_launch':
      return renderReminder(db, row, 'launch', links, now);
    case 'verify_email':
      return renderVerifyEmail(db, row, links, now);
    case 'password_reset':
      return renderPasswordReset(db, row, links, now);
    case 'shipment_shipped':
      return renderShipmentShipped(db, row, links);
    case 'return_approved':
      return renderReturnDecision(db, row, 'approved', links);
    case 'return_declined':
      return renderReturnDecision(db, row, 'declined', links);
    case 'refund_issued':
      return renderRefundIssued(db, row, links);
  }
}

async function renderReceipt(db: Kysely<Database>, row: MailOutboxRow, links: MailLinks): Promise<Rendered> {
  const payload = ReceiptMailPayload.safeParse(row.payload);
  if (!payload.success) return { drop: 'malformed receipt payload' };
  const purchase = await db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .innerJoin('users', 'users.id', 'purchases.userId')
    .select([
      'purchases.id',
      'purchases.amount',
      'purchases.shippingAddress',
      'purchases.createdAt',
      'purchases.eligibility',
      'showItems.title',
      'users.email',
      'users.fullName',
      'users.firstName',
    ])
    .where('purchases.id', '=', payload.data.purchaseId)
    .executeTakeFirst();
  if (!purchase) return { drop: 'the purchase is gone' };
  return {
    message: receiptMail(
      {
        to: purchase.email,
        name: purchase.firstName?.trim() || purchase.fullName?.trim() || '',
        purchaseId: purchase.id,
        itemTitle: purchase.title,
        amount: purchase.amount,
        shippingAddress: purchase.shippingAddress,
        purchasedAt: purchase.createdAt,
        eligibility: purchase.eligibility,
      },
      { account: `${links.publicUrl}/account` },
    ),
  };
}

async function renderReminder(
  db: Kysely<Database>,
  row: MailOutboxRow,
  kind: ReminderKind,
  links: MailLinks,
  now: Date,
): Promise<Rendered> {
  const payload = ReminderMailPayload.safeParse(row.payload);
  if (!payload.success) return { drop: 'malformed reminder payload' };
  const { showId, launchAt } = payload.data;
  // The subscription is read now, not when the row was written: a member who unsubscribed while
  // the email waited for a retry gets nothing.
  const found = await db
    .selectFrom('showReminders')
    .innerJoin('shows', 'shows.id', 'showReminders.showId')
    .innerJoin('users', 'users.id', 'showReminders.userId')
    .select(['showReminders.unsubscribeToken', 'shows.title', 'shows.status', 'shows.launchTime', 'users.email'])
    .where('showReminders.showId', '=', showId)
    .where('showReminders.userId', '=', row.userId)
    .executeTakeFirst();
  if (!found) return { drop: 'the member unsubscribed' };
  // A show started by hand without a launch time has its launch reminders written for that moment.
  const current = found.launchTime?.getTime() ?? (kind === 'launch' ? launchAt : null);
  if (current !== launchAt) return { drop: 'the show was rescheduled' };
  if (kind === 'soon' && (found.status !== 'scheduled' || launchAt <= now.getTime())) {
    return { drop: 'too late for the early reminder' };
  }
  if (kind === 'launch' && !['scheduled', 'running', 'paused'].includes(found.status)) {
    return { drop: 'the show is over' };
  }
  const token = encodeURIComponent(found.unsubscribeToken);
  return {
    message: reminderMail(
      kind,
      { to: found.email, showTitle: found.title, launchAt: new Date(launchAt), now },
      {
        show: `${links.publicUrl}/show`,
        unsubscribe: `${links.publicUrl}/unsubscribe?token=${token}`,
        oneClickUnsubscribe: `${links.publicUrl}/api/reminders/unsubscribe?token=${token}`,
      },
    ),
  };
}
