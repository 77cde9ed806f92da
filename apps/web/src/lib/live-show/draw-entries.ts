import type { ShowStateView } from '@vault/contracts';

/**
 * Draw id → this member's entry number in it. The pushed view is the same for every socket and
 * says entered=false, entryNumber=null to everyone; only the Buy's answer (and GET /api/show/state,
 * which asks as this member) knows the member's own number. Keyed by draw id, not item id: a reset
 * show reveals the item again with a new draw, in which this member has not entered.
 */
export type DrawEntries = Readonly<Record<string, number>>;

/** The entries with one more kept; the same object when it was already held (nothing re-renders). */
export function keepEntry(entries: DrawEntries, drawId: string, entryNumber: number): DrawEntries {
  return entries[drawId] === entryNumber ? entries : { ...entries, [drawId]: entryNumber };
}

/**
 * The entries with the one a view states for this member kept (a polled state after a reload),
 * so the pushes that follow it, which never carry it, cannot take it away.
 */
export function entriesFrom(entries: DrawEntries, view: ShowStateView): DrawEntries {
  const draw = view.currentItem?.draw;
  if (!draw?.entered || draw.entryNumber === null) return entries;
  return keepEntry(entries, draw.id, draw.entryNumber);
}

/**
 * The view with this member's kept entry merged into the current item's draw. The view itself when
 * there is nothing to merge, so an unchanged push keeps its identity.
 */
export function withEntries(view: ShowStateView, entries: DrawEntries): ShowStateView {
  const item = view.currentItem;
  const draw = item?.draw;
  if (!item || !draw) return view;
  const entryNumber = entries[draw.id];
  if (entryNumber === undefined || (draw.entered && draw.entryNumber === entryNumber)) return view;
  return { ...view, currentItem: { ...item, draw: { ...draw, entered: true, entryNumber } } };
}
