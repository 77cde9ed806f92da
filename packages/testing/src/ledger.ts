import { simulatorDb } from '@vault/authnet-simulator';
import type { DatabaseHandle } from '@vault/db';
import { sql } from 'kysely';

export interface LedgerCheck {
  /** Every mismatch found, as a sentence; empty when the books balance. */
  problems: string[];
  purchases: number;
  /** Voids the simulator recorded (of the item's authorisations, or all). */
  voids: number;
  claims: number;
}

/**
 * The database against the payment simulator's ledger, for one item's sale (or everything, with
 * null): each authorisation is the transaction of exactly one purchase, or is voided; each
 * purchase has an authorisation, held (not voided) and of its amount; no item is sold twice; no
 * claim is left pending or unsure; the item is sold to the purchase's buyer or, without one, not
 * sold. Authorisations are tied to claims by their invoice number (the claim's id).
 */
export async function checkLedger(database: DatabaseHandle, showItemId: string | null): Promise<LedgerCheck> {
  const { db } = database;
  const sim = simulatorDb(database);
  const claims = await db
    .selectFrom('saleClaims')
    .selectAll()
    .$if(showItemId !== null, (q) => q.where('showItemId', '=', showItemId ?? ''))
    .execute();
  const claimIds = claims.map((claim) => claim.id);
  const purchases = await db
    .selectFrom('purchases')
    .selectAll()
    .$if(showItemId !== null, (q) => q.where('showItemId', '=', showItemId ?? ''))
    .execute();
  const charges =
    claimIds.length === 0
      ? []
      : await sim
          .selectFrom('authnetSimTransactions')
          .selectAll()
          .where('type', '=', 'authOnlyTransaction')
          .$if(showItemId !== null, (q) => q.where('invoiceNumber', 'in', claimIds))
          .execute();
  const voids = await sim
    .selectFrom('authnetSimTransactions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('type', '=', 'voidTransaction')
    .$if(showItemId !== null, (q) => q.where('refTransId', 'in', [0, ...charges.map((charge) => charge.id)]))
    .executeTakeFirstOrThrow();

  const problems: string[] = [];
  const byItem = new Map<string, number>();
  for (const purchase of purchases) byItem.set(purchase.showItemId, (byItem.get(purchase.showItemId) ?? 0) + 1);
  for (const [itemId, count] of byItem) if (count > 1) problems.push(`item ${itemId} sold ${count} times`);
  for (const charge of charges) {
    if (charge.responseCode !== '1') continue;
    const tied = purchases.filter((purchase) => purchase.transactionId === String(charge.id));
    if (charge.status === 'voided' ? tied.length !== 0 : tied.length !== 1)
      problems.push(`authorisation ${charge.id} (${charge.status}) is tied to ${tied.length} purchase(s)`);
  }
  for (const purchase of purchases) {
    const charge = charges.find((c) => String(c.id) === purchase.transactionId);
    if (!charge || !['authorized', 'captured'].includes(charge.status) || charge.amount !== purchase.amount)
      problems.push(`purchase ${purchase.id} has no held authorisation of ${purchase.amount}`);
  }
  for (const claim of claims) {
    if (claim.status === 'pending' || claim.needsCheck) problems.push(`claim ${claim.id} left ${claim.status}`);
  }
  if (showItemId !== null) {
    const item = await db.selectFrom('showItems').selectAll().where('id', '=', showItemId).executeTakeFirstOrThrow();
    const sold = purchases[0];
    if (item.claimId !== null) problems.push('the item still carries a claim');
    if (sold ? item.status !== 'sold' || item.soldToUserId !== sold.userId : item.status === 'sold')
      problems.push(`the item is ${item.status} to ${item.soldToUserId} but ${purchases.length} purchase(s) exist`);
  }
  return { problems, purchases: purchases.length, voids: voids.n, claims: claims.length };
}
