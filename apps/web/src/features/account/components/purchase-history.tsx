import { Badge } from '../../../components/ui/badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { purchaseStatusVariant } from '../../../lib/purchase-status';
import { useOrders, usePurchases } from '../api/orders';
import { CardSection, QuietText } from './card-section';
import { PurchaseAfterSale } from './order-after-sale';

/**
 * SPEC's purchase history (item, date, amount, status), each with its package and refunds in brief,
 * read from the member's orders (an order is a purchase, under the same id).
 */
export function PurchaseHistory({ className }: { className?: string }) {
  const purchases = usePurchases();
  const orders = new Map(useOrders().data?.map((order) => [order.id, order]));
  return (
    <CardSection title="Purchase History" className={className}>
      {purchases.isPending ? (
        <QuietText>Loading purchases...</QuietText>
      ) : purchases.isError ? (
        <QuietText>Could not load your purchases. Please refresh the page.</QuietText>
      ) : purchases.data.length === 0 ? (
        <QuietText>No purchases yet. Head to the show to claim your first item!</QuietText>
      ) : (
        <ul className="divide-y divide-vault-700">
          {purchases.data.map((purchase) => (
            <li key={purchase.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-sm text-white">{purchase.itemTitle}</p>
                <p className="text-steel-400 text-xs">{formatDate(purchase.createdAt)}</p>
                <PurchaseAfterSale order={orders.get(purchase.id)} />
              </div>
              <div className="flex flex-col items-end gap-1">
                <p className="font-semibold text-sm text-white tabular-nums">{formatMoney(purchase.amount)}</p>
                <Badge variant={purchaseStatusVariant(purchase.status)}>{purchase.status}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
