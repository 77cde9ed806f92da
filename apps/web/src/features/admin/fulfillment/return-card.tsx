import { type AdminReturn, returnStatusLabels } from '@vault/contracts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDate, formatMoney } from '../../../lib/format';
import { Fact } from '../shared/fact';
import { memberName, refundLeft } from './shipment-text';

export type ReturnAction = 'approve' | 'decline' | 'receive' | 'refund';

const statusVariant: Record<AdminReturn['status'], BadgeVariant> = {
  requested: 'default',
  approved: 'secondary',
  declined: 'destructive',
  received: 'secondary',
  refunded: 'outline',
};

/** What the admin can do next: decide a request; receive an approved parcel; refund what is left of a capture. */
export function returnActions(item: AdminReturn): ReturnAction[] {
  switch (item.status) {
    case 'requested':
      return ['approve', 'decline'];
    case 'approved':
      return ['receive'];
    case 'received':
    case 'refunded':
      return Number(refundLeft(item.purchase)) > 0 ? ['refund'] : [];
    default:
      return [];
  }
}

const actionLabels: Record<ReturnAction, string> = {
  approve: 'Approve',
  decline: 'Decline',
  receive: 'Mark received',
  refund: 'Refund',
};

/** One return: its number and status, the member, the item and order, the member's reason, the dates. */
export function ReturnCard({
  item,
  busy,
  onAction,
}: {
  item: AdminReturn;
  busy: boolean;
  onAction: (action: ReturnAction) => void;
}) {
  const dates = [
    `Requested ${formatDate(item.createdAt)}`,
    item.decidedAt ? `Decided ${formatDate(item.decidedAt)}` : null,
    item.receivedAt ? `Received ${formatDate(item.receivedAt)}` : null,
  ].filter(Boolean);
  const actions = returnActions(item);
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-2xl border border-vault-700 bg-vault-900 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-white tabular-nums">Return {item.number}</p>
          <p className="break-words text-sm text-steel-300">{memberName(item.member)}</p>
          {item.member.fullName ? <p className="break-all text-steel-400 text-xs">{item.member.email}</p> : null}
        </div>
        <Badge variant={statusVariant[item.status]}>{returnStatusLabels[item.status]}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact label="Item">
          {item.purchase.title} · Order {item.purchase.orderNumber}
        </Fact>
        <Fact label="Paid">
          {formatMoney(item.purchase.capturedAmount ?? item.purchase.amount)}
          {Number(item.purchase.refundedAmount) > 0 ? ` · ${formatMoney(item.purchase.refundedAmount)} refunded` : ''}
        </Fact>
        <Fact label="Reason">{item.reason}</Fact>
        {item.message ? (
          <Fact label={item.status === 'declined' ? 'Why declined' : 'Instructions'}>{item.message}</Fact>
        ) : null}
      </dl>
      <p className="text-steel-400 text-xs">{dates.join(' · ')}</p>
      {actions.length > 0 ? (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'decline' ? 'secondary' : action === 'approve' ? 'primary' : 'secondary'}
              className="min-h-10 px-4"
              disabled={busy}
              onClick={() => onAction(action)}
              aria-label={`${actionLabels[action]}: return ${item.number}`}
            >
              {actionLabels[action]}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
