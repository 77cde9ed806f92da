import type { TimelineEntry } from '@vault/contracts';
import { type ReportEvent, secondsBetween, walkRuns } from './events';

type Buyer = NonNullable<TimelineEntry['buyer']>;

export interface LineupLookup {
  /** The title of the item at a lineup position (null: no item there now). */
  titleAt(index: number): string | null;
  /** Who bought the item at a lineup position, if anyone did. */
  buyerAt(index: number): Buyer | null;
}

const buyerText = (buyer: Buyer) => (buyer.fullName ? `${buyer.fullName} (${buyer.email})` : buyer.email);

function scheduledText(event: ReportEvent): string {
  const launch = event.launchTime === null ? null : new Date(event.launchTime).toISOString();
  if (event.scheduledStatus === 'completed') return 'Marked completed';
  if (event.scheduledStatus === 'scheduled' && launch) return `Scheduled for ${launch}`;
  return launch ? `Launch time set to ${launch}` : 'Unscheduled';
}

function text(event: ReportEvent, title: string, buyer: Buyer | null, secondsToSale: number | null): string {
  const position = event.index === null ? '' : ` ${event.index + 1}`;
  switch (event.type) {
    case 'started':
      return 'Show started';
    case 'item-showing':
      return `Item${position} shown: ${title}`;
    case 'sold': {
      const to = buyer ? ` to ${buyerText(buyer)}` : '';
      const after = secondsToSale === null ? '' : ` after ${secondsToSale.toFixed(1)} s`;
      return `Sold ${title}${to}${after}`;
    }
    case 'intermission':
      return `Intermission before item${position}`;
    case 'paused':
      return 'Paused';
    case 'resumed':
      return 'Resumed';
    case 'reset':
      return 'Reset';
    case 'completed':
      return 'Completed';
    case 'scheduled':
      return scheduledText(event);
    case 'watchers':
      return `${event.watchers ?? 0} ${event.watchers === 1 ? 'member' : 'members'} watching`;
    default:
      return event.type;
  }
}

/**
 * Every event of the show in order, as a line an admin reads ("Sold Raven Tanto to Ada Blade
 * (ada@x) after 12.4 s"). Items are named by their place in today's lineup.
 */
export function buildTimeline(events: ReportEvent[], lineup: LineupLookup): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  walkRuns(events, (event, lastShown) => {
    const index = event.index;
    const itemTitle = index === null ? null : lineup.titleAt(index);
    const isSale = event.type === 'sold' && index !== null;
    const shown = isSale ? lastShown.get(index) : undefined;
    const secondsToSale = shown ? secondsBetween(shown, event.occurredAt) : null;
    const buyer = isSale ? lineup.buyerAt(index) : null;
    const title = itemTitle ?? (index === null ? '' : `item ${index + 1}`);
    entries.push({
      id: event.id,
      at: event.occurredAt.toISOString(),
      type: event.type,
      text: text(event, title, buyer, secondsToSale),
      itemIndex: index,
      itemTitle,
      buyer,
      secondsToSale,
      watchers: event.watchers,
    });
  });
  return entries;
}
