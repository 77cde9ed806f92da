import type { PurchaseStatus } from '@vault/contracts';
import type { BadgeVariant } from '../components/ui/badge';

/** Status badges: completed is the default style, pending secondary, failed destructive, anything else outline. */
export function purchaseStatusVariant(status: PurchaseStatus | string): BadgeVariant {
  switch (status) {
    case 'completed':
      return 'default';
    case 'pending':
      return 'secondary';
    case 'failed':
      return 'destructive';
    default:
      return 'outline';
  }
}
