import type { OrderView } from '@vault/contracts';
import { Badge } from '../../../components/ui/badge';
import {
  refundedInFull,
  refundLines,
  refundSummary,
  returnLine,
  returnMessage,
  returnWindowNote,
} from '../fulfillment-display';
import { ReturnRequest } from './return-request';
import { ShipmentStatus } from './shipment-status';

function ReturnState({ order }: { order: OrderView }) {
  if (!order.return) return null;
  const message = returnMessage(order.return);
  return (
    <div data-testid="return-status">
      <p className="break-words font-semibold text-steel-200">{returnLine(order.return)}</p>
      {message ? (
        <p className="mt-0.5 whitespace-pre-line break-words text-steel-400">
          <span className="font-semibold text-steel-200">{message.label}:</span> {message.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An order's life after the sale, under SPEC's fields in the Orders tab: its package, each refund
 * (a Refunded badge once all of it came back), its return and the way to ask for one.
 */
export function OrderAfterSale({ order, returnWindowDays }: { order: OrderView; returnWindowDays?: number }) {
  const note = returnWindowNote(order, returnWindowDays);
  return (
    <div className="mt-2 space-y-2 border-vault-700 border-t pt-2 text-xs" data-testid="order-after-sale">
      <ShipmentStatus order={order} />
      {order.refunds.length > 0 ? (
        <div className="flex items-start justify-between gap-2" data-testid="refunds">
          <ul className="min-w-0 space-y-0.5 text-steel-200">
            {refundLines(order.refunds).map((line, index) => (
              // Two refunds can read alike (same amount, same day): the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: refunds carry no id and never reorder
              <li key={index}>{line}</li>
            ))}
          </ul>
          {refundedInFull(order) ? <Badge variant="secondary">Refunded</Badge> : null}
        </div>
      ) : null}
      <ReturnState order={order} />
      {order.returnableUntil ? <ReturnRequest order={order} until={order.returnableUntil} /> : null}
      {note ? <p className="text-steel-400">{note}</p> : null}
    </div>
  );
}

/** The /account list's compact form: where the package is (with Track) and what was refunded. */
export function PurchaseAfterSale({ order }: { order: OrderView | undefined }) {
  if (!order) return null;
  const refunded = refundSummary(order.refunds);
  return (
    <div className="mt-1 space-y-0.5 text-xs" data-testid="purchase-after-sale">
      <ShipmentStatus order={order} compact />
      {refunded ? <p className="text-steel-200">{refunded}</p> : null}
    </div>
  );
}
