import type { Database, SaleClaim } from '@vault/db';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { lineupKey } from './lineup';

// What a sale does to the item on screen. The sale itself (the claim, the purchase, the member's
// cap) is the API's; the item's screen status is the show's, so these are the only writes of it
// outside the clock. Each runs inside the sale's own statement or transaction: none adds a query.

/**
 * The SET list of the claim's UPDATE of show_items: the item is sold to this member under this
 * claim. While the claim is in flight the show view keeps it on sale (see publicStatus in
 * snapshot.ts), so a declined card never flashes SOLD; settling or releasing the claim ends that.
 * A fragment, not a statement: the claim is one conditional UPDATE, and stays one.
 */
export function soldToClaim(args: { userId: string; claimId: string; now: Date }): RawBuilder<unknown> {
  const { userId, claimId, now } = args;
  return sql`status = 'sold', sold_to_user_id = ${userId}, sold_at = ${now}, claim_id = ${claimId}, updated_at = ${now}`;
}

/** The sale went through: the claim leaves the item, which now shows SOLD on every screen. */
export function showSold(trx: Transaction<Database>, claim: Pick<SaleClaim, 'id' | 'showItemId'>, now: Date) {
  return trx
    .updateTable('showItems')
    .set({ claimId: null, updatedAt: now })
    .where('id', '=', claim.showItemId)
    .where('claimId', '=', claim.id)
    .execute();
}

/**
 * The sale did not go through: the item is put back. A live item goes back on sale only if it is
 * still the item being shown with time left; otherwise the clock has moved on: available (its
 * turn passed) or queued (the show was reset). A test product is simply available again.
 */
export function putBackUnsold(
  trx: Transaction<Database>,
  claim: Pick<SaleClaim, 'id' | 'showItemId' | 'releaseStatus'>,
  now: Date,
) {
  return sql`
      update show_items i
      set claim_id = null, sold_to_user_id = null, sold_at = null, updated_at = ${now},
        status = case
          when ${claim.releaseStatus} = 'available' then 'available'
          when s.status = 'running' and s.phase = 'showing' and s.phase_ends_at > ${now}
            and i.id = (select x.id from show_items x where x.show_id = s.id
              order by ${lineupKey('x')} offset s.current_index limit 1) then 'showing'
          when s.status in ('idle', 'scheduled') then 'queued'
          else 'available'
        end
      from shows s
      where i.id = ${claim.showItemId} and s.id = i.show_id and i.claim_id = ${claim.id}`.execute(trx);
}
