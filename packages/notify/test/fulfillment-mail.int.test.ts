import { randomUUID } from 'node:crypto';
import { refundIssuedDedupeKey, returnDecidedDedupeKey, shipmentShippedDedupeKey, trackingUrl } from '@vault/contracts';
import type { Database, MailKind } from '@vault/db';
import { backends, openTestDatabase, type SmtpCapture, startSmtpCapture, type TestDatabase } from '@vault/testing';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliverer } from '../src/deliverer';
import { createMailer } from '../src/mailer';

const PUBLIC_URL = 'http://vault.test:3000';
const log = pino({ level: 'silent' });
const TRACKING = '1Z999AA10123456784';

/** A member with two captured purchases from one show, shipped together by UPS. */
async function seedShippedOrder(db: Kysely<Database>, email: string) {
  const user = await db
    .insertInto('users')
    .values({ email, firstName: 'Ada', fullName: 'Ada Blade', onboardingCompleted: true, dateOfBirth: '1990-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const show = await db
    .insertInto('shows')
    .values({ title: 'After-sale show' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const items = await db
    .insertInto('showItems')
    .values(
      ['Stiletto', 'Bowie <Damascus>'].map((title) => ({
        showId: show.id,
        title,
        price: '625.00',
        legalClass: 'fixed_blade' as const,
        bladeLength: '6.00',
      })),
    )
    .returning('id')
    .execute();
  const shipTo = 'Ada Blade, 1 Forge Street, Austin, TX 78701, US';
  const shipment = await db
    .insertInto('shipments')
    .values({
      userId: user.id,
      showId: show.id,
      shipTo,
      shipBy: '2026-12-01',
      status: 'shipped',
      carrier: 'ups',
      service: 'UPS Ground',
      trackingNumber: TRACKING,
      adultSignature: true,
      shippedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const purchases = [];
  for (const item of items) {
    purchases.push(
      await db
        .insertInto('purchases')
        .values({
          userId: user.id,
          showItemId: item.id,
          amount: '625.00',
          status: 'completed',
          shippingAddress: shipTo,
          shipmentId: shipment.id,
          capturedAmount: '625.00',
          capturedAt: new Date(),
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  }
  const [first, second] = purchases;
  if (!first || !second) throw new Error('two purchases expected');
  return { userId: user.id, shipmentId: shipment.id, purchaseIds: [first.id, second.id] as const };
}

async function queue(db: Kysely<Database>, kind: MailKind, userId: string, dedupeKey: string, payload: object) {
  const row = await db
    .insertInto('mailOutbox')
    .values({ kind, userId, dedupeKey, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(backends)('the after-sale emails on %s (real SMTP)', (backend) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  const db = () => database.db;
  const deliverer = () =>
    createDeliverer({
      db: db(),
      mailer: createMailer({ smtpUrl: smtp.url, from: 'The Vault <no-reply@vault.test>', log }),
      links: { publicUrl: PUBLIC_URL },
      log,
    });
  const sent = (outboxId: string) => smtp.waitFor((m) => m.messageId === `<${outboxId}@vault.test>`);

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.dispose();
  });

  it('sends the shipped email with the items, the tracking link, the address and the adult signature', async () => {
    const order = await seedShippedOrder(db(), `shipped-${backend}@example.com`);
    const outboxId = await queue(db(), 'shipment_shipped', order.userId, shipmentShippedDedupeKey(order.shipmentId), {
      shipmentId: order.shipmentId,
    });
    expect(await deliverer().deliver(outboxId)).toEqual({ status: 'sent' });
    const mail = await sent(outboxId);
    expect(mail.subject).toBe('Your order has shipped: Stiletto and 1 more');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(`shipped-${backend}@example.com`);
    expect(mail.text).toContain(`Stiletto — order ${order.purchaseIds[0].slice(0, 8)}`);
    expect(mail.text).toContain(`Bowie <Damascus> — order ${order.purchaseIds[1].slice(0, 8)}`);
    expect(mail.text).toContain(`Tracking number: ${TRACKING}`);
    expect(mail.text).toContain('1 Forge Street, Austin, TX 78701, US');
    expect(mail.text).toContain('An adult (21 or over, with a photo ID) must sign');
    expect(mail.html).toContain(`href="${trackingUrl('ups', TRACKING)}"`);
    expect(mail.html).toContain('Bowie &lt;Damascus&gt;');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/account"`);
  });

  it('drops the shipped email of a shipment that is gone', async () => {
    const { userId } = await seedShippedOrder(db(), `gone-${backend}@example.com`);
    const shipmentId = randomUUID();
    const outboxId = await queue(db(), 'shipment_shipped', userId, shipmentShippedDedupeKey(shipmentId), {
      shipmentId,
    });
    expect(await deliverer().deliver(outboxId)).toEqual({ status: 'dropped', reason: 'the shipment is gone' });
  });

  it('sends an approved return its instructions and a declined one its message, and drops a stale decision', async () => {
    const order = await seedShippedOrder(db(), `returns-${backend}@example.com`);
    const [stiletto, bowie] = order.purchaseIds;
    const [approved, declined] = await db()
      .insertInto('returns')
      .values([
        {
          number: 'RMA-7Q2K9XW4',
          purchaseId: stiletto,
          userId: order.userId,
          reason: 'Chipped tip',
          status: 'approved',
          message: 'Ship to: Vault Returns, 9 Anvil Rd, Austin, TX 78702',
          decidedAt: new Date(),
        },
        {
          number: 'RMA-3M8P5TZ1',
          purchaseId: bowie,
          userId: order.userId,
          reason: 'Changed my mind',
          status: 'declined',
          message: 'Returns are for defects only.',
          decidedAt: new Date(),
        },
      ])
      .returning(['id', 'number'])
      .execute();
    if (!approved || !declined) throw new Error('two returns expected');

    const mailAbout = (decided: { id: string }, decision: 'approved' | 'declined') =>
      queue(db(), `return_${decision}`, order.userId, returnDecidedDedupeKey(decided.id, decision), {
        returnId: decided.id,
      });
    const approvedId = await mailAbout(approved, 'approved');
    const declinedId = await mailAbout(declined, 'declined');
    expect(await deliverer().deliver(approvedId)).toEqual({ status: 'sent' });
    expect(await deliverer().deliver(declinedId)).toEqual({ status: 'sent' });

    const approval = await sent(approvedId);
    expect(approval.subject).toBe(`Your return is approved — ${approved.number}`);
    expect(approval.text).toContain(
      'Instructions from the Vault:\nShip to: Vault Returns, 9 Anvil Rd, Austin, TX 78702',
    );
    expect(approval.text).toContain(`2. Write the return number, ${approved.number}, on the outside of the parcel.`);
    const refusal = await sent(declinedId);
    expect(refusal.subject).toBe('Your return request was declined — Bowie <Damascus>');
    expect(refusal.text).toContain('From the Vault:\nReturns are for defects only.');
    expect(refusal.text).toContain(`reply to this email and mention ${declined.number}`);

    // Received before its email went out (SMTP was down): shipping instructions would be wrong now.
    await db().updateTable('returns').set({ status: 'received' }).where('id', '=', approved.id).execute();
    const late = await queue(db(), 'return_approved', order.userId, `late-${approved.id}`, { returnId: approved.id });
    expect(await deliverer().deliver(late)).toEqual({ status: 'dropped', reason: 'the return is received' });
  });

  it('sends a refund receipt with the total refunded of what was charged, and only for a refund that is done', async () => {
    const order = await seedShippedOrder(db(), `refund-${backend}@example.com`);
    const [stiletto] = order.purchaseIds;
    const base = { purchaseId: stiletto, reason: 'Chipped tip', method: 'refund' as const, transactionId: '60000001' };
    await db()
      .insertInto('refunds')
      .values({ ...base, amount: '100.00', status: 'done' })
      .execute();
    const refund = await db()
      .insertInto('refunds')
      .values({ ...base, amount: '212.50', status: 'done', updatedAt: new Date('2026-12-10T09:05:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outboxId = await queue(db(), 'refund_issued', order.userId, refundIssuedDedupeKey(refund.id), {
      refundId: refund.id,
    });
    expect(await deliverer().deliver(outboxId)).toEqual({ status: 'sent' });
    const mail = await sent(outboxId);
    expect(mail.subject).toBe(`Your refund of $212.50 — order ${stiletto.slice(0, 8)}`);
    expect(mail.text).toContain('Refunded: $212.50\nRefunded in total: $312.50 of $625.00 charged');
    expect(mail.text).toContain('Date: Dec 10, 2026, 9:05 AM UTC');
    expect(mail.text).toContain('3–10 business days');

    const pending = await db()
      .insertInto('refunds')
      .values({ ...base, amount: '50.00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pendingMail = await queue(db(), 'refund_issued', order.userId, refundIssuedDedupeKey(pending.id), {
      refundId: pending.id,
    });
    expect(await deliverer().deliver(pendingMail)).toEqual({ status: 'dropped', reason: 'the refund is pending' });
  });
});
