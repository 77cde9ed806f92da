import {
  type LineupEligibility,
  type ShowReport,
  type ShowStateView,
  type SocketBuyAck,
  socketEvents,
} from '@vault/contracts';
import { backends, eventually, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buyAs, memberSocket, ORIGIN, startLiveShow, type TestApp } from '../test-app';

// Eligibility decided before the race: the state view tells each member whether they may buy the
// item on screen and why not; Buy refuses the others with 403 not_eligible on both transports
// before the claim; a change of the rules or of a member's facts counts at once on every replica;
// the purchase records the rules that allowed it; the report counts refusals per rule.

const ATTESTATION_REASON =
  'To buy automatic knives for delivery outside TX, record one of these in your account: Armed forces member on duty';

/** Retries the assertions until they pass (5 s), then runs them once more to fail with their own message. */
async function settles(assertions: () => unknown): Promise<void> {
  const passed = await eventually(
    async () => {
      try {
        await assertions();
        return true;
      } catch {
        return null;
      }
    },
    { within: 5000 },
  ).catch(() => false);
  if (!passed) await assertions();
}

describe.each(backends)('eligibility on %s', (backend) => {
  let t: TestApp;
  /** Another replica, on its own bus connection when scaled: changes must reach it over the bus. */
  let other: FastifyInstance;
  const sockets: Socket[] = [];
  let ruleId: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    other = await t.sibling({ ownBus: true });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const { db } = t.database;
    await db
      .insertInto('attestationKinds')
      .values({ code: 'armed_forces', label: 'Armed forces member on duty' })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const rule = await db
      .insertInto('eligibilityRules')
      .values({
        legalClass: 'automatic',
        state: 'interstate',
        effectiveFrom: '2024-01-01',
        effect: 'needs_attestation',
        attestations: ['armed_forces'],
        note: 'Test: automatics across state lines need an attestation',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ruleId = rule.id;
    await rulesChanged();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  /** Tells every replica over the bus, and waits until each holds the rule (or has dropped it). */
  async function rulesChanged(inForce = true) {
    await t.app.bus.publish('eligibility', { type: 'eligibility.rules-changed' });
    await settles(() => {
      for (const app of [t.app, other]) {
        expect(app.eligibility.judge.rules().some((rule) => rule.id === ruleId)).toBe(inForce);
      }
    });
  }

  async function member(state: string, dateOfBirth = '1990-01-01'): Promise<SeededMember> {
    const [seeded] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret: t.app.config.sessionSecret });
    if (!seeded) throw new Error('setup');
    await t.database.db.updateTable('users').set({ state, dateOfBirth }).where('id', '=', seeded.userId).execute();
    return seeded;
  }

  /** A live show whose item on sale is an automatic (the rest manual folders). */
  async function automaticOnSale() {
    const { show, items } = await startLiveShow(t, 2);
    const first = items[0];
    if (!first) throw new Error('setup');
    await t.database.db
      .updateTable('showItems')
      .set({ legalClass: 'automatic', bladeLength: '3.25' })
      .where('id', '=', first.id)
      .execute();
    await t.app.shows.driver.notify(show.id);
    for (const app of [t.app, other]) {
      await settles(() => {
        expect(app.shows.store.view(Date.now()).currentItem?.legalClass).toBe('automatic');
      });
    }
    return { show, item: first };
  }

  const state = async (app: FastifyInstance, who: SeededMember) =>
    (
      await app.inject({ method: 'GET', url: '/api/show/state', headers: { cookie: who.cookie } })
    ).json() as ShowStateView;

  async function socketBuy(socket: Socket, showItemId: string) {
    return (await socket.timeout(10_000).emitWithAck(socketEvents.buy, { showItemId })) as SocketBuyAck;
  }

  it('tells each member on the state view and refuses their press on both transports before the claim', async () => {
    const { item } = await automaticOnSale();
    const texan = await member('TX');
    const californian = await member('CA');

    expect((await state(t.app, texan)).currentItem?.eligibility).toEqual({ ok: true, reason: null });
    expect((await state(other, californian)).currentItem?.eligibility).toEqual({
      ok: false,
      reason: ATTESTATION_REASON,
    });

    const http = await buyAs(t.app, californian, item.id);
    expect(http.statusCode).toBe(403);
    expect(http.json()).toEqual({ message: ATTESTATION_REASON, code: 'not_eligible' });
    const socket = await memberSocket(other, californian.cookie, sockets);
    expect(await socketBuy(socket, item.id)).toEqual({
      ok: false,
      status: 403,
      message: ATTESTATION_REASON,
      code: 'not_eligible',
    });
    // Nothing was claimed for the refused presses.
    const claims = await t.database.db
      .selectFrom('saleClaims')
      .select('id')
      .where('showItemId', '=', item.id)
      .execute();
    expect(claims).toHaveLength(0);

    // The report counts them against the rule: one member, two presses.
    await t.app.sales.attempts.flush();
    await other.sales.attempts.flush();
    const refusals = await t.database.db
      .selectFrom('eligibilityRefusals')
      .selectAll()
      .where('showItemId', '=', item.id)
      .execute();
    expect(refusals).toEqual([{ showItemId: item.id, ruleKey: ruleId, userId: californian.userId, presses: 2 }]);
  });

  it('judges a recorded attestation at once on every replica, and the purchase records the rule', async () => {
    const { show, item } = await automaticOnSale();
    const soldier = await member('NY');
    expect((await buyAs(other, soldier, item.id)).statusCode).toBe(403);
    await t.database.db
      .insertInto('memberAttestations')
      .values({
        userId: soldier.userId,
        kind: 'armed_forces',
        statement: 'I certify that this applies to me: Armed forces member on duty.',
      })
      .execute();
    await t.app.bus.publish('eligibility', { type: 'eligibility.member-changed', userId: soldier.userId });
    await settles(async () => {
      expect((await state(other, soldier)).currentItem?.eligibility).toEqual({ ok: true, reason: null });
    });
    const bought = await buyAs(other, soldier, item.id);
    expect(bought.statusCode).toBe(200);
    const purchase = await t.database.db
      .selectFrom('purchases')
      .select('eligibility')
      .where('showItemId', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(purchase.eligibility).toMatchObject({ minimumAge: 18, rules: [{ id: ruleId, version: 1 }] });

    await other.sales.attempts.flush();
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/shows/${show.id}/report`,
      headers: { cookie: (await admin()).cookie, origin: ORIGIN },
    });
    expect(report.statusCode).toBe(200);
    // The one refused press before the attestation, against the rule, as an admin reads it.
    const reported = (report.json() as ShowReport).items.find((row) => row.id === item.id);
    expect(reported?.eligibilityRefusals).toEqual([
      {
        rule: ruleId,
        label: 'Automatic knives · outside the ship-from state · needs an attestation (v1)',
        members: 1,
        presses: 1,
      },
    ]);
  });

  it('judges a member who moves mid-show by the new address at once', async () => {
    const { item } = await automaticOnSale();
    const mover = await member('TX');
    expect((await state(other, mover)).currentItem?.eligibility?.ok).toBe(true);
    await t.database.db.updateTable('users').set({ state: 'CA' }).where('id', '=', mover.userId).execute();
    await t.app.bus.publish('eligibility', { type: 'eligibility.member-changed', userId: mover.userId });
    await settles(async () => {
      expect((await state(other, mover)).currentItem?.eligibility).toEqual({ ok: false, reason: ATTESTATION_REASON });
    });
    expect((await buyAs(other, mover, item.id)).statusCode).toBe(403);
  });

  it("sends each member's sockets their verdicts on connect and again when the rules change", async () => {
    const { item } = await automaticOnSale();
    const youngster = await member('TX', `${new Date().getUTCFullYear() - 17}-01-01`);
    const socket = await memberSocket(t.app, youngster.cookie, sockets);
    const verdicts: LineupEligibility[] = [];
    socket.on(socketEvents.eligibility, (payload: LineupEligibility) => verdicts.push(payload));
    const http = (
      await t.app.inject({ method: 'GET', url: '/api/show/eligibility', headers: { cookie: youngster.cookie } })
    ).json() as LineupEligibility;
    expect(http.items[item.id]).toEqual({
      ok: false,
      reason: 'You must be at least 18 years old to buy from the vault',
    });

    const adult = await member('CA');
    const adultSocket = await memberSocket(t.app, adult.cookie, sockets);
    const adultVerdicts: LineupEligibility[] = [];
    adultSocket.on(socketEvents.eligibility, (payload: LineupEligibility) => adultVerdicts.push(payload));
    await t.database.db
      .updateTable('eligibilityRules')
      .set({ retiredAt: new Date() })
      .where('id', '=', ruleId)
      .execute();
    await rulesChanged(false);
    await settles(() => {
      expect(adultVerdicts.at(-1)?.items[item.id]).toEqual({ ok: true, reason: null });
    });
    await t.database.db.updateTable('eligibilityRules').set({ retiredAt: null }).where('id', '=', ruleId).execute();
    await rulesChanged();
    await settles(() => {
      expect(adultVerdicts.at(-1)?.items[item.id]).toEqual({ ok: false, reason: ATTESTATION_REASON });
    });
    expect(verdicts.length).toBeGreaterThan(0);
  });

  async function admin(): Promise<SeededMember> {
    const seeded = await member('TX');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', seeded.userId).execute();
    return seeded;
  }
});
