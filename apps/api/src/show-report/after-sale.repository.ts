import type { ReturnStatus } from '@vault/contracts';
import { sql } from 'kysely';
import type { Db } from '../core/db';

// The rows behind the show report's "after the sale": the show's packages, and per purchase what
// was captured, returned and refunded. Two statements for the whole report, whatever its size.

/**
 * The packages that carry the show's knives: those made for the show, and any that holds one of its
 * purchases (a package merged into another show's still carries them).
 */
export function shipmentsOfShow(db: Db, showId: string) {
  return db
    .selectFrom('shipments')
    .select(['id', 'status', 'shipBy', 'shippedAt', 'deliveredAt'])
    .where((eb) =>
      eb.or([
        eb('showId', '=', showId),
        eb(
          'id',
          'in',
          eb
            .selectFrom('purchases')
            .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
            .select('purchases.shipmentId')
            .where('showItems.showId', '=', showId)
            .where('purchases.shipmentId', 'is not', null),
        ),
      ]),
    )
    .execute();
}

export type ReportShipmentRow = Awaited<ReturnType<typeof shipmentsOfShow>>[number];

export interface PurchaseAfterSaleRow {
  id: string;
  shipmentId: string | null;
  /** What the gateway captured; a purchase captured before the amount was recorded counts its whole amount. */
  captured: string | null;
  /** Its returns by status. */
  requested: number;
  approved: number;
  declined: number;
  received: number;
  refunded: number;
  /** The latest return's status. */
  returnStatus: ReturnStatus | null;
  /** Refunds carried out, and their sum; refunds at the gateway now. */
  refundsDone: number;
  refundedAmount: string;
  refundsPending: number;
}

/** Per purchase of the show's items: its package, the money captured, its returns and its refunds. */
export async function purchasesAfterSale(db: Db, showId: string): Promise<PurchaseAfterSaleRow[]> {
  const result = await sql<PurchaseAfterSaleRow>`
    select p.id, p.shipment_id,
      coalesce(p.captured_amount, case when p.status = 'completed' then p.amount end)::text as captured,
      r.requested, r.approved, r.declined, r.received, r.refunded, r.latest as return_status,
      f.done as refunds_done, f.amount::text as refunded_amount, f.pending as refunds_pending
    from purchases p
    join show_items i on i.id = p.show_item_id
    cross join lateral (
      select count(*) filter (where status = 'requested')::int as requested,
        count(*) filter (where status = 'approved')::int as approved,
        count(*) filter (where status = 'declined')::int as declined,
        count(*) filter (where status = 'received')::int as received,
        count(*) filter (where status = 'refunded')::int as refunded,
        (array_agg(status order by created_at desc))[1] as latest
      from returns where purchase_id = p.id
    ) r
    cross join lateral (
      select count(*) filter (where status = 'done')::int as done,
        coalesce(sum(amount) filter (where status = 'done'), 0) as amount,
        count(*) filter (where status = 'pending')::int as pending
      from refunds where purchase_id = p.id
    ) f
    where i.show_id = ${showId}`.execute(db);
  return result.rows;
}
