import { z } from 'zod';
import type { ShowEventRow } from './repository';

// show_events as the report reads them. The payloads are whatever the engine (and the watcher
// sampler) wrote, so each is parsed here, where it enters the report, not trusted by shape.

const Index = z.object({ index: z.number().int().nonnegative() });
const NextIndex = z.object({ nextIndex: z.number().int().nonnegative() });
const Watchers = z.object({ count: z.number().int().nonnegative() });
const Scheduled = z.object({ launchTime: z.number().nullable().optional(), status: z.string().optional() });

export type ReportEvent = ShowEventRow & {
  /** The lineup position an item event is about (the item shown or sold; the next one for an intermission). */
  index: number | null;
  /** A watchers sample's count. */
  watchers: number | null;
  /** A schedule change's launch time (epoch ms) and status. */
  launchTime: number | null;
  scheduledStatus: string | null;
};

export function parseEvent(row: ShowEventRow): ReportEvent {
  const index =
    row.type === 'intermission'
      ? (NextIndex.safeParse(row.payload).data?.nextIndex ?? null)
      : row.type === 'item-showing' || row.type === 'sold'
        ? (Index.safeParse(row.payload).data?.index ?? null)
        : null;
  const watchers = row.type === 'watchers' ? (Watchers.safeParse(row.payload).data?.count ?? null) : null;
  const schedule = row.type === 'scheduled' ? Scheduled.safeParse(row.payload).data : undefined;
  return {
    ...row,
    index,
    watchers,
    launchTime: schedule?.launchTime ?? null,
    scheduledStatus: schedule?.status ?? null,
  };
}

/** Seconds with one decimal. */
export const secondsBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 100) / 10;

/**
 * Walks the events in order, knowing at each one when each lineup position was last shown in the
 * current run: a reset (or a fresh start) begins a new run, and nothing shown before it counts.
 */
export function walkRuns(events: ReportEvent[], visit: (event: ReportEvent, lastShown: Map<number, Date>) => void) {
  const lastShown = new Map<number, Date>();
  for (const event of events) {
    if (event.type === 'started' || event.type === 'reset') lastShown.clear();
    visit(event, lastShown);
    if (event.type === 'item-showing' && event.index !== null) lastShown.set(event.index, event.occurredAt);
  }
}

/** Where the latest run begins: the last `started` event's position (events.length when never started). */
export function latestRunStart(events: ReportEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]?.type === 'started') return i;
  return events.length;
}
