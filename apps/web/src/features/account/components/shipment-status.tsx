import type { MemberShipmentStatus, OrderView } from '@vault/contracts';
import { orderNumber } from '../display';
import { shipmentLine } from '../fulfillment-display';

const tones: Record<MemberShipmentStatus, string> = {
  processing: 'text-steel-200',
  shipped: 'text-brass-400',
  delivered: 'text-emerald-300',
};

/**
 * Where an order's package is, with the carrier's tracking page once it has left (a new tab, so
 * the member's place here stays). Nothing for an order that will not ship.
 */
export function ShipmentStatus({ order, compact = false }: { order: OrderView; compact?: boolean }) {
  const line = shipmentLine(order, { compact });
  if (!line) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="shipment-status">
      <span className={`min-w-0 break-words font-semibold ${tones[line.status]}`}>{line.text}</span>
      {line.trackingUrl ? (
        <a
          href={line.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded font-semibold text-brass-400 underline underline-offset-2 hover:text-brass-500"
        >
          {compact ? 'Track' : 'Track package'}
          <span className="sr-only"> for order {orderNumber(order.id)} (opens in a new tab)</span>
          <svg viewBox="0 0 12 12" className="size-3 shrink-0" aria-hidden="true">
            <path
              d="M4.5 2.5h5v5M9.5 2.5 3 9"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </a>
      ) : null}
    </p>
  );
}
