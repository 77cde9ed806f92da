import { buyMessages, type ErrorCode, memberMessages } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { bought } from './bought.fixture';
import { confirmingToast, isNotEligible, isSoldOut, purchaseErrorToast, purchaseSuccessToast } from './buy-toasts';
import { answerLost, outcomeUnknown } from './idempotency';

const refusal = (status: number, message: string, code?: ErrorCode) => {
  const body = JSON.stringify({ message, code });
  return new ApiError(status, `${status}: ${body}`, body);
};

describe('purchase toasts (Purchase Successful!, Already Sold, Purchase Failed)', () => {
  it('names the item and its price with two decimals on success', () => {
    const toast = purchaseSuccessToast(bought);
    expect(toast).toEqual({
      title: 'Purchase Successful!',
      description: "You've successfully purchased Raven Tanto for $450.00!",
      variant: 'success',
    });
  });

  it('says Already Sold for the code sold, whatever the message says', () => {
    for (const message of [buyMessages.sold, 'Reworded: someone else got it', '']) {
      expect(purchaseErrorToast(refusal(409, message, 'sold'))).toEqual({
        title: 'Already Sold',
        description: 'This knife has already been sold to another individual.',
        variant: 'destructive',
      });
    }
  });

  it('never decides Already Sold from the text: a message mentioning sold under another code is shown', () => {
    expect(isSoldOut(refusal(409, buyMessages.notOnSale, 'not_on_sale'))).toBe(false);
    expect(purchaseErrorToast(refusal(409, 'Sold out of patience', 'conflict'))).toEqual({
      title: 'Purchase Failed',
      description: 'Sold out of patience',
      variant: 'destructive',
    });
    // No code at all (not our API's answer): the text alone decides nothing.
    expect(isSoldOut(refusal(409, buyMessages.sold))).toBe(false);
  });

  it("says Not available to you in the server's words when the rules refuse the member the item", () => {
    const message = 'Not available for delivery to CA: automatic knives';
    const error = refusal(403, message, 'not_eligible');
    expect(isNotEligible(error)).toBe(true);
    expect(purchaseErrorToast(error)).toEqual({
      title: 'Not available to you',
      description: message,
      variant: 'default',
    });
    expect(purchaseErrorToast(refusal(403, '', 'not_eligible')).description).toBe('You cannot buy this item');
    expect(isNotEligible(refusal(403, message))).toBe(false);
  });

  it("says Purchase Limit Reached with the server's words over the show's per-member cap", () => {
    const message = memberMessages.capReached(1);
    expect(purchaseErrorToast(refusal(409, message, 'purchase_cap_reached'))).toEqual({
      title: 'Purchase Limit Reached',
      description: "You've reached this show's limit of 1 item per member",
      variant: 'destructive',
    });
    expect(isSoldOut(refusal(409, message, 'purchase_cap_reached'))).toBe(false);
  });

  it('says Too Many Presses with the server words when the press budget refuses a Buy (429)', () => {
    expect(purchaseErrorToast(refusal(429, buyMessages.tooManyPresses, 'too_many_presses'))).toEqual({
      title: 'Too Many Presses',
      description: 'You are pressing Buy too fast. Wait a moment and try again.',
      variant: 'destructive',
    });
  });

  it('shows the server message otherwise', () => {
    expect(purchaseErrorToast(refusal(402, buyMessages.declined, 'card_declined'))).toEqual({
      title: 'Purchase Failed',
      description: buyMessages.declined,
      variant: 'destructive',
    });
    expect(purchaseErrorToast(refusal(403, buyMessages.onboardingRequired)).description).toBe(
      'Complete onboarding to purchase',
    );
  });

  it('falls back to Unable to complete purchase without a message', () => {
    expect(purchaseErrorToast(new ApiError(502, '502: Bad Gateway', '')).description).toBe(
      'Unable to complete purchase',
    );
    expect(purchaseErrorToast(new ApiError(500, '500: oops', 'oops')).description).toBe('Unable to complete purchase');
    expect(purchaseErrorToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Purchase Failed',
      description: 'Unable to complete purchase',
      variant: 'destructive',
    });
  });
});

describe('when a retry must reuse the Idempotency-Key', () => {
  it('only when the outcome is unknown: no answer or a server-side failure', () => {
    expect(outcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
    expect(outcomeUnknown(refusal(502, buyMessages.gatewayFailed))).toBe(true);
    expect(outcomeUnknown(refusal(402, buyMessages.declined))).toBe(false);
    expect(outcomeUnknown(refusal(409, buyMessages.sold))).toBe(false);
  });
});

describe('a buy on a bad link', () => {
  it('re-sends only when no answer came back at all', () => {
    expect(answerLost(new NetworkError(new TypeError('Failed to fetch'), true))).toBe(true);
    expect(answerLost(new ApiError(500, '500: oops', 'oops'))).toBe(false);
    expect(answerLost(refusal(409, buyMessages.sold))).toBe(false);
  });

  it('tells the member the outcome is being confirmed, not that it failed', () => {
    expect(confirmingToast()).toMatchObject({ title: 'Confirming your purchase…', variant: 'default' });
  });
});
