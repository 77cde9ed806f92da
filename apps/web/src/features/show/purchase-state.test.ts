import type { CurrentItem, ShowStateView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { purchaseArea, withLocalSales } from './purchase-state';

const running = { phase: 'showing', status: 'running' } as const;
const onSale = { status: 'showing' } as const;

describe('the purchase area (SPEC §2, §4)', () => {
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
});

const item: CurrentItem = {
  id: '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11',
  title: 'Raven Tanto',
  category: null,
  bladeType: null,
  description: null,
  price: '450.00',
  status: 'showing',
  imageUrls: [],
  mainVideoUrl: null,
  soldToUserId: null,
};
const view: ShowStateView = {
  active: true,
  scheduled: false,
  timeUntilLaunch: 0,
  timeRemaining: 60_000,
  currentItem: item,
  show: null,
  serverTime: 0,
};
const me = '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11';

describe('purchases made here', () => {
  it('keep an item sold when an older view still shows it on sale', () => {
    expect(withLocalSales(view, { [item.id]: me }).currentItem).toMatchObject({ status: 'sold', soldToUserId: me });
  });

  it('leave other items and the server’s own sold state alone', () => {
    expect(withLocalSales(view, { other: me })).toBe(view);
    const sold = { ...view, currentItem: { ...item, status: 'sold' as const, soldToUserId: 'someone' } };
    expect(withLocalSales(sold, { [item.id]: me })).toBe(sold);
  });
});
