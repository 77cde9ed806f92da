import { randomUUID } from 'node:crypto';
import { type PushKind, PushPayload } from '@vault/contracts';
import { backends, eventually, openTestDatabase, openTestRedis, type TestDatabase } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedNotifier } from '../embedded';
import { createMailer } from '../mailer';
import { createQueueNotifier } from '../queue';
import { startNotifyWorker } from '../worker';
import { createPushDeliverer } from './deliverer';
import { parsePushServiceHosts } from './endpoint';
import {
  createBrowserKeys,
  createVapidKeys,
  type ReceivedPush,
  startTestPushService,
  type TestPushService,
  verifyVapid,
} from './push-service-test-support';
import { renderPush } from './render';
import { pushTopic } from './sender';
import type { VapidSettings } from './vapid';

const SUBJECT = 'mailto:ops@vault.test';
const DAY_S = 24 * 60 * 60;

/** A log that keeps what it was told, to check what an operator would read. */
function recordingLog() {
  const lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }> = [];
  const at =
    (level: string) =>
    (fields: unknown, msg?: string): void => {
      if (typeof fields === 'string') lines.push({ level, msg: fields, fields: {} });
      else lines.push({ level, msg: msg ?? '', fields: fields as Record<string, unknown> });
    };
  return { lines, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

describe.each(backends)('push delivery to a real (local) push service on %s', (backend) => {
  let database: TestDatabase;
  let service: TestPushService;
  let settings: VapidSettings;
  const db = () => database.db;
  /** The deliverers' clock: tests move it instead of waiting out a backoff. */
  let clock = Date.now();
  const { lines, log } = recordingLog();
  const deliverer = (push: VapidSettings | null = settings) =>
    createPushDeliverer({ db: db(), push, log, now: () => clock });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    service = await startTestPushService();
    settings = {
      ...createVapidKeys(),
      subject: SUBJECT,
      // The real services, and this test's plain-http one by its exact address.
      serviceHosts: parsePushServiceHosts(`fcm.googleapis.com,${service.origin}`),
    };
  });
  afterAll(async () => {
    await service?.close();
    await database?.dispose();
  });

  /** A member with one browser subscribed at the test's push service. */
  async function subscribe(endpoint = service.endpoint()) {
    const keys = createBrowserKeys();
    const user = await db()
      .insertInto('users')
      .values({ email: `${randomUUID()}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscription = await db()
      .insertInto('pushSubscriptions')
      .values({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: subscription.id, userId: user.id, endpoint, keys };
  }
  type Subscribed = Awaited<ReturnType<typeof subscribe>>;

  /** One push_outbox row as a fan-out writes it; `expiresInS` from the deliverers' clock. */
  async function enqueue(sub: Subscribed, kind: PushKind, facts: Record<string, unknown>, expiresInS: number) {
    const dedupeKey = `${kind}:${randomUUID()}:${sub.id}`;
    const row = await db()
      .insertInto('pushOutbox')
      .values({
        subscriptionId: sub.id,
        userId: sub.userId,
        kind,
        dedupeKey,
        payload: JSON.stringify(facts),
        expiresAt: new Date(clock + expiresInS * 1000),
        // Due by the deliverers' clock, which may run ahead of the database's.
        nextAttemptAt: new Date(clock),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, dedupeKey };
  }

  const wonFacts = (itemTitle = 'Damascus Chef Knife') => ({ purchaseId: randomUUID(), itemTitle });
  const rowOf = (id: string) => db().selectFrom('pushOutbox').selectAll().where('id', '=', id).executeTakeFirst();
  const receivedBy = (sub: Subscribed) => service.received.filter((r) => sub.endpoint.endsWith(r.path));
  const opened = (sub: Subscribed, push: ReceivedPush) =>
    PushPayload.parse(JSON.parse(sub.keys.decrypt(push.body).toString('utf8')));

  it('sends a push the browser decrypts to the rendered payload, signed by VAPID for the service origin, once', async () => {
    const sub = await subscribe();
    const facts = wonFacts();
    const row = await enqueue(sub, 'won', facts, DAY_S);

    expect(await deliverer().deliver(row.id)).toEqual({ status: 'sent' });
    const [push, ...more] = receivedBy(sub);
    expect(more).toHaveLength(0);
    if (!push) throw new Error('nothing reached the push service');
    expect(opened(sub, push)).toEqual(renderPush('won', facts));
    expect(opened(sub, push)).toMatchObject({ title: 'You won Damascus Chef Knife', url: '/account?tab=orders' });

    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).toBe(pushTopic(row.dedupeKey));
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    // What is left of the row's life: a day, less the moments this test took.
    expect(Number(push.headers.ttl)).toBeGreaterThan(DAY_S - 60);
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(DAY_S);

    const claims = verifyVapid(push.headers.authorization, settings.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(SUBJECT);
    const nowS = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(nowS);
    expect(claims.exp).toBeLessThanOrEqual(nowS + DAY_S);

    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, lastError: null });
    const subscription = await db()
      .selectFrom('pushSubscriptions')
      .select('lastSuccessAt')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(subscription.lastSuccessAt).not.toBeNull();
    // Sent is sent: a duplicate kick or a sweep sends nothing more.
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'skipped' });
    expect(receivedBy(sub)).toHaveLength(1);
  });

  it('asks normal urgency for a shipment, and logs the push service host, never the endpoint', async () => {
    const sub = await subscribe();
    const row = await enqueue(sub, 'shipped', { shipmentId: randomUUID(), itemTitle: 'Bowie', items: 2 }, 3 * DAY_S);
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'sent' });
    const [push] = receivedBy(sub);
    expect(push?.headers.urgency).toBe('normal');
    expect(push && opened(sub, push).body).toBe('Bowie and 1 more item is on the way.');
    const line = lines.find((l) => l.fields.pushOutboxId === row.id && l.msg === 'push sent');
    expect(line?.fields.host).toBe(new URL(service.origin).host);
    expect(JSON.stringify(lines)).not.toContain(sub.endpoint);
  });

  it('deletes a subscription the push service answers 410 for, and its other pushes with it', async () => {
    const sub = await subscribe();
    const first = await enqueue(sub, 'won', wonFacts(), DAY_S);
    const second = await enqueue(sub, 'won', wonFacts('Bowie'), DAY_S);
    service.answer({ status: 410 });
    expect(await deliverer().deliver(first.id)).toEqual({ status: 'gone' });
    expect(await db().selectFrom('pushSubscriptions').select('id').where('id', '=', sub.id).execute()).toEqual([]);
    expect(await rowOf(first.id)).toBeUndefined();
    expect(await rowOf(second.id)).toBeUndefined();
    expect(await deliverer().deliver(second.id)).toEqual({ status: 'skipped' });
    expect(receivedBy(sub)).toHaveLength(1);
  });

  it('waits out a 429 Retry-After, then sends', async () => {
    const sub = await subscribe();
    const row = await enqueue(sub, 'won', wonFacts(), DAY_S);
    service.answer({ status: 429, headers: { 'Retry-After': '7' } });
    const outcome = await deliverer().deliver(row.id);
    expect(outcome).toEqual({ status: 'retry', retryAt: new Date(clock + 7000) });
    expect(await rowOf(row.id)).toMatchObject({ status: 'pending', lastError: 'HTTP 429' });
    // Not a moment before the service said.
    clock += 6990;
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'skipped' });
    clock += 10;
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'sent' });
    expect(receivedBy(sub).map((r) => r.status)).toEqual([429, 201]);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries a 500 with a growing backoff and sends once the service recovers', async () => {
    const sub = await subscribe();
    const row = await enqueue(sub, 'won', wonFacts(), DAY_S);
    service.answer({ status: 500 }, { status: 503 });
    const start = clock;
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'retry', retryAt: new Date(start + 5000) });
    clock = start + 5000;
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'retry', retryAt: new Date(start + 20_000) });
    clock = start + 20_000;
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'sent' });
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'skipped' });
    const answers = receivedBy(sub).map((r) => r.status);
    expect(answers).toEqual([500, 503, 201]);
    // Each attempt carried the same event: the same Topic, and a payload that opens to the same words.
    const pushes = receivedBy(sub);
    expect(new Set(pushes.map((p) => p.headers.topic)).size).toBe(1);
    expect(new Set(pushes.map((p) => opened(sub, p).title)).size).toBe(1);
  });

  it('never sends a push late: past expires_at it is dropped, and so is a retry that would land past it', async () => {
    const sub = await subscribe();
    const stale = await enqueue(sub, 'hearted_next', heartedFacts(), -1);
    expect(await deliverer().deliver(stale.id)).toEqual({ status: 'dropped', reason: 'expired' });
    expect(await rowOf(stale.id)).toMatchObject({ status: 'failed', lastError: 'not sent: expired' });
    expect(receivedBy(sub)).toHaveLength(0);

    const closing = await enqueue(sub, 'hearted_next', heartedFacts(), 30);
    service.answer({ status: 429, headers: { 'Retry-After': '60' } });
    expect(await deliverer().deliver(closing.id)).toEqual({
      status: 'dropped',
      reason: 'expired before it could be sent (HTTP 429)',
    });
    clock += 60_000;
    expect(await deliverer().deliver(closing.id)).toEqual({ status: 'skipped' });
    expect(receivedBy(sub).map((r) => r.status)).toEqual([429]);
  });

  it('lets exactly one of two deliverers racing for a row send it', async () => {
    const sub = await subscribe();
    const row = await enqueue(sub, 'won', wonFacts(), DAY_S);
    const outcomes = await Promise.all([deliverer().deliver(row.id), deliverer().deliver(row.id)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['sent', 'skipped']);
    expect(receivedBy(sub)).toHaveLength(1);
  });

  it('sweeps due pushes, each browser getting its pushes in the order of their events', async () => {
    const ada = await subscribe();
    const bob = await subscribe();
    const titles = ['First', 'Second', 'Third'];
    for (const title of titles) {
      await enqueue(ada, 'won', wonFacts(title), DAY_S);
      await enqueue(bob, 'won', wonFacts(title), DAY_S);
    }
    const results = await deliverer().sweep();
    expect(results.filter((r) => r.outcome.status === 'sent')).toHaveLength(6);
    for (const sub of [ada, bob]) {
      expect(receivedBy(sub).map((push) => opened(sub, push).title)).toEqual(titles.map((t) => `You won ${t}`));
    }
  });

  it('refuses an endpoint that is not a listed push service, before any request', async () => {
    const elsewhere = await startTestPushService();
    try {
      const sub = await subscribe(elsewhere.endpoint());
      const row = await enqueue(sub, 'won', wonFacts(), DAY_S);
      expect(await deliverer().deliver(row.id)).toEqual({ status: 'failed' });
      expect(elsewhere.received).toHaveLength(0);
      const stored = await rowOf(row.id);
      expect(stored?.status).toBe('failed');
      expect(stored?.lastError).toBe(`endpoint host ${new URL(elsewhere.origin).host} is not a listed push service`);
    } finally {
      await elsewhere.close();
    }
  });

  it('gives up on a 4xx refusal without retrying', async () => {
    const sub = await subscribe();
    const row = await enqueue(sub, 'won', wonFacts(), DAY_S);
    service.answer({ status: 403 });
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'failed' });
    clock += 60_000;
    expect(await deliverer().deliver(row.id)).toEqual({ status: 'skipped' });
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', lastError: 'HTTP 403' });
  });

  it('embedded: kickPush delivers on the next tick, and a retry timer sends after Retry-After', async () => {
    clock = Date.now();
    const sub = await subscribe();
    const row = await enqueue(sub, 'won', wonFacts(), DAY_S);
    const notifier = createEmbeddedNotifier({
      db: db(),
      mailer: createMailer({ from: 'The Vault <no-reply@vault.test>', log }),
      links: { publicUrl: 'http://vault.test' },
      log,
      leadMs: 60_000,
      push: settings,
    });
    try {
      service.answer({ status: 429, headers: { 'Retry-After': '1' } });
      notifier.kickPush([row.id]);
      const statuses = () => receivedBy(sub).map((r) => r.status);
      await eventually(() => statuses().length === 2, { within: 5000, what: () => `answers ${statuses()}` });
      expect(statuses()).toEqual([429, 201]);
      await eventually(async () => (await rowOf(row.id))?.status === 'sent', { within: 2000, what: 'the row sent' });
    } finally {
      await notifier.close();
    }
  });

  it.runIf(backend === 'postgres')(
    "scaled: the API's kickPush is a BullMQ job the notify worker sends, a Retry-After a delayed job, a lost kick the sweep's",
    async () => {
      clock = Date.now();
      const redis = await openTestRedis();
      const common = { db: db(), connection: redis.redis, prefix: redis.prefix, leadMs: 60_000, log };
      const worker = await startNotifyWorker({
        ...common,
        mailer: createMailer({ from: 'The Vault <no-reply@vault.test>', log }),
        links: { publicUrl: 'http://vault.test' },
        push: settings,
        sweepEveryMs: 1000,
      });
      const api = createQueueNotifier(common);
      try {
        const sub = await subscribe();
        const kicked = await enqueue(sub, 'won', wonFacts('Kicked'), DAY_S);
        service.answer({ status: 429, headers: { 'Retry-After': '1' } });
        api.kickPush([kicked.id]);
        const titles = () => receivedBy(sub).map((push) => `${push.status} ${opened(sub, push).title}`);
        await eventually(() => titles().length === 2, { within: 8000, what: () => `pushes ${titles()}` });
        expect(titles()).toEqual(['429 You won Kicked', '201 You won Kicked']);
        // Written but never kicked (the API died after its commit): the sweep finds it.
        await enqueue(sub, 'won', wonFacts('Swept'), DAY_S);
        await eventually(() => titles().length === 3, { within: 8000, what: () => `pushes ${titles()}` });
        expect(titles()[2]).toBe('201 You won Swept');
        expect(await rowOf(kicked.id)).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        await api.close();
        await worker.close();
        await redis.dispose();
      }
    },
  );

  it('keeps pushes pending without VAPID keys, and says so once', async () => {
    const sub = await subscribe();
    const row = await enqueue(sub, 'won', wonFacts(), DAY_S);
    const before = lines.length;
    const unconfigured = deliverer(null);
    expect(await unconfigured.deliver(row.id)).toEqual({ status: 'skipped' });
    expect(await unconfigured.sweep()).toEqual([]);
    expect(await unconfigured.deliver(row.id)).toEqual({ status: 'skipped' });
    expect(lines.slice(before).filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(receivedBy(sub)).toHaveLength(0);
  });
});

function heartedFacts() {
  return { showId: randomUUID(), showItemId: randomUUID(), itemTitle: 'Bowie', position: 'next' };
}
