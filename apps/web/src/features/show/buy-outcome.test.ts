import type { CurrentItem, DrawEntered } from '@vault/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showStateView } from '../../lib/live-show/show-state.fixture';
import { useLiveShow } from '../../lib/live-show/store';
import { bought } from './bought.fixture';
import { takeAnswer, watchWins } from './buy-outcome';
import type { ToastText } from './buy-toasts';
import { createWinToasts } from './win-toasts';

// The toast rules end to end through the live-show store: the Buy's answer (takeAnswer, as
// useBuy calls it) and the pushes (watchWins, as /show subscribes) share one announcer.

const ME = '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const DRAW = '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22';

const item = (over: Partial<CurrentItem> = {}): CurrentItem => ({
  id: bought.item.id,
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
const drawOf = (status: 'open' | 'drawing' | 'drawn') => ({
  id: DRAW,
  commitment: 'c'.repeat(64),
  closesAt: 120_000,
  status,
  entered: false,
  entryNumber: null,
});
const at = (step: number, over: Partial<CurrentItem> = {}) => showStateView({ step }, { currentItem: item(over) });

describe('the success toast through the live-show store', () => {
  let shown: ToastText[];
  let wins: number;
  let stop: () => void;
  let toasts: ReturnType<typeof createWinToasts>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(90_000);
    useLiveShow.setState(useLiveShow.getInitialState());
    shown = [];
    wins = 0;
    toasts = createWinToasts((t) => shown.push(t));
    stop = watchWins(ME, toasts, () => {
      wins += 1;
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('greets a draw winner once: the entry answered, then the push of the sale', () => {
    const store = useLiveShow.getState();
    store.receive(at(5, { saleMode: 'draw', draw: drawOf('open') }));
    const entry: DrawEntered = { entered: true, entryNumber: 17, drawId: DRAW, first: true };
    expect(takeAnswer(entry, ME, toasts)).toBe('entered');
    expect(shown).toEqual([]);
    expect(useLiveShow.getState().view?.currentItem?.draw).toMatchObject({ entered: true, entryNumber: 17 });
    store.receive(at(6, { saleMode: 'draw', draw: drawOf('drawing') }));
    store.receive(at(7, { saleMode: 'draw', draw: drawOf('drawn'), status: 'sold', soldToUserId: ME }));
    store.receive(at(8, { saleMode: 'draw', draw: drawOf('drawn'), status: 'sold', soldToUserId: ME }));
    expect(shown.map((t) => t.title)).toEqual(['Purchase Successful!']);
    expect(wins).toBe(1);
  });

  it('greets a first-press winner once, with the answer and then the push of the same sale', () => {
    const store = useLiveShow.getState();
    store.receive(at(5));
    expect(takeAnswer(bought, ME, toasts)).toBe('bought');
    // Shown sold at once, before the push.
    expect(useLiveShow.getState().view?.currentItem).toMatchObject({ status: 'sold', soldToUserId: ME });
    store.receive(at(6, { status: 'sold', soldToUserId: ME }));
    expect(shown).toHaveLength(1);
    expect(shown[0]?.description).toBe("You've successfully purchased Raven Tanto for $450.00!");
    // The answer, not the push, announced it: nothing else to refresh.
    expect(wins).toBe(0);
  });

  it('greets once when the push of the sale overtakes the answer', () => {
    const store = useLiveShow.getState();
    store.receive(at(5));
    store.receive(at(6, { status: 'sold', soldToUserId: ME }));
    takeAnswer(bought, ME, toasts);
    expect(shown).toHaveLength(1);
    expect(wins).toBe(1);
  });

  it('greets the next in line after their press was refused as sold', () => {
    const store = useLiveShow.getState();
    store.receive(at(5));
    // Their Buy was answered 409 sold (nothing for takeAnswer); the winner's card is declined.
    store.receive(at(6, { status: 'sold', soldToUserId: ME }));
    expect(shown.map((t) => t.title)).toEqual(['Purchase Successful!']);
  });
});
