import type { CurrentItem, ShowStateView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { showStateView } from '../../lib/live-show/show-state.fixture';
import { bought } from './bought.fixture';
import type { ToastText } from './buy-toasts';
import { createWinToasts, wonInView } from './win-toasts';

const ME = '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OTHER = '2e3f4051-6b7c-4d8e-9f0a-1b2c3d4e5f60';
const ITEM = bought.item.id;

const item = (over: Partial<CurrentItem> = {}): CurrentItem => ({
  id: ITEM,
  title: 'Raven Tanto',
  category: null,
  bladeType: null,
  description: null,
  price: '450.00',
  status: 'showing',
  imageUrls: [],
  mainVideoUrl: null,
  soldToUserId: null,
  legalClass: null,
  bladeLength: null,
  saleMode: 'first_press',
  draw: null,
  ...over,
});
const onSale = (over: Partial<CurrentItem> = {}) => showStateView({}, { currentItem: item(over) });
const soldTo = (userId: string, over: Partial<CurrentItem> = {}) =>
  onSale({ status: 'sold', soldToUserId: userId, ...over });

const success: ToastText = {
  title: 'Purchase Successful!',
  description: "You've successfully purchased Raven Tanto for $450.00!",
  variant: 'success',
};

function announcer() {
  const shown: ToastText[] = [];
  return { toasts: createWinToasts((t) => shown.push(t)), shown };
}

describe('the success toast of a sale the live show tells this tab of', () => {
  it('greets the winner of a draw, whose Buy only answered an entry', () => {
    const { toasts, shown } = announcer();
    const drawItem = { saleMode: 'draw' as const };
    expect(toasts.viewChanged(onSale(drawItem), soldTo(ME, drawItem), ME)).toBe(true);
    expect(shown).toEqual([success]);
  });

  it('greets the next in line, whose press was refused as sold, when the winner is declined', () => {
    const { toasts, shown } = announcer();
    // Claimed by the first presser (still on sale while their card is tried), then passed on.
    const views: ShowStateView[] = [onSale(), soldTo(OTHER), onSale(), soldTo(ME)];
    for (const [i, view] of views.entries()) if (i > 0) toasts.viewChanged(views[i - 1] ?? null, view, ME);
    expect(shown).toEqual([success]);
    // Sold to another and then to this member without a step in between counts too.
    const direct = announcer();
    direct.toasts.viewChanged(soldTo(OTHER), soldTo(ME), ME);
    expect(direct.shown).toEqual([success]);
  });

  it('stays silent for a sale to someone else, an item already theirs on arrival, or another item', () => {
    const { toasts, shown } = announcer();
    expect(toasts.viewChanged(onSale(), soldTo(OTHER), ME)).toBe(false);
    // A reload on an item this member already owns: old news.
    expect(toasts.viewChanged(null, soldTo(ME), ME)).toBe(false);
    expect(toasts.viewChanged(showStateView(), soldTo(ME), ME)).toBe(false);
    expect(toasts.viewChanged(soldTo(ME), soldTo(ME), ME)).toBe(false);
    const another = onSale({ id: '3f405162-7c8d-4e9f-8a0b-1c2d3e4f5a6b' });
    expect(toasts.viewChanged(another, soldTo(ME), ME)).toBe(false);
    expect(shown).toEqual([]);
  });

  it("never toasts twice when the Buy's answer arrives too, whichever comes first", () => {
    const answerFirst = announcer();
    expect(answerFirst.toasts.bought(bought)).toBe(true);
    expect(answerFirst.toasts.viewChanged(onSale(), soldTo(ME), ME)).toBe(false);
    expect(answerFirst.shown).toEqual([success]);

    const pushFirst = announcer();
    expect(pushFirst.toasts.viewChanged(onSale(), soldTo(ME), ME)).toBe(true);
    expect(pushFirst.toasts.bought(bought)).toBe(false);
    expect(pushFirst.shown).toEqual([success]);
  });

  it('toasts every purchase of a test product, which the live show never announces', () => {
    const { toasts, shown } = announcer();
    const testProduct = {
      ...bought,
      item: { id: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d', title: 'Tester', price: '1.00' },
    };
    toasts.bought(testProduct);
    toasts.bought(testProduct);
    expect(shown).toHaveLength(2);
  });

  it('names the item by what the server pushed', () => {
    expect(wonInView(onSale(), soldTo(ME, { title: 'Night Switch', price: '320.00' }), ME)?.title).toBe('Night Switch');
    const { toasts, shown } = announcer();
    toasts.viewChanged(onSale(), soldTo(ME, { title: 'Night Switch', price: '1320.00' }), ME);
    expect(shown[0]?.description).toBe("You've successfully purchased Night Switch for $1,320.00!");
  });
});
