import type { LegalClass } from '@vault/contracts';
import type { Db } from '../core/db';

/**
 * The id of every $1 test product, sold ones included (a member's re-sent Buy of one they bought
 * must still reach its purchase), with its legal class and blade length (who may buy it). One small query, run when the show changes and at most once a
 * second for an id nobody knows (sales/buyable-items.ts), never once per press.
 */
export function listTestProducts(
  db: Db,
): Promise<{ id: string; legalClass: LegalClass | null; bladeLength: string | null }[]> {
  return db
    .selectFrom('showItems')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .select(['showItems.id', 'showItems.legalClass', 'showItems.bladeLength'])
    .where('shows.kind', '=', 'test_products')
    .execute();
}
