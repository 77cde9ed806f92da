import type { PaymentMethodView } from '@vault/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';

/** "Visa ending in 1111 [Default]" — the same line on the account page and in the Payment tab. */
export function PaymentMethodRow({ method, action }: { method: PaymentMethodView; action?: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-vault-700 bg-vault-950/60 px-4 py-3">
      <span className="flex h-8 w-12 shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-vault-600 to-vault-800 text-brass-400">
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <rect x="3" y="6" width="18" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M3 10h18" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm text-white">{method.cardType}</p>
        <p className="text-sm text-steel-400">ending in {method.last4}</p>
      </div>
      {method.isDefault ? <Badge>Default</Badge> : null}
      {action}
    </li>
  );
}
