import { describe, expect, it } from 'vitest';
import { purchaseArea } from './purchase-state';

const running = { phase: 'showing', status: 'running' } as const;
const onSale = { status: 'showing' } as const;

describe('the purchase area (Buy Now, not available, Complete Onboarding)', () => {
  it('offers Buy Now to an onboarded member while the item is on show with time left', () => {
    expect(purchaseArea({ show: running, item: onSale, onboardingCompleted: true, msLeft: 5000 })).toBe('buy');
  });

  it('asks a member who has not finished onboarding to finish it', () => {
    expect(purchaseArea({ show: running, item: onSale, onboardingCompleted: false, msLeft: 5000 })).toBe('onboarding');
  });

  it('is not available when time is up or the show is paused', () => {
    expect(purchaseArea({ show: running, item: onSale, onboardingCompleted: true, msLeft: 0 })).toBe('unavailable');
    expect(
      purchaseArea({ show: { ...running, status: 'paused' }, item: onSale, onboardingCompleted: true, msLeft: 9000 }),
    ).toBe('unavailable');
  });

  it('never offers a sold item, and shows nothing outside the showing phase', () => {
    expect(purchaseArea({ show: running, item: { status: 'sold' }, onboardingCompleted: true, msLeft: 5000 })).toBe(
      'none',
    );
    expect(
      purchaseArea({ show: { ...running, phase: 'intermission' }, item: onSale, onboardingCompleted: true, msLeft: 1 }),
    ).toBe('none');
    expect(purchaseArea({ show: null, item: null, onboardingCompleted: true, msLeft: 1 })).toBe('none');
  });

  describe("the member's eligibility", () => {
    const refused = { ok: false, reason: 'Not available for delivery to CA: automatic knives' };
    const base = { show: running, item: onSale, onboardingCompleted: true, msLeft: 5000 };

    it('replaces Buy Now with the reason when the rules refuse the member an item on sale', () => {
      expect(purchaseArea({ ...base, eligibility: refused })).toBe('ineligible');
    });

    it('offers Buy Now when allowed, and while nothing is known yet (the server still decides)', () => {
      expect(purchaseArea({ ...base, eligibility: { ok: true, reason: null } })).toBe('buy');
      expect(purchaseArea({ ...base, eligibility: undefined })).toBe('buy');
    });

    it("keeps SPEC's states first: onboarding, not available, sold and outside the showing phase", () => {
      expect(purchaseArea({ ...base, onboardingCompleted: false, eligibility: refused })).toBe('onboarding');
      expect(purchaseArea({ ...base, msLeft: 0, eligibility: refused })).toBe('unavailable');
      expect(purchaseArea({ ...base, show: { ...running, status: 'paused' }, eligibility: refused })).toBe(
        'unavailable',
      );
      expect(purchaseArea({ ...base, item: { status: 'sold' }, eligibility: refused })).toBe('none');
    });
  });
});
