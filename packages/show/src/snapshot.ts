import type { ShowStateView } from '@vault/contracts';
import type { Database, Draw, Show, ShowItem } from '@vault/db';
import type { Kysely } from 'kysely';
import { inLineupOrder, nextItemIndex } from './lineup';

/** What the show screen is about: the live show, else the next scheduled one, else nothing. */
export interface ShowSnapshot {
  show: Show;
  items: ShowItem[];
  /** The current item's latest draw, when it is a draw item on screen. */
  draw?: Draw | null;
}

export async function loadSnapshot(db: Kysely<Database>): Promise<ShowSnapshot | null> {
  const show =
    (await db
      .selectFrom('shows')
      .selectAll()
      .where('kind', '=', 'live')
      .where('status', 'in', ['running', 'paused'])
      .limit(1)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('shows')
      .selectAll()
      .where('kind', '=', 'live')
      .where('status', '=', 'scheduled')
      .where('launchTime', 'is not', null)
      .orderBy('launchTime')
      .limit(1)
      .executeTakeFirst());
  if (!show) return null;
  const items = await db
    .selectFrom('showItems')
    .selectAll()
    .where('showId', '=', show.id)
    .$call(inLineupOrder)
    .execute();
  const current = show.phase === 'showing' ? items[show.currentIndex] : undefined;
  const draw =
    current?.saleMode === 'draw'
      ? ((await db
          .selectFrom('draws')
          .selectAll()
          .where('showItemId', '=', current.id)
          .orderBy('openedAt', 'desc')
          .limit(1)
          .executeTakeFirst()) ?? null)
      : null;
  return { show, items, draw };
}

/**
 * A sale being authorised is not a sale yet: members keep seeing the item on sale (buyers are
 * refused as sold meanwhile) until the card is authorised, so a declined card never flashes SOLD.
 */
function publicStatus(item: ShowItem): ShowItem['status'] {
  return item.claimId ? 'showing' : item.status;
}

/** What the show screen shows of a snapshot at `now` (epoch ms): the show-state view. Cheap: no I/O. */
export function renderView(snapshot: ShowSnapshot | null, now: number): ShowStateView {
  return prepareView(snapshot).view(now);
}

/** A snapshot's view, worked out once; only the clock's fields are computed per call. */
export interface PreparedView {
  /** The view at `now`. Its nested objects are shared between calls: read, never change them. */
  view(now: number): ShowStateView;
  /**
   * JSON.stringify(view(now)), without serialising what only changes with the snapshot.
   * `itemExtra` (a JSON member, `"key":value`) is added to the current item when there is one: the
   * asking member's own eligibility, without serialising the rest again. `entryNumber` is the
   * asking member's number in the current item's draw, when they entered it (the shared view says
   * nobody has).
   */
  json(now: number, itemExtra?: string, entryNumber?: number | null): string;
}

/**
 * Everything in a view but three numbers changes only when the show does (a new step), while
 * members poll it every second: render and serialise that part once, and fill in
 * timeUntilLaunch, timeRemaining and serverTime per request.
 */
export function prepareView(snapshot: ShowSnapshot | null): PreparedView {
  const fixed = fixedParts(snapshot);
  const { active, scheduled, currentItem, show } = fixed;
  const clock = clockOf(fixed, snapshot?.show.pausedRemainingMs ?? null);
  const head = `{"active":${active},"scheduled":${scheduled},"timeUntilLaunch":`;
  const itemJson = JSON.stringify(currentItem);
  const itemOpen = currentItem ? itemJson.slice(0, -1) : null;
  // The item without its draw, for an entrant's answer: their draw is written after it, once.
  const draw = currentItem?.draw ?? null;
  const itemOpenWithoutDraw = draw ? JSON.stringify({ ...currentItem, draw: undefined }).slice(0, -1) : null;
  const tail = `,"show":${JSON.stringify(show)},"serverTime":`;
  const itemFor = (itemExtra?: string, entryNumber?: number | null) => {
    if (itemOpenWithoutDraw !== null && draw && entryNumber) {
      const own = JSON.stringify({ ...draw, entered: true, entryNumber });
      return `${itemOpenWithoutDraw},"draw":${own}${itemExtra ? `,${itemExtra}` : ''}}`;
    }
    return itemOpen !== null && itemExtra ? `${itemOpen},${itemExtra}}` : itemJson;
  };
  return {
    view: (now) => ({ active, scheduled, ...clock(now), currentItem, show, serverTime: now }),
    json: (now, itemExtra, entryNumber) => {
      const { timeUntilLaunch, timeRemaining } = clock(now);
      const item = itemFor(itemExtra, entryNumber);
      return `${head}${timeUntilLaunch},"timeRemaining":${timeRemaining},"currentItem":${item}${tail}${now}}`;
    },
  };
}

/** The view's relative times at `now`, from its absolute ones (and what a pause froze). */
function clockOf(
  { active, show }: ReturnType<typeof fixedParts>,
  pausedRemainingMs: number | null,
): (now: number) => { timeUntilLaunch: number; timeRemaining: number } {
  return (now) => ({
    timeUntilLaunch: !active && show?.launchTime != null ? Math.max(0, show.launchTime - now) : 0,
    timeRemaining:
      show?.status === 'running' && show.phaseEndsAt !== null
        ? Math.max(0, show.phaseEndsAt - now)
        : show?.status === 'paused'
          ? (pausedRemainingMs ?? 0)
          : 0,
  });
}

function fixedParts(
  snapshot: ShowSnapshot | null,
): Pick<ShowStateView, 'active' | 'scheduled' | 'currentItem' | 'show'> {
  if (!snapshot) return { active: false, scheduled: false, currentItem: null, show: null };
  const { show, items, draw } = snapshot;
  const active = show.status === 'running' || show.status === 'paused';
  const current = active && show.phase === 'showing' ? items[show.currentIndex] : undefined;
  const nextIndex = active ? nextItemIndex(show) : null;
  return {
    active,
    scheduled: !active && show.status === 'scheduled',
    currentItem: current
      ? {
          id: current.id,
          title: current.title,
          category: current.category,
          bladeType: current.bladeType,
          description: current.description,
          price: current.price,
          status: publicStatus(current),
          imageUrls: current.imageUrls,
          mainVideoUrl: current.mainVideoUrl,
          soldToUserId: current.claimId ? null : current.soldToUserId,
          legalClass: current.legalClass,
          bladeLength: current.bladeLength,
          saleMode: current.saleMode,
          draw:
            current.saleMode === 'draw' && draw && draw.showItemId === current.id
              ? {
                  id: draw.id,
                  commitment: draw.commitment,
                  closesAt: draw.closesAt?.getTime() ?? null,
                  status: draw.status,
                  entered: false,
                  entryNumber: null,
                }
              : null,
        }
      : null,
    show: {
      id: show.id,
      title: show.title,
      description: show.description,
      status: show.status,
      phase: show.phase,
      currentIndex: show.currentIndex,
      nextItemId: (nextIndex === null ? undefined : items[nextIndex])?.id ?? null,
      lineup: items.map((i) => ({
        id: i.id,
        title: i.title,
        price: i.price,
        status: publicStatus(i),
        imageUrls: i.imageUrls,
        legalClass: i.legalClass,
        bladeLength: i.bladeLength,
      })),
      perKnifeSeconds: show.perKnifeSeconds,
      purchaseCap: show.purchaseCap,
      phaseEndsAt: show.phaseEndsAt?.getTime() ?? null,
      launchTime: show.launchTime?.getTime() ?? null,
      step: show.step,
    },
  };
}
