import { type AuditPage, auditMessages } from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS, type SeededMember } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';
import { auditCalls } from './audit-support';

// The log of a show an admin drove: each action recorded once, refusals recorded as refused, and
// the pages and filters over what was recorded.

describe.each(backends)('the admin audit log on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin, customer } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const { call, rowCount, page, recorded } = auditCalls(() => ({ t, admin }));

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
      const add = await recorded('POST', '/api/show-items', { showId, title, price: '40.00', ...DEFAULT_KNIFE_FACTS });
      expect(add).toMatchObject({ action: 'show.add_item', targetType: 'show', targetId: showId });
      expect(add.details).toMatchObject({ body: { title, price: '40.00' }, resultId: expect.any(String) });
      itemIds.push(String(add.details.resultId));
    }
    const editItem = await recorded('PATCH', `/api/show-items/${itemIds[0]}`, { price: '42.00' });
    expect(editItem).toMatchObject({ action: 'show.edit_item', targetType: 'show_item', targetId: itemIds[0] });
    expect(editItem.details).toEqual({ params: { id: itemIds[0] }, body: { price: '42.00' } });
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
      'show.edit_item',
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
});
