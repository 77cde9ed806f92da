import type { CurrentDraw, CurrentItem } from '@vault/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entriesFrom, keepEntry, withEntries } from './draw-entries';
import { showStateView } from './show-state.fixture';
import { useLiveShow } from './store';

const DRAW = '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22';
const NEXT_DRAW = '0b2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const draw = (overrides: Partial<CurrentDraw> = {}): CurrentDraw => ({
  id: DRAW,
  commitment: 'a'.repeat(64),
  closesAt: 120_000,
  status: 'open',
  entered: false,
  entryNumber: null,
  ...overrides,
});

const item = (d: CurrentDraw | null): CurrentItem => ({
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
  legalClass: null,
  bladeLength: null,
  saleMode: d ? 'draw' : 'first_press',
  draw: d,
});

/** A pushed view (the same for every socket: nobody's entry) or a polled one, at `step`. */
const viewWith = (d: CurrentDraw | null, step = 5) => showStateView({ step }, { currentItem: item(d) });

describe('merging a kept entry number into a view', () => {
  it('puts the entry into the draw it was made in, and nowhere else', () => {
    const entries = keepEntry({}, DRAW, 17);
    expect(withEntries(viewWith(draw()), entries).currentItem?.draw).toMatchObject({ entered: true, entryNumber: 17 });
    // A reset show revealed the item again: a new draw, which this member has not entered.
    const redrawn = viewWith(draw({ id: NEXT_DRAW }));
    expect(withEntries(redrawn, entries)).toBe(redrawn);
    const firstPress = viewWith(null);
    expect(withEntries(firstPress, entries)).toBe(firstPress);
  });

  it('keeps the identity of a view with nothing to merge, and of entries already held', () => {
    const view = viewWith(draw({ entered: true, entryNumber: 17 }));
    expect(withEntries(view, { [DRAW]: 17 })).toBe(view);
    const entries = { [DRAW]: 17 };
    expect(keepEntry(entries, DRAW, 17)).toBe(entries);
  });

  it("takes the member's entry from a polled state, never from a push that carries none", () => {
    expect(entriesFrom({}, viewWith(draw({ entered: true, entryNumber: 4 })))).toEqual({ [DRAW]: 4 });
    const held = {};
    expect(entriesFrom(held, viewWith(draw()))).toBe(held);
  });
});

describe('the entry number in the live-show store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(90_000);
    useLiveShow.setState(useLiveShow.getInitialState());
  });
  afterEach(() => vi.useRealTimers());

  const shownDraw = () => useLiveShow.getState().view?.currentItem?.draw;

  it("survives every push after the Buy's answer gave it", () => {
    const store = useLiveShow.getState();
    store.receive(viewWith(draw(), 5));
    store.markEntered(DRAW, 17);
    expect(shownDraw()).toMatchObject({ entered: true, entryNumber: 17 });
    // Pushes say entered=false to everyone; the window closing changes the draw's status.
    store.receive(viewWith(draw(), 6));
    expect(shownDraw()).toMatchObject({ entered: true, entryNumber: 17 });
    store.receive(viewWith(draw({ status: 'drawing', closesAt: 120_000 }), 7));
    expect(shownDraw()).toMatchObject({ status: 'drawing', entered: true, entryNumber: 17 });
  });

  it('comes back from the polled state after a reload, and stays through the pushes that follow', () => {
    const store = useLiveShow.getState();
    store.receive(viewWith(draw({ entered: true, entryNumber: 9 }), 5));
    store.receive(viewWith(draw(), 6));
    expect(shownDraw()).toMatchObject({ entered: true, entryNumber: 9 });
  });

  it('shows an entry answered before the draw is held as soon as the view arrives', () => {
    const store = useLiveShow.getState();
    store.markEntered(DRAW, 3);
    expect(useLiveShow.getState().view).toBeNull();
    store.receive(viewWith(draw(), 5));
    expect(shownDraw()).toMatchObject({ entered: true, entryNumber: 3 });
  });

  it('is not carried into the next draw of the same item', () => {
    const store = useLiveShow.getState();
    store.receive(viewWith(draw(), 5));
    store.markEntered(DRAW, 17);
    store.receive(viewWith(draw({ id: NEXT_DRAW }), 9));
    expect(shownDraw()).toMatchObject({ id: NEXT_DRAW, entered: false, entryNumber: null });
  });
});
