import type { OrderRefund, OrderShipment, OrderView } from '@vault/contracts';
import type { ServiceDeps } from '../core/deps';
import { toOrderShipment } from '../fulfillment';
import { returnDeadline, returnWindowDays, toMemberReturn } from '../returns';
import { listMemberOrders, listMemberRefunds } from './orders.repository';

type OrderRow = Awaited<ReturnType<typeof listMemberOrders>>[number];

function shipmentOf(row: OrderRow): OrderShipment | null {
  if (!row.shipmentId || !row.shipmentStatus) return null;
  return toOrderShipment({ ...row, id: row.shipmentId, status: row.shipmentStatus });
}

function returnOf(row: OrderRow) {
  if (!row.returnId || !row.returnNumber || !row.returnStatus || row.returnReason === null || !row.returnCreatedAt)
    return null;
  return toMemberReturn({
    id: row.returnId,
    number: row.returnNumber,
    status: row.returnStatus,
    reason: row.returnReason,
    message: row.returnMessage,
    createdAt: row.returnCreatedAt,
  });
}

/**
 * The member's orders, as the Orders tab and /account list them: one per purchase, newest first,
 * each with its package (status and tracking link), the refunds made on it, its latest return and
 * until when a return may be asked for. Two queries whatever the number of orders.
 */
export async function memberOrderViews(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  userId: string,
): Promise<OrderView[]> {
  const [rows, refunds] = await Promise.all([listMemberOrders(deps.db, userId), listMemberRefunds(deps.db, userId)]);
  const refundsOf = new Map<string, OrderRefund[]>();
  for (const refund of refunds) {
    const list = refundsOf.get(refund.purchaseId) ?? [];
    list.push({ amount: refund.amount, createdAt: refund.createdAt.toISOString() });
    refundsOf.set(refund.purchaseId, list);
  }
  const windowDays = returnWindowDays(deps.config);
  const now = deps.now();
  return rows.map((row) => {
    const latestReturn = returnOf(row);
    // Returnable: delivered, inside the window, and no return in progress (a declined one ended).
    const deadline = row.deliveredAt ? returnDeadline(row.deliveredAt, windowDays) : null;
    const open = latestReturn !== null && latestReturn.status !== 'declined';
    const returnable = row.shipmentStatus === 'delivered' && deadline !== null && deadline.getTime() >= now && !open;
    return {
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      productTitle: row.title,
      quantity: 1,
      totalAmount: row.amount,
      shippingAddress: row.shippingAddress,
      shipment: shipmentOf(row),
      refunds: refundsOf.get(row.id) ?? [],
      return: latestReturn,
      returnableUntil: returnable && deadline ? deadline.toISOString() : null,
    };
  });
}
