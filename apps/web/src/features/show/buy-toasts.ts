import { type BuyResponse, eligibilityMessages } from '@vault/contracts';
import { serverCode, serverMessage } from '../../lib/api-client';
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

/**
 * The Purchase Successful! toast, with the title and price the server answered (not what the screen
 * showed); for a sale this tab learnt of from the live show (a draw won, an item passed on to the
 * next in line), the sold item's own title and price as the server pushed them.
 */
export function purchaseSuccessToast(response: Pick<BuyResponse, 'item'>): ToastText {
  return {
    title: 'Purchase Successful!',
    description: `You've successfully purchased ${response.item.title} for ${formatMoney(response.item.price)}!`,
    variant: 'success',
  };
}

/**
 * True when the refusal means someone else got the item first: the Already Sold toast is worded as
 * for a message containing "sold"; the server's code `sold` is that same refusal, and unlike the
 * text it is a contract (the API's error codes): rewording a message cannot change which toast a
 * member sees.
 */
export function isSoldOut(error: unknown): boolean {
  return serverCode(error) === 'sold';
}

/** A press refused by the operator's eligibility rules (403 `not_eligible`, on either transport). */
export function isNotEligible(error: unknown): boolean {
  return serverCode(error) === 'not_eligible';
}

/**
 * The purchase error toasts: Already Sold for the code `sold`, else Purchase Failed with the
 * message. The per-member purchase cap adds one: over the show's cap, Purchase Limit Reached with
 * the server's words (which name the limit); and one for presses refused by the member's press budget (a 429).
 */
export function purchaseErrorToast(error: unknown): ToastText {
  if (serverCode(error) === 'purchase_cap_reached') {
    return {
      title: 'Purchase Limit Reached',
      description: serverText(error) ?? "You've reached this show's limit of items per member",
      variant: 'destructive',
    };
  }
  // Pressed faster than a person can (a stuck key, a script): nothing was tried, so no charge.
  if (serverCode(error) === 'too_many_presses') {
    return {
      title: 'Too Many Presses',
      description: serverText(error) ?? 'You are pressing Buy too fast. Wait a moment and try again.',
      variant: 'destructive',
    };
  }
  // The operator's rules refuse this member this item: not a failure of theirs or ours, so a calm
  // notice in the server's words (which say why), and the screen then shows the reason for Buy.
  if (isNotEligible(error)) {
    return {
      title: 'Not available to you',
      description: serverText(error) ?? eligibilityMessages.notEligible,
      variant: 'default',
    };
  }
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
 * Not one of the spec's purchase toasts (an addition for bad links): the buy's answer was lost and it is being re-sent
 * with the same Idempotency-Key, so the member learns the outcome without being charged twice.
 * The purchase toast for the outcome (Purchase Successful!, Already Sold, …) follows.
 */
export function confirmingToast(): ToastText {
  return {
    title: 'Confirming your purchase…',
    description:
      'The connection dropped before we heard back. We are confirming the outcome — you will not be charged twice.',
    variant: 'default',
  };
}
