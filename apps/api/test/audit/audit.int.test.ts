import { type AuditEntry, type AuditPage, auditMessages } from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS_MAX_BYTES, sanitiseBody } from '../../src/audit/records';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * State-changing admin routes that record nothing: walks Fastify's own route table, so a new
 * admin route without `config.audit` fails the test instead of skipping the log.
 */
function unauditedAdminWrites(app: FastifyInstance): string[] {
  const policy = new Map(app.auditPolicy().map((route) => [`${route.method} ${route.url}`, route]));
  return app.routeTable
    .filter((route) => STATE_CHANGING.has(route.method))
    .map((route) => `${route.method} ${route.url}`)
    .filter((key) => {
      const route = policy.get(key);
      return !route || (route.access === 'admin' && !route.audit);
    });
}

describe('every state-changing admin route declares what it records', () => {
  let t: TestApp;
  let sloppy: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    // The same app with one admin route that forgot its audit spec: the check must name it.
    sloppy = await buildTestApp('pglite', {
      prepare: (app) => {
        app.post('/api/forgot-audit', { preValidation: app.requireAdmin }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sloppy?.close();
  });

  it('finds config.audit on every POST, PUT, PATCH and DELETE route that needs an admin', () => {
    expect(unauditedAdminWrites(t.app)).toEqual([]);
    // Not vacuous: the admin routes this issue started from are among those checked.
    const audited = t.app.auditPolicy().filter((r) => r.audit);
    expect(audited.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/shows',
        'PATCH /api/shows/:showId',
        'PATCH /api/shows/:showId/schedule',
        'POST /api/show-items',
        'POST /api/show/start',
        'POST /api/show/pause',
        'POST /api/show/reset',
        'POST /api/purchases/:purchaseId/capture',
        'POST /api/purchases/:purchaseId/void',
        'POST /sandbox/authnet/faults',
        'DELETE /sandbox/authnet/faults',
      ]),
    );
  });

  it('names an admin route added without one', () => {
    expect(unauditedAdminWrites(sloppy.app)).toEqual(['POST /api/forgot-audit']);
  });

  it('puts the log only on admin routes (a member is no admin to record)', () => {
    const audited = t.app.auditPolicy().filter((r) => r.audit);
    expect(audited.filter((r) => r.access !== 'admin').map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('bounding and sanitising what a record keeps of a body', () => {
  it('drops secret-looking fields at any depth', () => {
    const body = {
      title: 'Knife',
      password: 'hunter2',
      newPassword: 'x',
      resetToken: 't',
      clientSecret: 's',
      cardNumber: '4111111111111111',
      CVV: '123',
      opaque: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJ0b2tlbiI6' },
      nested: [{ cardCode: '999', name: 'ok' }],
    };
    const copy = sanitiseBody(body);
    expect(copy).toEqual({
      title: 'Knife',
      opaque: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT' },
      nested: [{ name: 'ok' }],
    });
    expect(JSON.stringify(copy)).not.toMatch(/4111|hunter2|eyJ0|999/);
  });

  it('keeps any body within the size bound', () => {
    const huge = {
      description: 'x'.repeat(5000),
      lineup: Array.from({ length: 500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      many: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field${i}`, 'y'.repeat(50)])),
    };
    const copy = sanitiseBody(huge);
    expect(JSON.stringify(copy).length).toBeLessThanOrEqual(DETAILS_MAX_BYTES);
    const terse = sanitiseBody({ description: 'x'.repeat(5000), lineup: huge.lineup });
    expect(terse).toMatchObject({ lineup: expect.arrayContaining(['… 480 more']) });
  });
});

describe.each(backends)('the admin audit log on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let unrecordableRuns = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      prepare: (app) => {
        // An audited admin route taking anything, to see what a record keeps of a body.
        app.post(
          '/api/test-audit/echo',
          { preValidation: app.requireAdmin, config: { audit: { action: 'test.echo', target: 'test' } } },
          async () => ({ id: 'echo-result' }),
        );
        // An action name too long for its column: the record fails, so the action must not run.
        app.post(
          '/api/test-audit/unrecordable',
          { preValidation: app.requireAdmin, config: { audit: { action: 'x'.repeat(80), target: 'test' } } },
          async () => {
            unrecordableRuns++;
            return { done: true };
          },
        );
      },
    });
    ({ admin, customer } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: SeededMember | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const rowCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('adminAudit')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const page = async (query = '') => {
    const res = await call(admin, 'GET', `/api/admin/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditPage;
  };

  /** Runs one admin call that must succeed, and returns the one record it added. */
  async function recorded(method: string, url: string, payload?: unknown): Promise<AuditEntry> {
    const before = await rowCount();
    const res = await call(admin, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    expect(await rowCount()).toBe(before + 1);
    const newest = (await page('?limit=1')).entries[0];
    if (!newest) throw new Error('no entry');
    expect(newest.admin).toEqual({ id: admin.userId, email: admin.email });
    return newest;
  }

  /** Runs a call that must be refused with `status`, and checks nothing was recorded. */
  async function refusedUnrecorded(
    who: SeededMember | null,
    status: number,
    method: string,
    url: string,
    payload?: unknown,
  ) {
    const before = await rowCount();
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    expect(await rowCount()).toBe(before);
    return res;
  }

  let showId: string;
  const performed: string[] = [];

  it('records each admin action once, with who, what and the target', async () => {
    const startedAt = Date.now();
    // Create, edit, add two items, reorder, schedule, start.
    const create = await recorded('POST', '/api/shows', {
      title: 'Audited Night',
      perKnifeSeconds: 300,
      prerollSeconds: 0,
      intermissionSeconds: 0,
      soldHoldSeconds: 30,
    });
    showId = create.targetId ?? '';
    expect(create).toMatchObject({ action: 'show.create', targetType: 'show' });
    expect(create.details).toMatchObject({ body: { title: 'Audited Night', soldHoldSeconds: 30 } });
    expect(Date.parse(create.at)).toBeGreaterThanOrEqual(startedAt - 1000);
    const show = await t.database.db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow();
    expect(show.soldHoldSeconds).toBe(30);

    const edit = await recorded('PATCH', `/api/shows/${showId}`, { description: 'Two knives' });
    expect(edit).toMatchObject({ action: 'show.update', targetType: 'show', targetId: showId });
    expect(edit.details).toEqual({ params: { showId }, body: { description: 'Two knives' } });

    const itemIds: string[] = [];
    for (const title of ['First', 'Second']) {
      const add = await recorded('POST', '/api/show-items', { showId, title, price: '40.00' });
      expect(add).toMatchObject({ action: 'show.add_item', targetType: 'show', targetId: showId });
      expect(add.details).toMatchObject({ body: { title, price: '40.00' }, resultId: expect.any(String) });
      itemIds.push(String(add.details.resultId));
    }
    const reorder = await recorded('PATCH', `/api/shows/${showId}`, { lineup: [...itemIds].reverse() });
    expect(reorder).toMatchObject({ action: 'show.reorder', targetType: 'show', targetId: showId });

    const schedule = await recorded('PATCH', `/api/shows/${showId}/schedule`, {
      launchTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(schedule).toMatchObject({ action: 'show.schedule', targetId: showId });

    const start = await recorded('POST', '/api/show/start', { showId });
    expect(start).toMatchObject({ action: 'show.start', targetType: 'show', targetId: showId });

    // A member buys the item on sale: the show holds the sold item for the show's sold hold.
    const before = Date.now();
    const buy = await call(customer, 'POST', '/api/show/buy', { showItemId: itemIds[1] });
    expect(buy.statusCode, buy.body).toBe(200);
    const after = Date.now();
    const purchaseId = buy.json().purchase.id as string;
    const held = await t.database.db
      .selectFrom('shows')
      .select('phaseEndsAt')
      .where('id', '=', showId)
      .executeTakeFirstOrThrow();
    const endsAt = held.phaseEndsAt?.getTime() ?? 0;
    expect(endsAt).toBeGreaterThanOrEqual(before + 30_000 - 50);
    expect(endsAt).toBeLessThanOrEqual(after + 30_000 + 50);

    // Pause names no show: the record names the live one.
    const pause = await recorded('POST', '/api/show/pause', {});
    expect(pause).toMatchObject({ action: 'show.pause', targetType: 'show', targetId: showId });

    const capture = await recorded('POST', `/api/purchases/${purchaseId}/capture`, {});
    expect(capture).toMatchObject({ action: 'purchase.capture', targetType: 'purchase', targetId: purchaseId });

    const reset = await recorded('POST', '/api/show/reset', { showId });
    expect(reset).toMatchObject({ action: 'show.reset', targetType: 'show', targetId: showId });

    // A second sale (set up without the admin API), to void.
    const { items } = await startLiveShow(t, 1);
    const second = await call(customer, 'POST', '/api/show/buy', { showItemId: items[0]?.id });
    expect(second.statusCode, second.body).toBe(200);
    const voidedId = second.json().purchase.id as string;
    const voided = await recorded('POST', `/api/purchases/${voidedId}/void`, {});
    expect(voided).toMatchObject({ action: 'purchase.void', targetType: 'purchase', targetId: voidedId });

    const fault = await recorded('POST', '/sandbox/authnet/faults', { kind: 'error', times: 2 });
    expect(fault).toMatchObject({
      action: 'payment_simulator.inject_fault',
      targetType: 'payment_simulator',
      targetId: null,
      details: { body: { kind: 'error', times: 2 } },
    });
    const cleared = await recorded('DELETE', '/sandbox/authnet/faults');
    expect(cleared).toMatchObject({ action: 'payment_simulator.clear_faults', details: {} });

    performed.push(
      'show.create',
      'show.update',
      'show.add_item',
      'show.add_item',
      'show.reorder',
      'show.schedule',
      'show.start',
      'show.pause',
      'purchase.capture',
      'show.reset',
      'purchase.void',
      'payment_simulator.inject_fault',
      'payment_simulator.clear_faults',
    );
    const all = await page('?limit=200');
    expect(all.entries.map((e) => e.action)).toEqual([...performed].reverse());
    expect(all.nextBefore).toBeNull();
    // Each record names the request that made it: one request, one record.
    const requests = await t.database.db.selectFrom('adminAudit').select('requestId').execute();
    expect(new Set(requests.map((r) => r.requestId)).size).toBe(performed.length);
  });

  it('records nothing for a call refused before it runs: not signed in, no admin, invalid', async () => {
    await refusedUnrecorded(admin, 400, 'POST', '/api/shows', { title: '', perKnifeSeconds: 0 });
    await refusedUnrecorded(customer, 403, 'POST', '/api/shows', { title: 'Sneaky', perKnifeSeconds: 5 });
    await refusedUnrecorded(null, 401, 'POST', '/api/show/pause', {});
  });

  it('records an action the server refused once it ran, as refused with its status', async () => {
    const purchases = await t.database.db.selectFrom('purchases').select(['id', 'status']).execute();
    const completed = purchases.find((p) => p.status === 'completed');
    const unknownShow = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload, status, action] of [
      ['PATCH', `/api/shows/${unknownShow}`, { title: 'x' }, 404, 'show.update'],
      // Another show (startLiveShow's) is live: starting this one is refused.
      ['POST', '/api/show/start', { showId }, 409, 'show.start'],
      ['POST', '/sandbox/authnet/faults', { kind: 'meltdown' }, 400, 'payment_simulator.inject_fault'],
      ['POST', `/api/purchases/${completed?.id}/capture`, {}, 409, 'purchase.capture'],
    ] as const) {
      const before = await rowCount();
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      expect(await rowCount()).toBe(before + 1);
      const [entry] = (await page('?limit=1')).entries;
      expect(entry).toMatchObject({ action, details: { outcome: 'refused', status } });
    }
  });

  it('keeps a bounded, secret-free copy of the call and the id it answered with', async () => {
    const entry = await recorded('POST', '/api/test-audit/echo', {
      showId: 'not-a-show',
      note: 'n'.repeat(5000),
      password: 'hunter2',
      card: { number: '4111111111111111' },
    });
    expect(entry.targetId).toBe('not-a-show');
    expect(entry.details.resultId).toBe('echo-result');
    expect(JSON.stringify(entry.details.body).length).toBeLessThanOrEqual(DETAILS_MAX_BYTES);
    expect(JSON.stringify(entry)).not.toMatch(/hunter2|4111/);
    const row = await t.database.db
      .selectFrom('adminAudit')
      .selectAll()
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(row.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an action whose record cannot be written, without running it', async () => {
    const before = await rowCount();
    const res = await call(admin, 'POST', '/api/test-audit/unrecordable', {});
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'service_unavailable' });
    expect(unrecordableRuns).toBe(0);
    expect(await rowCount()).toBe(before);
  });

  it('pages newest first by id, and filters by action prefix', async () => {
    const all = (await page('?limit=200')).entries;
    expect(all.length).toBeGreaterThanOrEqual(performed.length);
    const ids = all.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const walked: number[] = [];
    let before: number | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const next: AuditPage = await page(`?limit=4${before === null ? '' : `&before=${before}`}`);
      expect(next.entries.length).toBeLessThanOrEqual(4);
      walked.push(...next.entries.map((e) => e.id));
      before = next.nextBefore;
      if (before === null) break;
    }
    expect(walked).toEqual(ids);
    expect((await page('?limit=50')).entries).toHaveLength(Math.min(50, all.length));

    const purchases = (await page('?action=purchase.')).entries.map((e) => e.action);
    expect(purchases).toEqual(['purchase.capture', 'purchase.void', 'purchase.capture']);
    expect((await page('?action=purchase.void')).entries.map((e) => e.action)).toEqual(['purchase.void']);
    const shows = (await page('?action=show.')).entries.map((e) => e.action);
    // Those performed, and the update and start refused above.
    expect(shows).toHaveLength(performed.filter((a) => a.startsWith('show.')).length + 2);
    // "_" is no wildcard: "show_" matches no "show." action.
    expect((await page('?action=show_')).entries).toEqual([]);
    expect((await page('?action=')).entries.length).toBe(Math.min(50, all.length));
  });

  it.each([
    ['?limit=0', auditMessages.limit],
    ['?limit=201', auditMessages.limit],
    ['?limit=abc', auditMessages.limit],
    ['?before=-3', auditMessages.before],
    ['?action=DROP%20TABLE', auditMessages.action],
  ])('refuses the query %s with "%s"', async (query, message) => {
    const res = await call(admin, 'GET', `/api/admin/audit${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
  });

  it('shows the log to admins only', async () => {
    expect((await call(customer, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/audit')).statusCode).toBe(401);
  });

  it('is append-only: the database refuses to change or delete a record', async () => {
    const { db } = t.database;
    const count = await rowCount();
    await expect(sql`update admin_audit set action = 'show.forged'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit`.execute(db)).rejects.toThrow(/append-only/);
    expect(await rowCount()).toBe(count);
    const forged = await db.selectFrom('adminAudit').select('id').where('action', '=', 'show.forged').execute();
    expect(forged).toEqual([]);
  });

  it('sets and edits the sold hold with the other timings, with their kind of messages', async () => {
    const created = await call(admin, 'POST', '/api/shows', { title: 'Default hold', perKnifeSeconds: 30 });
    expect(created.statusCode).toBe(201);
    expect(created.json().soldHoldSeconds).toBe(5);
    const id = created.json().id as string;
    const edited = await call(admin, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: 12 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().soldHoldSeconds).toBe(12);
    expect((await call(admin, 'GET', '/api/shows')).json().find((s: { id: string }) => s.id === id)).toMatchObject({
      soldHoldSeconds: 12,
    });

    for (const [value, message] of [
      [-1, 'Sold hold seconds must be at least 0'],
      [3601, 'Sold hold seconds must be at most 3600'],
      [2.5, 'Sold hold seconds must be a whole number'],
      ['soon', 'Sold hold seconds must be a number'],
    ] as const) {
      const create = await refusedUnrecorded(admin, 400, 'POST', '/api/shows', {
        title: 'Bad hold',
        perKnifeSeconds: 30,
        soldHoldSeconds: value,
      });
      expect(create.json()).toEqual({ message, code: 'invalid_request' });
      const update = await refusedUnrecorded(admin, 400, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: value });
      expect(update.json()).toEqual({ message, code: 'invalid_request' });
    }
    const edges = await call(admin, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: 3600 });
    expect(edges.json().soldHoldSeconds).toBe(3600);
    expect((await call(admin, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: 0 })).json().soldHoldSeconds).toBe(0);
  });
});
