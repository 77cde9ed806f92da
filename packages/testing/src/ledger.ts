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

export interface AfterSaleLedgerCheck {
  /** Every mismatch found, as a sentence; empty when the books balance. */
  problems: string[];
  purchases: number;
  /** Purchases captured (each exactly once at the simulator). */
  captured: number;
  /** Purchases in a package that has shipped (or been delivered). */
  shipped: number;
  /** Refunds done, by credit (refundTransaction) and by void of an unsettled capture. */
  refunds: number;
  voids: number;
  /** What the done refunds gave back, in cents. */
  refundedCents: number;
}

const cents = (money: string | null) => Math.round(Number(money ?? 0) * 100);
/** A refund's invoice number at the gateway: its id without dashes, the first 20 characters. */
const invoiceOf = (refundId: string) => refundId.replace(/-/g, '').slice(0, 20);

/**
 * After the sale, the database against the payment simulator's ledger, for one show's purchases
 * (or everything, with null): each purchase of a shipped package is captured; each captured
 * purchase has exactly one successful capture at the gateway, of its captured amount, and no
 * purchase is captured at the gateway without the database knowing; no authorisation is captured
 * that is not a purchase's; nothing is left pending (a capture or a refund); each refund done is
 * at the gateway (a credit by its invoice number and amount, or the void of the capture) and
 * each credit or void at the gateway is a refund done; what was given back never passes what was
 * captured, on either side.
 */
export async function checkAfterSaleLedger(
  database: DatabaseHandle,
  showId: string | null,
): Promise<AfterSaleLedgerCheck> {
  const { db } = database;
  const sim = simulatorDb(database);
  const purchases = await db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .leftJoin('shipments', 'shipments.id', 'purchases.shipmentId')
    .selectAll('purchases')
    .select('shipments.status as shipmentStatus')
    .$if(showId !== null, (q) => q.where('showItems.showId', '=', showId ?? ''))
    .execute();
  const purchaseIds = purchases.map((p) => p.id);
  const refunds =
    purchaseIds.length === 0
      ? []
      : await db.selectFrom('refunds').selectAll().where('purchaseId', 'in', purchaseIds).execute();
  // The show's authorisations: its purchases' and any other of its claims' (a late one, voided).
  const claimIds =
    showId === null
      ? []
      : (
          await db
            .selectFrom('saleClaims')
            .innerJoin('showItems', 'showItems.id', 'saleClaims.showItemId')
            .select('saleClaims.id')
            .where('showItems.showId', '=', showId)
            .execute()
        ).map((claim) => claim.id);
  const purchaseCharges = purchases.flatMap((p) => (p.transactionId ? [Number(p.transactionId)] : []));
  const charges = await sim
    .selectFrom('authnetSimTransactions')
    .selectAll()
    .where('type', 'in', ['authOnlyTransaction', 'authCaptureTransaction'])
    .where('responseCode', '=', '1')
    .$if(showId !== null, (q) =>
      q.where((eb) => eb.or([eb('id', 'in', [0, ...purchaseCharges]), eb('invoiceNumber', 'in', ['', ...claimIds])])),
    )
    .execute();
  // Captures, voids and credits: each names the charge it acts on (refTransId).
  const followUps = await sim
    .selectFrom('authnetSimTransactions')
    .selectAll()
    .where('type', 'in', ['priorAuthCaptureTransaction', 'voidTransaction', 'refundTransaction'])
    .where('responseCode', '=', '1')
    .$if(showId !== null, (q) => q.where('refTransId', 'in', [0, ...charges.map((c) => c.id)]))
    .execute();
  const of = (type: string, chargeId: number) =>
    followUps.filter((row) => row.type === type && row.refTransId === chargeId);

  const problems: string[] = [];
  const report = { captured: 0, shipped: 0, refunds: 0, voids: 0, refundedCents: 0 };
  const held = new Set(purchaseCharges);
  for (const capture of followUps.filter((row) => row.type === 'priorAuthCaptureTransaction'))
    if (capture.refTransId === null || !held.has(capture.refTransId))
      problems.push(`authorisation ${capture.refTransId} was captured but is no purchase's`);

  for (const purchase of purchases) {
    const name = `purchase ${purchase.id}`;
    const shipped = purchase.shipmentStatus === 'shipped' || purchase.shipmentStatus === 'delivered';
    if (shipped) report.shipped++;
    if (purchase.status === 'pending') problems.push(`${name} left pending`);
    if (shipped && purchase.status !== 'completed') problems.push(`${name} shipped but ${purchase.status}`);
    const charge = charges.find((c) => String(c.id) === purchase.transactionId);
    const captures = charge ? of('priorAuthCaptureTransaction', charge.id) : [];
    if (captures.length > 1) problems.push(`${name} captured ${captures.length} times at the gateway`);
    const capture = captures[0];
    if (purchase.status === 'completed') {
      report.captured++;
      if (!capture) problems.push(`${name} is completed but its authorisation was never captured`);
      else if (cents(capture.amount) !== cents(purchase.capturedAmount) || purchase.capturedAt === null)
        problems.push(`${name} recorded ${purchase.capturedAmount} captured; the gateway captured ${capture.amount}`);
    } else if (capture) problems.push(`${name} is ${purchase.status} but the gateway captured ${capture.amount}`);

    const mine = refunds.filter((refund) => refund.purchaseId === purchase.id);
    for (const refund of mine.filter((r) => r.status === 'pending')) problems.push(`refund ${refund.id} left pending`);
    const done = mine.filter((refund) => refund.status === 'done');
    const credits = charge ? of('refundTransaction', charge.id).filter((row) => row.status === 'refunded') : [];
    // A void of a captured charge gives all of the capture back.
    const voidedCapture = charge?.status === 'voided' && capture ? cents(capture.amount) : 0;
    for (const refund of done) {
      report.refundedCents += cents(refund.amount);
      if (refund.method === 'void') {
        report.voids++;
        if (cents(refund.amount) !== voidedCapture)
          problems.push(`refund ${refund.id} voided ${refund.amount}; the gateway voided ${voidedCapture / 100}`);
        continue;
      }
      report.refunds++;
      const credit = credits.find((row) => row.invoiceNumber === invoiceOf(refund.id));
      if (!credit || cents(credit.amount) !== cents(refund.amount))
        problems.push(
          `refund ${refund.id} of ${refund.amount} is done but the gateway credited ${credit?.amount ?? 'nothing'}`,
        );
    }
    for (const credit of credits)
      if (!done.some((refund) => refund.method === 'refund' && invoiceOf(refund.id) === credit.invoiceNumber))
        problems.push(`${name}: the gateway credited ${credit.amount} (${credit.id}) with no refund done for it`);
    if (voidedCapture > 0 && !done.some((refund) => refund.method === 'void'))
      problems.push(`${name}: the gateway voided its capture with no refund done for it`);
    const given = done.reduce((sum, refund) => sum + cents(refund.amount), 0);
    const credited = credits.reduce((sum, row) => sum + cents(row.amount), 0) + voidedCapture;
    if (given > cents(purchase.capturedAmount))
      problems.push(`${name} refunded ${given / 100}, above its capture of ${purchase.capturedAmount}`);
    if (capture && credited > cents(capture.amount))
      problems.push(`${name}: the gateway gave back ${credited / 100}, above its capture of ${capture.amount}`);
  }
  return { problems, purchases: purchases.length, ...report };
}
