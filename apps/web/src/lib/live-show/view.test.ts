import type { CurrentItem, ShowStateView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { showStateView as view } from './show-state.fixture';
import { isOlderView, isStale, showMoved, withLocalSales } from './view';

describe('isOlderView', () => {
  it('rejects a lower step of the same show', () => {
    expect(isOlderView(view({ step: 5 }), view({ step: 4 }))).toBe(true);
  });

  it('accepts the same or a higher step, another show, or anything when nothing is held', () => {
    expect(isOlderView(view({ step: 5 }), view({ step: 5 }))).toBe(false);
    expect(isOlderView(view({ step: 5 }), view({ step: 6 }))).toBe(false);
    expect(isOlderView(view({ step: 5 }), view({ step: 1, id: '0c7d5b1a-2e3f-4a5b-8c6d-7e8f9a0b1c2d' }))).toBe(false);
    expect(isOlderView(undefined, view())).toBe(false);
  });
});

describe('showMoved', () => {
  it('is true when the step or the show changed', () => {
    expect(showMoved(view({ step: 5 }), view({ step: 6 }))).toBe(true);
    expect(showMoved(view(), { ...view(), show: null })).toBe(true);
    expect(showMoved(view({ step: 5 }), view({ step: 5 }))).toBe(false);
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
  legalClass: 'fixed_blade',
  bladeLength: '4.50',
  saleMode: 'first_press',
  draw: null,
};
const onSale: ShowStateView = { ...view(), timeRemaining: 60_000, currentItem: item, show: null, serverTime: 0 };
const me = '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11';

describe('purchases made here', () => {
  it('keep an item sold when an older view still shows it on sale', () => {
    expect(withLocalSales(onSale, { [item.id]: me }).currentItem).toMatchObject({ status: 'sold', soldToUserId: me });
  });

  it('leave other items and the server’s own sold state alone', () => {
    expect(withLocalSales(onSale, { other: me })).toBe(onSale);
    const sold = { ...onSale, currentItem: { ...item, status: 'sold' as const, soldToUserId: 'someone' } };
    expect(withLocalSales(sold, { [item.id]: me })).toBe(sold);
  });
});

describe('stale state', () => {
  it('is fresh up to 2 s after the server last confirmed it, stale after', () => {
    expect(isStale(10_000, 10_000)).toBe(false);
    expect(isStale(10_000, 12_000)).toBe(false);
    expect(isStale(10_000, 12_001)).toBe(true);
  });

  it('is stale when never confirmed', () => {
    expect(isStale(0, Date.now())).toBe(true);
  });
});
