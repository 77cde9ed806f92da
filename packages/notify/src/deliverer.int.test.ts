import { reminderDedupeKey } from '@vault/contracts';
import {
  backends,
  insertPurchaseWithReceipt,
  openTestDatabase,
  type SmtpCapture,
  startSmtpCapture,
  type TestDatabase,
} from '@vault/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliverer } from './deliverer';
import { createMailer } from './mailer';
import { backoffMs } from './outbox';
import { fanOutLaunched, fanOutReminders } from './reminders';

const PUBLIC_URL = 'http://vault.test:3000';
const log = pino({ level: 'silent' });

describe.each(backends)('the mail outbox deliverer on %s (real SMTP)', (backend) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  const db = () => database.db;
  const deliverer = (smtpUrl = smtp.url) =>
    createDeliverer({
      db: db(),
      mailer: createMailer({ smtpUrl, from: 'The Vault <no-reply@vault.test>', log }),
      links: { publicUrl: PUBLIC_URL },
      log,
    });
  const rowOf = (id: string) =>
    db().selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.dispose();
  });

  it('sends a receipt with the item, the price, the address and the order number, once', async () => {
    const { purchaseId, outboxId } = await insertPurchaseWithReceipt(db(), `receipt-${backend}@example.com`);
    expect(await deliverer().deliver(outboxId)).toEqual({ status: 'sent' });
    const mail = await smtp.waitFor((m) => m.text?.includes(purchaseId.slice(0, 8)) ?? false);
    expect(mail.subject).toBe(`Your Vault receipt — order ${purchaseId.slice(0, 8)}`);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(`receipt-${backend}@example.com`);
    expect(mail.messageId).toBe(`<${outboxId}@vault.test>`);
    expect(mail.text).toContain('Item: Damascus Chef Knife');
    expect(mail.text).toContain('Price: $1,234.00');
    expect(mail.text).toContain('1 Forge Street, Austin, TX 78701, US');
    expect(mail.text).toContain(`${PUBLIC_URL}/account`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/account"`);
    expect(await rowOf(outboxId)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
    // Delivered is delivered: another attempt (a duplicate kick, a sweep) sends nothing.
    expect(await deliverer().deliver(outboxId)).toEqual({ status: 'skipped' });
    expect(smtp.messages.filter((m) => m.messageId === `<${outboxId}@vault.test>`)).toHaveLength(1);
  });

  it('lets exactly one of two deliverers racing for a row send it', async () => {
    const { outboxId } = await insertPurchaseWithReceipt(db(), `race-${backend}@example.com`);
    const outcomes = await Promise.all([deliverer().deliver(outboxId), deliverer().deliver(outboxId)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['sent', 'skipped']);
    await smtp.waitFor((m) => m.messageId === `<${outboxId}@vault.test>`);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.messageId === `<${outboxId}@vault.test>`)).toHaveLength(1);
  });

  it('keeps a row pending with a backoff while SMTP is down, and the sweep sends it once it is back', async () => {
    const { outboxId } = await insertPurchaseWithReceipt(db(), `down-${backend}@example.com`);
    await smtp.stop();
    try {
      const before = Date.now();
      const outcome = await deliverer().deliver(outboxId);
      expect(outcome.status).toBe('retry');
      const row = await rowOf(outboxId);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + backoffMs(1) - 50);
      // Not due yet: a sweep now leaves it alone.
      expect(await deliverer().sweep()).toEqual([]);
    } finally {
      await smtp.start();
    }
    await db().updateTable('mailOutbox').set({ nextAttemptAt: new Date() }).where('id', '=', outboxId).execute();
    const swept = await deliverer().sweep();
    expect(swept).toEqual([{ id: outboxId, outcome: { status: 'sent' } }]);
    await smtp.waitFor((m) => m.messageId === `<${outboxId}@vault.test>`);
    expect(await rowOf(outboxId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('takes over a row whose deliverer died mid-send once its lease has run out', async () => {
    const { outboxId } = await insertPurchaseWithReceipt(db(), `lease-${backend}@example.com`);
    // A deliverer claimed it and died: status sending, lease still running.
    await db()
      .updateTable('mailOutbox')
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where('id', '=', outboxId)
      .execute();
    expect(await deliverer().deliver(outboxId)).toEqual({ status: 'skipped' });
    await db()
      .updateTable('mailOutbox')
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where('id', '=', outboxId)
      .execute();
    expect((await deliverer().sweep()).map((r) => r.outcome.status)).toEqual(['sent']);
    expect(await rowOf(outboxId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('writes one reminder per subscriber and launch time, and nothing for a stale wake-up', async () => {
    const launchAt = Date.now() + 3_600_000;
    const show = await db()
      .insertInto('shows')
      .values({ title: 'Fan-out', status: 'scheduled', launchTime: new Date(launchAt) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = await db()
      .insertInto('users')
      .values([1, 2, 3].map((i) => ({ email: `fan-${backend}-${i}@example.com` })))
      .returning('id')
      .execute();
    await db()
      .insertInto('showReminders')
      .values(
        users.map((u, i) => ({
          showId: show.id,
          userId: u.id,
          unsubscribeToken: `token-${backend}-${i}-xxxxxxxxxxxxxx`,
        })),
      )
      .execute();

    const wakeup = { showId: show.id, kind: 'soon' as const, launchAt };
    const written = (await fanOutReminders(db(), wakeup, Date.now())).mail;
    expect(written).toHaveLength(3);
    const rows = await db().selectFrom('mailOutbox').selectAll().where('id', 'in', written).execute();
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual(
      users.map((u) => reminderDedupeKey('soon', show.id, u.id, launchAt)).sort(),
    );
    expect(rows[0]?.payload).toEqual({ showId: show.id, launchAt });
    // The same wake-up again (a retry): nothing new.
    expect((await fanOutReminders(db(), wakeup, Date.now())).mail).toEqual([]);
    // A wake-up armed for another launch time (the show was rescheduled since): nothing.
    expect(
      (await fanOutReminders(db(), { ...wakeup, kind: 'launch', launchAt: launchAt - 60_000 }, Date.now())).mail,
    ).toEqual([]);
    // An early start, then the launch-time wake-up: the launch email is written once.
    await db().updateTable('shows').set({ status: 'running' }).where('id', '=', show.id).execute();
    expect((await fanOutLaunched(db(), show.id, Date.now())).mail).toHaveLength(3);
    expect((await fanOutReminders(db(), { ...wakeup, kind: 'launch' }, launchAt)).mail).toEqual([]);
  });
});
