import { type AdminPurchase, purchaseMessages } from '@vault/contracts';
import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';
import { AppError } from '../lib/app-error';
import type { AuthNetClient } from '../payments/authnet/client';
import { gatewayToAppError } from './payment-methods';

function purchasesWithBuyers(db: Kysely<Database>) {
  return db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .innerJoin('users', 'users.id', 'purchases.userId')
    .selectAll('purchases')
    .select(['showItems.title as itemTitle', 'showItems.showId', 'users.email', 'users.fullName']);
}

type Row = Awaited<ReturnType<ReturnType<typeof purchasesWithBuyers>['executeTakeFirstOrThrow']>>;

function toAdminPurchase(row: Row): AdminPurchase {
  return {
    id: row.id,
    showItemId: row.showItemId,
    itemTitle: row.itemTitle,
    amount: row.amount,
    status: row.status,
    transactionId: row.transactionId,
    buyer: { id: row.userId, email: row.email, fullName: row.fullName },
    shippingAddress: row.shippingAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Who bought what in one show, newest first. */
export async function listShowPurchases(db: Kysely<Database>, showId: string): Promise<AdminPurchase[]> {
  const rows = await purchasesWithBuyers(db)
    .where('showItems.showId', '=', showId)
    .orderBy('purchases.createdAt', 'desc')
    .execute();
  return rows.map(toAdminPurchase);
}

/**
 * Captures or voids an authorised purchase at the gateway. The purchase is first moved to
 * pending with a conditional UPDATE, so two admins (or a double click) cannot settle it twice;
 * a gateway failure puts it back to authorized.
 */
export async function settlePurchase(
  db: Kysely<Database>,
  client: AuthNetClient,
  purchaseId: string,
  action: 'capture' | 'void',
): Promise<AdminPurchase> {
  const exists = await db.selectFrom('purchases').select('id').where('id', '=', purchaseId).executeTakeFirst();
  if (!exists) throw new AppError(404, 'not_found', purchaseMessages.notFound);
  const taken = await db
    .updateTable('purchases')
    .set({ status: 'pending', updatedAt: new Date() })
    .where('id', '=', purchaseId)
    .where('status', '=', 'authorized')
    .where('transactionId', 'is not', null)
    .returningAll()
    .executeTakeFirst();
  if (!taken?.transactionId) throw new AppError(409, 'conflict', purchaseMessages.notAuthorized);
  // refId: at most 20 characters at the gateway.
  const refId = taken.id.replace(/-/g, '').slice(0, 20);
  try {
    if (action === 'capture') {
      await client.capture({ refId, amount: taken.amount, refTransId: taken.transactionId });
    } else {
      await client.voidTransaction({ refId, refTransId: taken.transactionId });
    }
  } catch (error) {
    await db
      .updateTable('purchases')
      .set({ status: 'authorized', updatedAt: new Date() })
      .where('id', '=', purchaseId)
      .execute();
    throw gatewayToAppError(error);
  }
  await db
    .updateTable('purchases')
    .set({ status: action === 'capture' ? 'completed' : 'voided', errorMessage: null, updatedAt: new Date() })
    .where('id', '=', purchaseId)
    .execute();
  return toAdminPurchase(
    await purchasesWithBuyers(db).where('purchases.id', '=', purchaseId).executeTakeFirstOrThrow(),
  );
}
