import type { ShowStateView } from '@vault/contracts';
import { create } from 'zustand';
import { withLocalSales } from './purchase-state';

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
  /** Items bought from this browser: item id → buyer id (see withLocalSales). */
  sales: Record<string, string>;
  receive(view: ShowStateView, offsetMs: number): void;
  /** Shows a purchase at once, before the server's next state arrives. */
  markSold(itemId: string, buyerId: string): void;
  tick(offsetMs: number): void;
  setConnection(connection: Connection): void;
}

/**
 * The live show as this browser knows it (zustand holds live state; server data that is not live
 * stays in the query cache). Fed by socket pushes while connected and by polling while not; a
 * state older than the one held (lower step) is ignored, so the two feeds can overlap safely.
 */
export const useLiveShow = create<LiveShowState>((set, get) => ({
  view: null,
  offsetMs: 0,
  connection: 'connecting',
  sales: {},
  receive(view, sample) {
    const offsetMs = estimateOffset(sample);
    const { view: held, sales } = get();
    const stale = held?.show && view.show && held.show.id === view.show.id && view.show.step < held.show.step;
    set(stale ? { offsetMs } : { view: withLocalSales(view, sales), offsetMs });
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
}));

/** Milliseconds left in the current phase, or until launch, by the server's clock. */
export function msLeft(view: ShowStateView | null, offsetMs: number, clientNow: number): number {
  if (!view?.show) return 0;
  const serverNow = clientNow + offsetMs;
  if (view.active) {
    if (view.show.status === 'paused') return view.timeRemaining;
    if (view.show.phaseEndsAt === null) return 0;
    const left = Math.max(0, view.show.phaseEndsAt - serverNow);
    // What is left of an item's time never shows more than the item's time, whatever the
    // residual error of the clock estimate.
    return view.show.phase === 'showing' ? Math.min(left, view.show.perKnifeSeconds * 1000) : left;
  }
  if (view.scheduled && view.show.launchTime !== null) return Math.max(0, view.show.launchTime - serverNow);
  return 0;
}

/** m:ss (SPEC §4 timers). */
export function formatMinutes(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Hours (only when above zero), minutes, seconds for the launch countdown card. */
export function splitCountdown(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.ceil(ms / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
