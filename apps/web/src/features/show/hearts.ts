import type { HeartCount, HeartsView, LineupItem, ShowStateView } from '@vault/contracts';

type LiveShow = Pick<NonNullable<ShowStateView['show']>, 'nextItemId' | 'lineup'>;

/**
 * The item coming up next (the server names it: the first item during the preroll, the one after
 * the current during an intermission), when the member hearted it and it is not sold: the "up
 * next" banner. Else null.
 */
export function heartedUpNext(show: LiveShow, hearted: ReadonlySet<string>): LineupItem | null {
  const item = show.nextItemId === null ? undefined : show.lineup.find((i) => i.id === show.nextItemId);
  return item && item.status !== 'sold' && hearted.has(item.id) ? item : null;
}

/** The ids of the items the member hearted. */
export function heartedIds(view: HeartsView | undefined): Set<string> {
  return new Set(view?.items.filter((i) => i.hearted).map((i) => i.showItemId));
}

/** One item's hearts in the view, or zero hearts when the server has not counted it yet. */
export function heartOf(view: HeartsView | undefined, showItemId: string): HeartCount {
  return view?.items.find((i) => i.showItemId === showItemId) ?? { showItemId, count: 0, hearted: false };
}

/** The view with the server's answer for one item in place (added if the view lacked it). */
export function withCount(view: HeartsView, answer: HeartCount): HeartsView {
  const known = view.items.some((i) => i.showItemId === answer.showItemId);
  return {
    ...view,
    items: known ? view.items.map((i) => (i.showItemId === answer.showItemId ? answer : i)) : [...view.items, answer],
  };
}

/**
 * The view as the server will answer a heart or an unheart, shown before it does (optimistic).
 * Setting the state it already has changes nothing, as on the server (PUT/DELETE are idempotent).
 */
export function withHeart(view: HeartsView, showItemId: string, hearted: boolean): HeartsView {
  const item = heartOf(view, showItemId);
  if (item.hearted === hearted) return view;
  return withCount(view, { showItemId, hearted, count: Math.max(0, item.count + (hearted ? 1 : -1)) });
}
