import { Badge } from '../../../components/ui/badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { purchaseStatusVariant } from '../../../lib/purchase-status';
import { useFulfillmentSettings, useOrders } from '../api/orders';
import { orderNumber } from '../display';
import { QuietText } from './card-section';
import { OrderAfterSale } from './order-after-sale';

/**
 * Orders tab: the history in a scrolling area of height 96 units; each order's shipment, refunds
 * and return follow SPEC's fields.
 */
export function OrdersTab() {
  const orders = useOrders();
  const returnWindowDays = useFulfillmentSettings().data?.returnWindowDays;
  if (orders.isPending) return <QuietText>Loading orders...</QuietText>;
  if (orders.isError) return <QuietText>Could not load your orders. Please refresh the page.</QuietText>;
  if (orders.data.length === 0) {
    return <QuietText>No orders found. Start shopping to see your order history!</QuietText>;
  }
  return (
    <div
      className="h-96 overflow-y-auto overscroll-contain rounded-2xl border border-vault-800 bg-vault-950/40 p-2"
      data-testid="orders-scroll"
    >
      <ul className="space-y-2">
        {orders.data.map((order) => (
          <li key={order.id} className="rounded-xl border border-vault-700 bg-vault-900 p-4">
            <div className="flex items-center justify-between gap-3">
              <p className="font-semibold text-sm text-white">
                Order #<span className="font-mono">{orderNumber(order.id)}</span>
              </p>
              <Badge variant={purchaseStatusVariant(order.status)}>{order.status}</Badge>
            </div>
            <p className="mt-0.5 text-steel-400 text-xs">{formatDate(order.createdAt)}</p>
            <div className="mt-3 flex items-start justify-between gap-3 text-sm">
              <p className="min-w-0 break-words text-steel-200">
                {order.productTitle}
                <span className="text-steel-400"> × {order.quantity}</span>
              </p>
              <p className="font-semibold text-white tabular-nums">{formatMoney(order.totalAmount)}</p>
            </div>
            <p className="mt-2 border-vault-700 border-t pt-2 text-steel-400 text-xs">
              Ships to: <span className="text-steel-200">{order.shippingAddress}</span>
            </p>
            <OrderAfterSale order={order} returnWindowDays={returnWindowDays} />
          </li>
        ))}
      </ul>
    </div>
  );
}
