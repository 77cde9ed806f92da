import { type Database, migrateToLatest, openDatabase } from '@vault/db';
import { createQueueNotifier } from '@vault/notify';
import {
  createScratchDatabase,
  insertPurchaseWithReceipt,
  openTestRedis,
  type RunningProcess,
  startProcess,
  startSmtpCapture,
  TEST_REDIS_URL,
  vapidEnv,
} from '@vault/testing';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';

const PUBLIC_URL = 'http://vault.example:8080';
const LEAD_S = 2;

const running: RunningProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop(2000)));
});

/** A purchase with its receipt row, and the subject its email will have. */
async function purchaseWithReceipt(db: Kysely<Database>, email: string) {
  const bought = await insertPurchaseWithReceipt(db, email, {
    title: 'Bowie',
    price: '89.50',
    shippingAddress: '2 Anvil Road',
  });
  return { ...bought, subject: `Your Vault receipt — order ${bought.purchaseId.slice(0, 8)}` };
}

describe('the worker sends notifications (real worker process, Postgres, Redis, SMTP)', () => {
  it('sends what was due before it started, re-arms reminders on start, retries while SMTP is down, never twice', async () => {
    const scratch = await createScratchDatabase();
    const redis = await openTestRedis();
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await migrateToLatest(database);
    const smtp = await startSmtpCapture();
    const db = database.db;
    // The API's side of the queue, as the API uses it.
    const api = createQueueNotifier({
      db,
      connection: redis.redis,
      prefix: redis.prefix,
      leadMs: LEAD_S * 1000,
      log: pino({ level: 'silent' }),
    });
    try {
      // Before any worker runs: a receipt whose kick was lost (the API died after the commit), and
      // a show scheduled with a subscriber but no wake-up armed (Redis lost its jobs).
      const orphan = await purchaseWithReceipt(db, 'orphan@example.com');
      const launchAt = Date.now() + 14_000;
      const show = await db
        .insertInto('shows')
        .values({ title: 'Rearmed', status: 'scheduled', launchTime: new Date(launchAt) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const fan = await db
        .insertInto('users')
        .values({ email: 'fan@example.com' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('showReminders')
        .values({ showId: show.id, userId: fan.id, unsubscribeToken: 'a-token-of-at-least-twenty-chars' })
        .execute();

      const worker = startProcess('apps/worker/src/main.ts', {
        DATABASE_URL: scratch.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: redis.prefix,
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        REMINDER_LEAD_SECONDS: String(LEAD_S),
        NOTIFY_SWEEP_SECONDS: '2',
        LOG_LEVEL: 'info',
        ...vapidEnv(),
      });
      running.push(worker);
      await worker.waitFor('notifications started');

      const receipt = await smtp.waitFor((m) => m.subject === orphan.subject, 10_000);
      expect(receipt.text).toContain('Item: Bowie');
      expect(receipt.text).toContain('Price: $89.50');
      expect(receipt.text).toContain(`${PUBLIC_URL}/account`);
      expect(receipt.messageId).toBe(`<${orphan.outboxId}@vault.example>`);

      // A kick from the API while SMTP is down: the attempt fails, the retry (a delayed job) succeeds.
      await smtp.stop();
      const kicked = await purchaseWithReceipt(db, 'kicked@example.com');
      api.kick([kicked.outboxId]);
      await expect
        .poll(
          async () =>
            (await db.selectFrom('mailOutbox').select('attempts').where('id', '=', kicked.outboxId).executeTakeFirst())
              ?.attempts,
          { timeout: 10_000 },
        )
        .toBe(1);
      await smtp.start();
      await smtp.waitFor((m) => m.subject === kicked.subject, 20_000);

      // The reminders the worker re-armed at its start, at their times.
      const soon = await smtp.waitFor((m) => m.subject === 'Rearmed starts in 1 minute', 20_000);
      expect(Date.now()).toBeGreaterThanOrEqual(launchAt - LEAD_S * 1000 - 50);
      expect(soon.text).toContain(`${PUBLIC_URL}/unsubscribe?token=a-token-of-at-least-twenty-chars`);
      await smtp.waitFor((m) => m.subject === 'Rearmed is live now', 10_000);
      expect(Date.now()).toBeGreaterThanOrEqual(launchAt - 50);

      // A few sweeps later, still one of each.
      await new Promise((r) => setTimeout(r, 2500));
      const subjects = smtp.messages.map((m) => m.subject ?? '').sort();
      expect(subjects).toEqual(
        [orphan.subject, kicked.subject, 'Rearmed starts in 1 minute', 'Rearmed is live now'].sort(),
      );
      const rows = await db.selectFrom('mailOutbox').select(['status', 'attempts']).orderBy('createdAt').execute();
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    } finally {
      await Promise.all(running.splice(0).map((p) => p.stop(5000)));
      await api.close();
      await smtp.close();
      await database.close();
      await redis.dispose();
      await scratch.drop();
    }
  });
});
