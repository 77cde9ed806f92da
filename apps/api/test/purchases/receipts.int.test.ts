import { receiptDedupeKey } from '@vault/contracts';
import { createMailer, startNotifyWorker } from '@vault/notify';
import { backends, type SeededMember, type SmtpCapture, seedOnboardedMembers, startSmtpCapture } from '@vault/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, startLiveShow, type TestApp } from '../test-app';

const SECRET = 'test-session-secret-at-least-32-characters';

describe.each(backends)('email receipts on %s (real SMTP)', (backend) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let worker: Awaited<ReturnType<typeof startNotifyWorker>> | null = null;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp(backend, { listen: true, config: { smtpUrl: smtp.url } });
    // Scaled: the API only queues the delivery; a worker (here in-process, on the same Redis) sends.
    if (t.redis) {
      const log = pino({ level: 'silent' });
      worker = await startNotifyWorker({
        db: t.database.db,
        connection: t.redis.redis,
        prefix: t.redis.prefix,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'The Vault <test@vault.local>', log }),
        links: { publicUrl: ORIGIN },
        leadMs: 900_000,
        log,
      });
    }
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  async function buyer(): Promise<SeededMember> {
    const [member] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret: SECRET });
    if (!member) throw new Error('setup');
    return member;
  }

  async function buy(member: SeededMember) {
    const { items } = await startLiveShow(t);
    const item = items[0];
    if (!item) throw new Error('no item');
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/show/buy',
      headers: { origin: ORIGIN, cookie: member.cookie },
      payload: { showItemId: item.id },
    });
    expect(res.statusCode).toBe(200);
    return { purchaseId: res.json().purchase.id as string, elapsedMs: Date.now() - started };
  }

  const receiptRow = (purchaseId: string) =>
    t.database.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('dedupeKey', '=', receiptDedupeKey(purchaseId))
      .executeTakeFirstOrThrow();

  const receiptsFor = (purchaseId: string) =>
    smtp.messages.filter((m) => m.subject === `Your Vault receipt — order ${purchaseId.slice(0, 8)}`);

  it('emails the buyer a receipt: item, price, shipping address and order number', async () => {
    const member = await buyer();
    const { purchaseId } = await buy(member);
    const order = purchaseId.slice(0, 8);
    const mail = await smtp.waitFor((m) => m.subject === `Your Vault receipt — order ${order}`);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(member.email);
    expect(mail.text).toContain(`Order number: ${order}`);
    expect(mail.text).toContain('Item: Knife 1');
    expect(mail.text).toContain('Price: $250.00');
    expect(mail.text).toMatch(/Test Buyer 0, 0 Forge Street, Austin, TX 78701, US/);
    expect(mail.text).toContain(`${ORIGIN}/account`);
    // Marked sent right after the SMTP server accepted it.
    await expect.poll(async () => (await receiptRow(purchaseId)).status).toBe('sent');
    const row = await receiptRow(purchaseId);
    expect(mail.messageId).toBe(`<${row.id}@localhost>`);
    expect(row).toMatchObject({ kind: 'receipt', attempts: 1, userId: member.userId });

    // Kicked again from two instances at once (a retry, a second replica): still one email.
    const other = await t.sibling();
    t.app.notify.kick([row.id]);
    other.notify.kick([row.id]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiptsFor(purchaseId)).toHaveLength(1);
  });

  it('answers the Buy at once while SMTP is down, and sends the receipt once SMTP is back, exactly once', async () => {
    const member = await buyer();
    await smtp.stop();
    let purchaseId: string;
    try {
      const bought = await buy(member);
      purchaseId = bought.purchaseId;
      expect(bought.elapsedMs).toBeLessThan(1500);
      // The attempt failed and was recorded for a retry, not lost.
      await expect.poll(async () => (await receiptRow(purchaseId)).attempts, { timeout: 5000 }).toBe(1);
      const row = await receiptRow(purchaseId);
      expect(row.status).toBe('pending');
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await smtp.start();
    }
    // The retry (5 s after the failure) finds SMTP up.
    await smtp.waitFor((m) => m.subject === `Your Vault receipt — order ${purchaseId.slice(0, 8)}`, 15_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiptsFor(purchaseId)).toHaveLength(1);
    await expect.poll(async () => (await receiptRow(purchaseId)).status).toBe('sent');
    expect((await receiptRow(purchaseId)).attempts).toBe(2);
  });
});
