import { createECDH, randomBytes } from 'node:crypto';
import { ErrorBody, PushPreferences, pushKinds, pushMessages } from '@vault/contracts';
import { backends, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_MEMBER } from '../../src/push/push';
import { buildTestApp, ORIGIN, type TestApp } from '../test-app';

/** A browser's PushSubscription.toJSON(): a real P-256 public key and a 16-byte secret, as Chrome sends. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe.each(backends)('Web Push routes on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const members = (count: number) => seedOnboardedMembers(db(), { count, sessionSecret: t.app.config.sessionSecret });
  const send = (
    member: SeededMember | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = { origin: ORIGIN },
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(member ? { cookie: member.cookie } : {}), 'user-agent': 'Mozilla/5.0 (Android 14)' },
      ...(payload ? { payload } : {}),
    });
  const subscribe = (member: SeededMember | null, body: object) =>
    send(member, 'POST', '/api/push/subscriptions', body);
  const rowsOf = (userId: string) =>
    db().selectFrom('pushSubscriptions').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
  /** A refusal: the status, and the `{ message, code }` body every 4xx has. */
  const refusal = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    ...ErrorBody.parse(res.json()),
  });

  it('hands the VAPID public key to any visitor, and says 503 push_unavailable when push is off', async () => {
    const res = await send(null, 'GET', '/api/push/public-key', undefined, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: t.app.config.push?.publicKey });
    expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);

    const off = await buildTestApp(backend, { config: { push: null } });
    try {
      const refused = await off.app.inject({ url: '/api/push/public-key' });
      expect(refusal(refused)).toEqual({ status: 503, message: pushMessages.unavailable, code: 'push_unavailable' });
      const [member] = await seedOnboardedMembers(off.database.db, {
        count: 1,
        sessionSecret: off.app.config.sessionSecret,
      });
      if (!member) throw new Error('setup');
      const subscribing = await off.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { origin: ORIGIN, cookie: member.cookie },
        payload: browserSubscription(),
      });
      expect(refusal(subscribing)).toMatchObject({ status: 503, code: 'push_unavailable' });
    } finally {
      await off.close();
    }
  });

  it('saves a subscription once per browser: a resubscribe takes the new keys, and kinds replace the switches', async () => {
    const [ann] = await members(1);
    if (!ann) throw new Error('setup');
    const first = browserSubscription();
    const created = await subscribe(ann, first);
    expect(created.statusCode).toBe(201);
    expect(PushPreferences.parse(created.json())).toEqual({ kinds: [...pushKinds], devices: 1 });

    // The same browser again (its keys rotated), choosing two kinds, one twice and out of order.
    const again = { ...browserSubscription(first.endpoint), kinds: ['shipped', 'won', 'shipped'] };
    const updated = await subscribe(ann, again);
    expect(updated.statusCode).toBe(201);
    expect(updated.json()).toEqual({ kinds: ['won', 'shipped'], devices: 1 });
    const [row] = await rowsOf(ann.userId);
    expect(row).toMatchObject({
      endpoint: first.endpoint,
      p256dh: again.keys.p256dh,
      auth: again.keys.auth,
      userAgent: 'Mozilla/5.0 (Android 14)',
    });

    // A second browser of hers, with an expiry; the switches stay as she set them.
    const laptop = {
      ...browserSubscription('https://updates.push.services.mozilla.com/wpush/v2/gAAAA'),
      expirationTime: 1_900_000_000_000,
    };
    expect((await subscribe(ann, laptop)).json()).toEqual({ kinds: ['won', 'shipped'], devices: 2 });
    expect((await rowsOf(ann.userId)).map((r) => r.expirationTime?.getTime() ?? null)).toEqual([
      null,
      1_900_000_000_000,
    ]);
  });

  it("moves a browser to the member now signed in on it, with none of the previous member's queued pushes", async () => {
    const [ann, bob] = await members(2);
    if (!ann || !bob) throw new Error('setup');
    const phone = browserSubscription();
    await subscribe(ann, phone);
    const [annRow] = await rowsOf(ann.userId);
    if (!annRow) throw new Error('setup');
    await db()
      .insertInto('pushOutbox')
      .values({
        subscriptionId: annRow.id,
        userId: ann.userId,
        kind: 'won',
        dedupeKey: `won:${randomBytes(8).toString('hex')}:${annRow.id}`,
        payload: JSON.stringify({ purchaseId: annRow.id, itemTitle: 'Ann’s knife' }),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .execute();

    const moved = await subscribe(bob, phone);
    expect(moved.json()).toEqual({ kinds: [...pushKinds], devices: 1 });
    expect(await rowsOf(ann.userId)).toEqual([]);
    expect((await rowsOf(bob.userId)).map((r) => r.endpoint)).toEqual([phone.endpoint]);
    const queued = await db().selectFrom('pushOutbox').select('id').where('userId', '=', ann.userId).execute();
    expect(queued).toEqual([]);
    expect((await send(ann, 'GET', '/api/push/preferences')).json()).toMatchObject({ devices: 0 });
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_MEMBER} browsers a member: the least recently active goes, never the one subscribing`, async () => {
    const [cat] = await members(1);
    if (!cat) throw new Error('setup');
    const hourAgo = Date.now() - 3_600_000;
    const old = Array.from({ length: MAX_SUBSCRIPTIONS_PER_MEMBER }, () => browserSubscription());
    await db()
      .insertInto('pushSubscriptions')
      .values(
        old.map((s, i) => ({
          userId: cat.userId,
          endpoint: s.endpoint,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
          createdAt: new Date(hourAgo + i * 1000),
        })),
      )
      .execute();
    const [oldest, second] = old;
    if (!oldest || !second) throw new Error('setup');
    // The oldest was delivered to a minute ago: the second oldest is now the least recently active.
    await db()
      .updateTable('pushSubscriptions')
      .set({ lastSuccessAt: new Date(Date.now() - 60_000) })
      .where('endpoint', '=', oldest.endpoint)
      .execute();

    const newest = browserSubscription();
    expect((await subscribe(cat, newest)).json()).toMatchObject({ devices: MAX_SUBSCRIPTIONS_PER_MEMBER });
    const endpoints = (await rowsOf(cat.userId)).map((r) => r.endpoint);
    expect(endpoints).toHaveLength(MAX_SUBSCRIPTIONS_PER_MEMBER);
    expect(endpoints).toContain(newest.endpoint);
    expect(endpoints).toContain(oldest.endpoint);
    expect(endpoints).not.toContain(second.endpoint);

    // A browser subscribing again is kept, however long ago it first subscribed.
    const third = old[2];
    if (!third) throw new Error('setup');
    expect((await subscribe(cat, third)).json()).toMatchObject({ devices: MAX_SUBSCRIPTIONS_PER_MEMBER });
    expect((await rowsOf(cat.userId)).map((r) => r.endpoint)).toContain(third.endpoint);
  });

  it('refuses bad keys, plain http, hosts that are not push services, visitors and other origins, saving nothing', async () => {
    const [dan] = await members(1);
    if (!dan) throw new Error('setup');
    const good = browserSubscription();

    const badKey = await subscribe(dan, { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 43) } });
    expect(refusal(badKey)).toMatchObject({ status: 400, message: 'p256dh must be an uncompressed P-256 public key' });
    const badAuth = await subscribe(dan, { ...good, keys: { ...good.keys, auth: 'short' } });
    expect(refusal(badAuth)).toMatchObject({ status: 400, message: 'auth must be a 16-byte secret' });

    const refused = { status: 400, message: pushMessages.serviceRefused, code: 'push_service_refused' };
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1:3000/api/admin/members',
      'https://169.254.169.254/latest/meta-data/',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      // Not as a browser writes a URL: a NUL, a stray surrogate (the database would refuse them).
      'https://fcm.googleapis.com/fcm/send/a\u0000b',
      'https://fcm.googleapis.com/fcm/send/a\ud83db',
    ]) {
      expect(refusal(await subscribe(dan, { ...good, endpoint })), endpoint).toEqual(refused);
    }

    expect(refusal(await subscribe(null, good))).toMatchObject({ status: 401, code: 'not_signed_in' });
    const noOrigin = await send(dan, 'POST', '/api/push/subscriptions', good, {});
    expect(refusal(noOrigin)).toMatchObject({ status: 403, code: 'origin_rejected' });
    const foreign = await send(dan, 'POST', '/api/push/subscriptions', good, { origin: 'https://evil.example' });
    expect(refusal(foreign)).toMatchObject({ status: 403, code: 'origin_rejected' });
    expect(await rowsOf(dan.userId)).toEqual([]);
  });

  it("deletes only the member's own subscription, and answers 204 whether or not there was one", async () => {
    const [eve, fay] = await members(2);
    if (!eve || !fay) throw new Error('setup');
    const eves = browserSubscription();
    const fays = browserSubscription();
    await subscribe(eve, eves);
    await subscribe(fay, fays);

    // Eve names Fay's browser: nothing happens to it.
    const other = await send(eve, 'DELETE', '/api/push/subscriptions', { endpoint: fays.endpoint });
    expect(other.statusCode).toBe(204);
    expect(await rowsOf(fay.userId)).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const gone = await send(eve, 'DELETE', '/api/push/subscriptions', { endpoint: eves.endpoint });
      expect([gone.statusCode, gone.body]).toEqual([204, '']);
    }
    expect(await rowsOf(eve.userId)).toEqual([]);
    const unstorable = await send(eve, 'DELETE', '/api/push/subscriptions', { endpoint: 'https://x.example/\u0000' });
    expect(unstorable.statusCode).toBe(204);
    expect(refusal(await send(null, 'DELETE', '/api/push/subscriptions', { endpoint: eves.endpoint }))).toMatchObject({
      status: 401,
    });
    expect(refusal(await send(eve, 'DELETE', '/api/push/subscriptions', { endpoint: 'nope' }))).toMatchObject({
      status: 400,
    });
  });

  it('keeps the switches per member: every kind until chosen, then exactly the chosen ones', async () => {
    const [gus] = await members(1);
    if (!gus) throw new Error('setup');
    const get = () => send(gus, 'GET', '/api/push/preferences');
    expect((await get()).json()).toEqual({ kinds: [...pushKinds], devices: 0 });

    const put = (kinds: unknown) => send(gus, 'PUT', '/api/push/preferences', { kinds });
    expect((await put(['draw_drawn', 'show_starting'])).json()).toEqual({
      kinds: ['show_starting', 'draw_drawn'],
      devices: 0,
    });
    expect((await get()).json()).toEqual({ kinds: ['show_starting', 'draw_drawn'], devices: 0 });
    // None at all is a choice too (push on, nothing wanted), not "the defaults".
    expect((await put([])).json()).toEqual({ kinds: [], devices: 0 });
    expect((await get()).json()).toEqual({ kinds: [], devices: 0 });

    expect(refusal(await put(['sometimes']))).toMatchObject({ status: 400 });
    expect(refusal(await send(null, 'GET', '/api/push/preferences'))).toMatchObject({ status: 401 });
    expect(refusal(await send(gus, 'PUT', '/api/push/preferences', { kinds: [] }, {}))).toMatchObject({
      status: 403,
      code: 'origin_rejected',
    });
  });

  it("loses a member's browsers and switches with the account", async () => {
    const [hal] = await members(1);
    if (!hal) throw new Error('setup');
    await subscribe(hal, { ...browserSubscription(), kinds: ['won'] });
    expect(await rowsOf(hal.userId)).toHaveLength(1);
    await db().deleteFrom('users').where('id', '=', hal.userId).execute();
    expect(await rowsOf(hal.userId)).toEqual([]);
    const prefs = await db().selectFrom('pushPreferences').selectAll().where('userId', '=', hal.userId).execute();
    expect(prefs).toEqual([]);
  });
});
