import {
  type AdminMemberView,
  adminMemberMessages,
  drawMessages,
  memberAuditActions,
  type SocketBuyAck,
  socketEvents,
  suspensionMessages,
} from '@vault/contracts';
import { backends, eventually, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eligibilityCalls } from '../eligibility/admin-support';
import { buildTestApp, buyAs, memberSocket, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';

// An admin suspends a member's buying: refused at once on every replica and both transports,
// before the seller (no purchase, no authorisation, no press recorded), audited; lifting it lets
// the member buy again.

const MEMBERS = '/api/admin/members';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SUSPENDED = { message: drawMessages.suspended, code: 'buying_suspended' };

describe.each(backends)('suspending a member’s buying on %s', (backend) => {
  let t: TestApp;
  /** Another replica: its own bus connection when scaled, as another process has. */
  let other: FastifyInstance;
  let admin: SeededMember;
  let customer: SeededMember;
  const sockets: Socket[] = [];
  const { call, lastAudit } = eligibilityCalls(() => t);

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    other = await t.sibling({ ownBus: true });
    await other.listen({ port: 0, host: '127.0.0.1' });
    ({ admin, customer } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  const socketBuy = async (socket: Socket, showItemId: string) => {
    const ack = (await socket.timeout(10_000).emitWithAck(socketEvents.buy, { showItemId })) as SocketBuyAck;
    return ack.ok ? { status: 200 } : { status: ack.status, body: { message: ack.message, code: ack.code } };
  };
  const httpBuy = async (app: FastifyInstance, member: SeededMember, showItemId: string) => {
    const res = await buyAs(app, member, showItemId);
    return { status: res.statusCode, body: res.json() };
  };

  it('refuses the member at once on the other replica, over HTTP and an open socket, until lifted', async () => {
    const { items } = await startLiveShow(t, 2);
    const [member] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret: t.app.config.sessionSecret });
    const [first] = items;
    if (!member || !first) throw new Error('setup');
    const socket = await memberSocket(other, member.cookie, sockets);
    await eventually(() => other.shows.store.view(Date.now()).currentItem?.id === first.id, {
      within: 5000,
      what: 'the other replica showing the item',
    });

    const suspendedAt = Date.now();
    const res = await call(admin, 'POST', `${MEMBERS}/${member.userId}/buying-suspension`, {
      reason: '  Pressed 40 times in 100 ms  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const view: AdminMemberView = res.json();
    expect(view).toMatchObject({ id: member.userId, buyingSuspended: { reason: 'Pressed 40 times in 100 ms' } });
    expect(Date.parse(view.buyingSuspended?.at ?? '')).toBeGreaterThanOrEqual(suspendedAt - 1000);

    // The other replica learns it over the bus: within a bus hop (and a read of the member's row).
    const answered = performance.now();
    await eventually(() => other.buyingSuspensions.isSuspended(member.userId), {
      within: 2000,
      every: 1,
      what: 'the other replica holding the suspension',
    });
    const hopMs = performance.now() - answered;
    console.log(`[suspension] the other replica held it ${hopMs.toFixed(1)} ms after the admin's answer`);
    expect(hopMs).toBeLessThan(500);
    expect(await httpBuy(other, member, first.id)).toEqual({ status: 403, body: SUSPENDED });
    expect(await socketBuy(socket, first.id)).toEqual({ status: 403, body: SUSPENDED });
    // This replica changed its own set before answering: refused with no wait at all.
    expect(await httpBuy(t.app, member, first.id)).toEqual({ status: 403, body: SUSPENDED });
    // A replica that starts now loads the suspended members before it serves.
    const late = await t.sibling();
    expect(await httpBuy(late, member, first.id)).toEqual({ status: 403, body: SUSPENDED });

    // Refused before the seller: nothing sold, nothing authorised, no press recorded.
    await Promise.all([t.app, other, late].map((app) => app.presses.flush()));
    const { db } = t.database;
    expect(await db.selectFrom('purchases').select('id').where('showItemId', '=', first.id).execute()).toEqual([]);
    expect(await db.selectFrom('buyPresses').select('id').where('userId', '=', member.userId).execute()).toEqual([]);

    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: memberAuditActions.suspendBuying,
      targetType: 'user',
      targetId: member.userId,
      adminUserId: admin.userId,
      status: 200,
    });
    expect(audit.details).toMatchObject({ body: { reason: 'Pressed 40 times in 100 ms' } });
    const admins = await call(admin, 'GET', `${MEMBERS}/${member.userId}/eligibility`);
    expect(admins.json()).toMatchObject({ buyingSuspended: { reason: 'Pressed 40 times in 100 ms' } });

    // Lifted: the member buys again, on the other replica's open socket.
    const lifted = await call(admin, 'DELETE', `${MEMBERS}/${member.userId}/buying-suspension`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ id: member.userId, buyingSuspended: null });
    expect(await lastAudit()).toMatchObject({
      action: memberAuditActions.liftBuyingSuspension,
      targetId: member.userId,
      status: 200,
    });
    await eventually(
      () => !other.buyingSuspensions.isSuspended(member.userId) && !late.buyingSuspensions.isSuspended(member.userId),
      { within: 2000, every: 5, what: 'the other replicas lifting the suspension' },
    );
    expect(await socketBuy(socket, first.id)).toEqual({ status: 200 });
    // Lifting what is not suspended is no error.
    expect((await call(admin, 'DELETE', `${MEMBERS}/${member.userId}/buying-suspension`)).statusCode).toBe(200);
  });

  it('keeps when a suspension began when an admin gives a new reason', async () => {
    const url = `${MEMBERS}/${customer.userId}/buying-suspension`;
    const first: AdminMemberView = (await call(admin, 'POST', url, { reason: 'First look' })).json();
    const again: AdminMemberView = (await call(admin, 'POST', url, { reason: 'Confirmed: a script' })).json();
    expect(again.buyingSuspended).toEqual({ at: first.buyingSuspended?.at, reason: 'Confirmed: a script' });
    expect((await call(admin, 'DELETE', url)).json()).toMatchObject({ buyingSuspended: null });
    expect(t.app.buyingSuspensions.isSuspended(customer.userId)).toBe(false);
  });

  it('is for admins only: a customer gets 403, a visitor 401, and nothing changes', async () => {
    const url = `${MEMBERS}/${customer.userId}/buying-suspension`;
    for (const method of ['POST', 'DELETE']) {
      const byCustomer = await call(customer, method, url, method === 'POST' ? { reason: 'Me' } : undefined);
      expect(byCustomer.statusCode).toBe(403);
      expect(byCustomer.json()).toMatchObject({ code: 'admin_only' });
      expect((await call(null, method, url, method === 'POST' ? { reason: 'Me' } : undefined)).statusCode).toBe(401);
    }
    expect(t.app.buyingSuspensions.isSuspended(customer.userId)).toBe(false);
    const stored = await t.database.db
      .selectFrom('users')
      .select('buyingSuspendedAt')
      .where('id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(stored.buyingSuspendedAt).toBeNull();
  });

  it.each([
    [{}, suspensionMessages.reasonRequired],
    [{ reason: '' }, suspensionMessages.reasonRequired],
    [{ reason: '   ' }, suspensionMessages.reasonRequired],
    [{ reason: 'x'.repeat(501) }, suspensionMessages.reasonTooLong],
    [{ reason: 'bad\u0000reason' }, 'Text must not contain control characters'],
    [{ reason: 42 }, suspensionMessages.reasonRequired],
  ])('refuses the body %j with 400', async (body, message) => {
    const res = await call(admin, 'POST', `${MEMBERS}/${customer.userId}/buying-suspension`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
    expect(t.app.buyingSuspensions.isSuspended(customer.userId)).toBe(false);
  });

  it('answers 404 for a member who does not exist, and 400 for an id that is none', async () => {
    for (const method of ['POST', 'DELETE']) {
      const payload = method === 'POST' ? { reason: 'Bot' } : undefined;
      const unknown = await call(admin, method, `${MEMBERS}/${UNKNOWN}/buying-suspension`, payload);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: adminMemberMessages.notFound, code: 'not_found' });
      expect((await call(admin, method, `${MEMBERS}/nope/buying-suspension`, payload)).statusCode).toBe(400);
    }
    expect(t.app.buyingSuspensions.size()).toBe(0);
  });
});
