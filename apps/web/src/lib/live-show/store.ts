import type { ShowStateView } from '@vault/contracts';
import { create } from 'zustand';
import { type ClockSample, createClockEstimator } from './clock-offset';
import { type DrawEntries, entriesFrom, keepEntry, withEntries } from './draw-entries';
import { type EligibilityMap, mergeEligibility } from './eligibility-map';
import { isOlderView, withLocalSales } from './view';

/**
 * live: the socket is up and has delivered state since it (re)connected; polling: the socket is
 * down, or went silent and is being replaced.
 */
export type Connection = 'connecting' | 'live' | 'polling';

const clock = createClockEstimator();

interface LiveShowState {
  view: ShowStateView | null;
  /** serverNow ≈ Date.now() + offsetMs (see clock-offset.ts). */
  offsetMs: number;
  /**
   * Client time (Date.now()) at which the held view was last known to be current: when the server
   * sent (not when we received) a state, or a tick naming the held step. 0 = never.
   */
  confirmedAt: number;
  connection: Connection;
  /** Members watching; only admins are told (pushed to admin sockets, polled by /admin). */
  watchers: number | undefined;
  /** Items bought from this browser: item id → buyer id (see withLocalSales). */
  sales: Record<string, string>;
  /** This member's entry number per draw (see draw-entries.ts): merged into every view held. */
  entries: DrawEntries;
  /**
   * Whether the signed-in member may buy each item: from GET /api/show/eligibility, the member's own
   * `show:eligibility` push, and a polled state's current item (pushed states carry none). An item
   * missing here is unknown: Buy shows as before and the server decides.
   */
  eligibility: EligibilityMap;
  /** A state from a push (no round trip: a rough clock sample) or a poll (a measured one). */
  receive(view: ShowStateView, sample?: ClockSample): void;
  /** Shows a purchase at once, before the server's next state arrives. */
  markSold(itemId: string, buyerId: string): void;
  /** Keeps the entry number a Buy on a draw item answered, and shows it at once. */
  markEntered(drawId: string, entryNumber: number): void;
  /** A tick: the server is at `step` at `serverTime`. True when that is the held view's step (now confirmed). */
  confirm(step: number | null, serverTime: number): boolean;
  /** A measured clock sample (a clock ping's ack). */
  clockSample(sample: ClockSample): void;
  setConnection(connection: Connection): void;
  setWatchers(count: number): void;
  receiveEligibility(items: EligibilityMap): void;
  clearEligibility(): void;
}

/**
 * The live show as this browser knows it, for /show and /admin alike (zustand holds live state;
 * server data that is not live stays in the query cache). Fed by socket pushes while connected
 * and by polling while not; a state older than the one held (lower step) is ignored, so the two
 * feeds can overlap safely.
 */
export const useLiveShow = create<LiveShowState>((set, get) => {
  const offset = (now: number) => clock.estimate(now) ?? get().offsetMs;
  /**
   * A message the server sent at `serverTime` confirms the state as of then, in client time: a tick
   * held 1 s in a stalled link must not make a state that may already be sold look fresh for 1 s
   * longer. The earliest moment the offset's error allows, so a Buy goes stale no later than 2 s
   * after the server's confirmation however the estimate errs; never later than now, never
   * backwards.
   */
  const confirmedAt = (serverTime: number, offsetMs: number, now: number) =>
    Math.max(get().confirmedAt, Math.min(now, serverTime - offsetMs - clock.errorBound(now)));
  return {
    view: null,
    offsetMs: 0,
    confirmedAt: 0,
    connection: 'connecting',
    watchers: undefined,
    sales: {},
    entries: {},
    eligibility: {},
    receive(view, sample) {
      const now = Date.now();
      if (sample) clock.add(sample);
      else clock.addRough(now, view.serverTime - now);
      const { view: held, sales } = get();
      const offsetMs = offset(now);
      if (isOlderView(held, view)) {
        set({ offsetMs });
        return;
      }
      const item = view.currentItem;
      const entries = entriesFrom(get().entries, view);
      set({
        view: withEntries(withLocalSales(view, sales), entries),
        entries,
        offsetMs,
        confirmedAt: confirmedAt(view.serverTime, offsetMs, now),
        ...(item?.eligibility
          ? { eligibility: mergeEligibility(get().eligibility, { [item.id]: item.eligibility }) }
          : {}),
      });
    },
    markSold(itemId, buyerId) {
      const sales = { ...get().sales, [itemId]: buyerId };
      const held = get().view;
      set({ sales, view: held && withLocalSales(held, sales) });
    },
    markEntered(drawId, entryNumber) {
      const entries = keepEntry(get().entries, drawId, entryNumber);
      const held = get().view;
      set({ entries, view: held && withEntries(held, entries) });
    },
    confirm(step, serverTime) {
      const held = get().view;
      if (!held || (held.show?.step ?? null) !== step) return false;
      set({ confirmedAt: confirmedAt(serverTime, get().offsetMs, Date.now()) });
      return true;
    },
    clockSample(sample) {
      clock.add(sample);
      set({ offsetMs: offset(sample.at) });
    },
    setConnection(connection) {
      set({ connection });
    },
    setWatchers(watchers) {
      set({ watchers });
    },
    receiveEligibility(items) {
      const eligibility = mergeEligibility(get().eligibility, items);
      if (eligibility !== get().eligibility) set({ eligibility });
    },
    clearEligibility() {
      set({ eligibility: {} });
    },
  };
});
