import type { ShipmentItem } from '@vault/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatMoney } from '../../../lib/format';
import { purchaseStatusVariant } from '../../../lib/purchase-status';
import { itemFactsText } from './shipment-text';

/** The package's items: order number, title, legal class and blade, price and where its payment stands. */
export function ShipmentItems({ items, total }: { items: readonly ShipmentItem[]; total: string }) {
  return (
    <div>
      <ul aria-label="Items" className="divide-y divide-vault-800 border-vault-800 border-y">
        {items.map((item) => (
          <li key={item.purchaseId} className="flex items-start justify-between gap-3 py-2.5">
            <div className="min-w-0">
              <p className="break-words font-semibold text-sm text-white">{item.title}</p>
              <p className="mt-0.5 break-words text-steel-400 text-xs">
                Order {item.orderNumber} · {itemFactsText(item)}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-semibold text-sm text-white tabular-nums">{formatMoney(item.amount)}</span>
              <Badge variant={purchaseStatusVariant(item.status)}>{item.status}</Badge>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between text-sm">
        <span className="text-steel-400">Total</span>
        <span className="font-semibold text-white tabular-nums">{formatMoney(total)}</span>
      </p>
    </div>
  );
}
