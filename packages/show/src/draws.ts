import { createHash, randomBytes } from 'node:crypto';
import { DRAW_CLOSE_MARGIN_SECONDS } from '@vault/contracts';
import type { Database, Show } from '@vault/db';
import { sql, type Transaction } from 'kysely';
import { inLineupOrder } from './lineup';

// A draw's life as the clock sees it: opened when its item is revealed (the seed drawn then and
// committed to at once), frozen by a pause, cancelled by a reset. Closing it and charging down the
// order is the API's (apps/api/src/draws), like any sale.

/** A fresh secret seed and its public commitment: SHA-256 of the seed's bytes, both hex. */
export function newSeed(): { seed: string; commitment: string } {
  const bytes = randomBytes(32);
  return { seed: bytes.toString('hex'), commitment: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The item at `index` was just revealed: if it is sold by draw, its draw opens now with a seed
 * nobody has seen entrants for. The window closes no later than DRAW_CLOSE_MARGIN_SECONDS before
 * the item's time runs out. Runs in the reveal's transaction, so the commitment is in the very
 * view that reveals the item.
 */
export async function openDrawIfDrawItem(trx: Transaction<Database>, show: Show, index: number, now: Date) {
  const item = await trx
    .selectFrom('showItems')
    .select(['id', 'saleMode', 'drawWindowSeconds'])
    .where('showId', '=', show.id)
    .$call(inLineupOrder)
    .offset(index)
    .limit(1)
    .executeTakeFirst();
  if (item?.saleMode !== 'draw') return;
  const windowSeconds = Math.max(
    1,
    Math.min(item.drawWindowSeconds ?? show.perKnifeSeconds, show.perKnifeSeconds - DRAW_CLOSE_MARGIN_SECONDS),
  );
  // A draw left open by a crash mid-reveal is superseded: a reveal always draws anew.
  await cancelOpenDraws(trx, show.id, now, item.id);
  const { seed, commitment } = newSeed();
  await trx
    .insertInto('draws')
    .values({
      showItemId: item.id,
      showId: show.id,
      seed,
      commitment,
      openedAt: now,
      closesAt: new Date(now.getTime() + windowSeconds * 1000),
      updatedAt: now,
    })
    .execute();
}

/** A reset (or a new reveal of the item): an open draw is void; nobody is charged by it. */
export async function cancelOpenDraws(trx: Transaction<Database>, showId: string, now: Date, showItemId?: string) {
  await trx
    .updateTable('draws')
    .set({ status: 'cancelled', closedAt: now, updatedAt: now })
    .where('showId', '=', showId)
    .where('status', '=', 'open')
    .$if(showItemId !== undefined, (q) => q.where('showItemId', '=', showItemId as string))
    .execute();
}

/** A pause stops the window's clock with the show's: what was left waits for the resume. */
export async function freezeOpenDraws(trx: Transaction<Database>, showId: string, now: Date) {
  await sql`
    update draws set paused_remaining_ms = greatest(0, (extract(epoch from closes_at - ${now}) * 1000)::int),
      closes_at = null, updated_at = ${now}
    where show_id = ${showId} and status = 'open' and closes_at is not null`.execute(trx);
}

export async function thawOpenDraws(trx: Transaction<Database>, showId: string, now: Date) {
  await sql`
    update draws set closes_at = ${now}::timestamptz + make_interval(secs => paused_remaining_ms / 1000.0),
      paused_remaining_ms = null, updated_at = ${now}
    where show_id = ${showId} and status = 'open' and closes_at is null`.execute(trx);
}
