import type { DatabaseHandle } from '@vault/db';
import { appliedSteps, oneTo } from '../../../apps/api/test/support/chaos-show';
import type { Win } from './members';

/**
 * The show's transitions as show_events recorded them: each step once, none missing, in order
 * (a step applied twice appears twice).
 */
export async function stepsOnce(database: DatabaseHandle, showId: string) {
  const applied = await appliedSteps(database.db, showId);
  return { steps: applied.map((s) => s.step), expected: oneTo(applied.length) };
}

/** Every Buy a member won is a purchase of that knife, and no knife was sold twice. */
export async function winsArePurchases(database: DatabaseHandle, wins: Win[]) {
  const missing: Win[] = [];
  for (const win of wins) {
    const row = await database.db
      .selectFrom('purchases')
      .select(['id'])
      .where('id', '=', win.purchaseId)
      .where('showItemId', '=', win.itemId)
      .executeTakeFirst();
    if (!row) missing.push(win);
  }
  const doubled = await database.db
    .selectFrom('purchases')
    .select(['showItemId', database.db.fn.countAll<string>().as('n')])
    .where('status', 'in', ['authorized', 'completed', 'pending'])
    .groupBy('showItemId')
    .having(database.db.fn.countAll(), '>', 1)
    .execute();
  return { missing, doubled };
}
