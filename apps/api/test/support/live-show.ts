import { simulatorDb } from '@vault/authnet-simulator';
import { socketEvents } from '@vault/contracts';
import type { DatabaseHandle } from '@vault/db';
import { insertShowRows, knives, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from '../test-app';
import { ORIGIN } from './agent';
import { listenUrl } from './gateway';

// A live show in the in-process app: who sells and buys, a show on sale, and the member's socket.

/** An onboarded customer and an admin, each with a live session (`cookie`) signed with the app's secret. */
export async function seedCustomerAndAdmin(t: TestApp): Promise<{ customer: SeededMember; admin: SeededMember }> {
  const [customer, admin] = await seedOnboardedMembers(t.database.db, {
    count: 2,
    sessionSecret: t.app.config.sessionSecret,
  });
  if (!customer || !admin) throw new Error('setup');
  await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return { customer, admin };
}

/** A running show whose first item is on sale now (any earlier live show is reset first: one at a time). */
export async function startLiveShow(t: TestApp, itemCount = 2, perKnifeSeconds = 120) {
  const { db } = t.database;
  const live = await db.selectFrom('shows').select('id').where('status', 'in', ['running', 'paused']).execute();
  for (const s of live) await t.app.shows.driver.command(s.id, { type: 'reset' });
  // The rows as created, before the start moves them.
  const { show, items } = await insertShowRows(db, {
    title: 'Exactly Once',
    perKnifeSeconds,
    prerollSeconds: 0,
    intermissionSeconds: 5,
    items: knives(itemCount, { first: 1, price: '250.00' }),
  });
  const started = await t.app.shows.driver.command(show.id, { type: 'start' });
  if (!started.ok) throw new Error('the show did not start');
  return { show, items };
}

/** Runs a show's clock forward (deadlines moved to the past) until its item `index` is on sale. */
export async function advanceShowTo(t: TestApp, showId: string, index: number): Promise<void> {
  const { db } = t.database;
  for (let i = 0; i < 10; i++) {
    const show = await db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow();
    if (show.phase === 'showing' && show.currentIndex === index) return;
    await db
      .updateTable('shows')
      .set({ phaseEndsAt: new Date(Date.now() - 1) })
      .where('id', '=', showId)
      .execute();
    await t.app.shows.driver.wake(showId, show.step);
  }
  throw new Error(`item ${index} never came on sale`);
}

/** POST /api/show/buy as `member`, from our own origin, on `app`. */
export function buyAs(app: FastifyInstance, member: SeededMember, showItemId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/show/buy',
    headers: { origin: ORIGIN, cookie: member.cookie },
    payload: { showItemId },
  });
}

/** The authorisations the payment simulator recorded for an item's claims. */
export function authorisationsOf(database: DatabaseHandle, showItemId: string) {
  return simulatorDb(database)
    .selectFrom('authnetSimTransactions')
    .innerJoin('saleClaims', 'saleClaims.id', 'authnetSimTransactions.invoiceNumber')
    .select(['authnetSimTransactions.id', 'authnetSimTransactions.responseCode'])
    .where('saleClaims.showItemId', '=', showItemId)
    .where('authnetSimTransactions.type', '=', 'authOnlyTransaction')
    .execute();
}

/**
 * A member's live socket on `app` (listening), once the server accepted it: the show state arrives
 * on connect. It is added to `opened` first, so the test's cleanup closes it whatever happens.
 */
export async function memberSocket(app: FastifyInstance, cookie: string, opened: Socket[]): Promise<Socket> {
  const socket = io(listenUrl(app), {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: ORIGIN },
    reconnection: false,
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once(socketEvents.state, () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
