import type { HeartsView, LineupItem } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { heartedIds, heartedUpNext, heartOf, withCount, withHeart } from './hearts';

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
] as const;
const [first, second, third] = ids;
const lineup: LineupItem[] = ids.map((id, n) => ({
  id,
  title: `Knife ${n + 1}`,
  price: '100.00',
  status: 'queued',
  imageUrls: [],
  legalClass: 'manual_folder',
  bladeLength: '3.00',
}));
/** The show view at a phase, naming the item up next as the server does (packages/show's nextItemIndex). */
const showAt = (phase: 'preroll' | 'showing' | 'intermission', currentIndex: number, items = lineup) => {
  const next = phase === 'preroll' ? 0 : phase === 'intermission' ? currentIndex + 1 : null;
  return { nextItemId: (next === null ? undefined : items[next])?.id ?? null, lineup: items };
};

describe('the "Your hearted item is up next" banner', () => {
  const hearted = new Set([second]);

  it('shows in the intermission before the hearted item, with that item', () => {
    expect(heartedUpNext(showAt('intermission', 0), hearted)?.title).toBe('Knife 2');
  });

  it('does not show while the hearted item is on sale, before another item, or after the last', () => {
    expect(heartedUpNext(showAt('showing', 1), hearted)).toBeNull();
    expect(heartedUpNext(showAt('intermission', 1), hearted)).toBeNull();
    expect(heartedUpNext(showAt('preroll', 0), hearted)).toBeNull();
    expect(heartedUpNext(showAt('intermission', 2), new Set(ids))).toBeNull();
  });

  it('shows in the preroll when the first item is hearted', () => {
    expect(heartedUpNext(showAt('preroll', 0), new Set([first]))?.id).toBe(first);
  });

  it('never announces an item that is already sold', () => {
    const sold = lineup.map((i) => (i.id === second ? { ...i, status: 'sold' as const } : i));
    expect(heartedUpNext(showAt('intermission', 0, sold), hearted)).toBeNull();
  });
});

describe('hearts shown before the server answers', () => {
  const view: HeartsView = {
    showId: '44444444-4444-4444-8444-444444444444',
    items: [
      { showItemId: first, count: 3, hearted: false },
      { showItemId: second, count: 1, hearted: true },
    ],
  };

  it('adds one heart and marks it mine, and takes it back', () => {
    const on = withHeart(view, first, true);
    expect(heartOf(on, first)).toEqual({ showItemId: first, count: 4, hearted: true });
    expect(heartOf(withHeart(on, first, false), first)).toEqual({ showItemId: first, count: 3, hearted: false });
  });

  it('counts a repeated heart once, as the idempotent PUT does', () => {
    expect(withHeart(view, second, true)).toBe(view);
    expect(heartOf(withHeart(withHeart(view, first, true), first, true), first).count).toBe(4);
  });

  it('never counts below zero, and starts an item the view lacked at zero', () => {
    const odd: HeartsView = { ...view, items: [{ showItemId: first, count: 0, hearted: true }] };
    expect(heartOf(withHeart(odd, first, false), first).count).toBe(0);
    expect(heartOf(withHeart(view, third, true), third)).toEqual({ showItemId: third, count: 1, hearted: true });
  });

  it("takes the server's count over the guess", () => {
    const answered = withCount(withHeart(view, first, true), { showItemId: first, count: 9, hearted: true });
    expect(heartOf(answered, first).count).toBe(9);
    expect(heartedIds(answered)).toEqual(new Set([first, second]));
    expect(heartedIds(undefined).size).toBe(0);
  });
});
