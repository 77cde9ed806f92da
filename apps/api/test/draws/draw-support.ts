import { createHash, createHmac } from 'node:crypto';
import { simulatorDb } from '@vault/authnet-simulator';
import type { Draw } from '@vault/db';
import { eventually, insertShowRows, knives } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../test-app';

// A live show whose first item is sold by draw, and what a test does to a draw from outside: end
// its window now, wait for its end, decline an entrant's card, and check the published record the
// way a stranger would — with node:crypto and the rule as written, never with the app's code.

/** Starts a show (any live one is reset first) whose first item is a draw item, revealed now. */
export async function startDrawShow(
  t: TestApp,
  options: {
    windowSeconds?: number;
    perKnifeSeconds?: number;
    purchaseCap?: number;
    replicas?: FastifyInstance[];
  } = {},
) {
  const { db } = t.database;
  const live = await db.selectFrom('shows').select('id').where('status', 'in', ['running', 'paused']).execute();
  for (const s of live) await t.app.shows.driver.command(s.id, { type: 'reset' });
  const { show, items } = await insertShowRows(
    db,
    {
      title: 'Fair Drop',
      perKnifeSeconds: options.perKnifeSeconds ?? 120,
      prerollSeconds: 0,
      intermissionSeconds: 5,
      items: knives(2, { first: 1, price: '250.00' }),
    },
    options.purchaseCap === undefined ? {} : { purchaseCap: options.purchaseCap },
  );
  const [item] = items;
  if (!item) throw new Error('no item');
  await db
    .updateTable('showItems')
    .set({ saleMode: 'draw', drawWindowSeconds: options.windowSeconds ?? 60 })
    .where('id', '=', item.id)
    .execute();
  const started = await t.app.shows.driver.command(show.id, { type: 'start' });
  if (!started.ok) throw new Error('the show did not start');
  const draw = await openDrawOf(t, item.id);
  await onScreen(draw, [t.app, ...(options.replicas ?? [])]);
  return { show, item, draw };
}

/** The item's open draw (the reveal opened it). */
export function openDrawOf(t: TestApp, showItemId: string): Promise<Draw> {
  return t.database.db
    .selectFrom('draws')
    .selectAll()
    .where('showItemId', '=', showItemId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
}

/** Waits until every replica's show view carries the draw (the bus reached them). */
export async function onScreen(draw: Draw, apps: FastifyInstance[]): Promise<void> {
  for (const app of apps) {
    await eventually(() => app.shows.store.view(Date.now()).currentItem?.draw?.id === draw.id, {
      within: 5000,
      what: 'the draw on a replica’s screen',
    });
  }
}

/**
 * Ends the window now: the deadline moves to this instant and every replica is told the show
 * changed, so each one's alarm is re-armed from its refreshed view and fires — the real close.
 */
export async function closeWindowNow(t: TestApp, draw: Draw): Promise<void> {
  await t.database.db.updateTable('draws').set({ closesAt: new Date() }).where('id', '=', draw.id).execute();
  await t.app.shows.driver.notify(draw.showId);
}

/** The draw once it ended (drawn, no winner or cancelled). */
export function drawEnded(t: TestApp, drawId: string, within = 15_000): Promise<Draw> {
  return eventually(
    async () => {
      const draw = await t.database.db.selectFrom('draws').selectAll().where('id', '=', drawId).executeTakeFirst();
      return draw && ['drawn', 'no_winner', 'cancelled'].includes(draw.status) ? draw : undefined;
    },
    { within, what: 'the draw’s end' },
  );
}

/** The member's saved card declines from now on (the simulator's per-card behaviour). */
export async function declineCardOf(t: TestApp, userId: string): Promise<void> {
  const user = await t.database.db
    .selectFrom('users')
    .select('authNetPaymentProfileId')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await simulatorDb(t.database)
    .updateTable('authnetSimPaymentProfiles')
    .set({ behavior: 'decline-charge' })
    .where('id', '=', Number(user.authNetPaymentProfileId))
    .execute();
}

/** The published rule, applied from its text: HMAC-SHA256(seed bytes, decimal n), lowest hex first. */
export function recomputeOrder(seedHex: string, entryNumbers: readonly number[]): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const score = (n: number) => createHmac('sha256', key).update(`${n}`).digest('hex');
  return [...entryNumbers].sort((a, b) => {
    const [x, y] = [score(a), score(b)];
    return x === y ? a - b : x < y ? -1 : 1;
  });
}

export const sha256Hex = (seedHex: string) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
