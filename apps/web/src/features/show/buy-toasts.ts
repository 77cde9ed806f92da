import type { BuyResponse } from '@vault/contracts';
import { serverMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import type { ToastVariant } from '../../lib/toast';

export interface ToastText {
  title: string;
  description: string;
  variant: ToastVariant;
}

/** The server's own words for a refused purchase, when it gave any. */
function serverText(error: unknown): string | undefined {
  return serverMessage(error)?.trim() || undefined;
}

/** SPEC §8 purchase success, with the title and price the server answered (not what the screen showed). */
export function purchaseSuccessToast(response: BuyResponse): ToastText {
  return {
    title: 'Purchase Successful!',
    description: `You've successfully purchased ${response.item.title} for ${formatMoney(response.item.price)}!`,
    variant: 'success',
  };
}

/** True when the refusal means someone else got the item first (every such server text says "sold"). */
export function isSoldOut(error: unknown): boolean {
  return /sold/i.test(serverText(error) ?? '');
}

/** SPEC §8 purchase error: Already Sold when the message says so, else Purchase Failed with the message. */
export function purchaseErrorToast(error: unknown): ToastText {
  if (isSoldOut(error)) {
    return {
      title: 'Already Sold',
      description: 'This knife has already been sold to another individual.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Purchase Failed',
    description: serverText(error) ?? 'Unable to complete purchase',
    variant: 'destructive',
  };
}

/**
 * Not in SPEC §8 (an addition for bad links): the buy's answer was lost and it is being re-sent
 * with the same Idempotency-Key, so the member learns the outcome without being charged twice.
 * The SPEC §8 toast for the outcome follows.
 */
export function confirmingToast(): ToastText {
  return {
    title: 'Confirming your purchase…',
    description:
      'The connection dropped before we heard back. We are confirming the outcome — you will not be charged twice.',
    variant: 'default',
  };
}
