import type { ShowStateView } from '@vault/contracts';
import { create } from 'zustand';
import { isOlderView, withLocalSales } from './view';

export type Connection = 'connecting' | 'live' | 'polling';

// Every sample underestimates the offset by its network delay (the server's time is read before
// the message travels), so the best estimate is the largest recent sample. Samples expire, so a
// device whose clock is corrected is followed within this window.
const SAMPLE_WINDOW_MS = 30_000;
let samples: Array<{ at: number; offset: number }> = [];

function estimateOffset(sample: number): number {
  const now = Date.now();
  samples = [...samples.filter((s) => now - s.at < SAMPLE_WINDOW_MS), { at: now, offset: sample }];
  return Math.max(...samples.map((s) => s.offset));
}

interface LiveShowState {
  view: ShowStateView | null;
  /** serverNow ≈ Date.now() + offsetMs; estimated from every state and tick received. */
  offsetMs: number;
  connection: Connection;
  /** Members watching; only admins are told (pushed to admin sockets, polled by /admin). */
  watchers: number | undefined;
  /** Items bought from this browser: item id → buyer id (see withLocalSales). */
  sales: Record<string, string>;
  receive(view: ShowStateView, offsetMs: number): void;
  /** Shows a purchase at once, before the server's next state arrives. */
  markSold(itemId: string, buyerId: string): void;
  tick(offsetMs: number): void;
  setConnection(connection: Connection): void;
  setWatchers(count: number): void;
}

/**
 * The live show as this browser knows it, for /show and /admin alike (zustand holds live state;
 * server data that is not live stays in the query cache). Fed by socket pushes while connected
 * and by polling while not; a state older than the one held (lower step) is ignored, so the two
 * feeds can overlap safely.
 */
export const useLiveShow = create<LiveShowState>((set, get) => ({
  view: null,
  offsetMs: 0,
  connection: 'connecting',
  watchers: undefined,
  sales: {},
  receive(view, sample) {
    const offsetMs = estimateOffset(sample);
    const { view: held, sales } = get();
    set(isOlderView(held, view) ? { offsetMs } : { view: withLocalSales(view, sales), offsetMs });
  },
  markSold(itemId, buyerId) {
    const sales = { ...get().sales, [itemId]: buyerId };
    const held = get().view;
    set({ sales, view: held && withLocalSales(held, sales) });
  },
  tick(sample) {
    set({ offsetMs: estimateOffset(sample) });
  },
  setConnection(connection) {
    set({ connection });
  },
  setWatchers(watchers) {
    set({ watchers });
  },
}));
