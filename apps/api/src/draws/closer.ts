import type { ShowStateView } from '@vault/contracts';

/** setTimeout fires at once past 2^31-1 ms: a deadline further out waits in steps (fire re-arms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Every replica's alarm for the current draw's close, armed from the show view this replica holds
 * and re-armed on every change of it (a pause clears closesAt, a resume sets it later, a new reveal
 * brings another draw). At the deadline the replica asks for the close (drawing.ts): the database
 * lets exactly one replica have it. A new open draw also warms what entering it needs.
 */
export function createCloser(deps: {
  view(now: number): ShowStateView;
  onChange(listener: () => void): () => void;
  close(drawId: string): Promise<void>;
  /** A draw just came on screen, open: load what its entrants will need. */
  opened?(drawId: string, showId: string): void;
  now(): number;
}) {
  let armed: { drawId: string; closesAt: number; timer: NodeJS.Timeout } | null = null;
  let lastOpened: string | null = null;

  function disarm() {
    if (armed) clearTimeout(armed.timer);
    armed = null;
  }

  function fire(drawId: string, closesAt: number) {
    // Timers round: one may fire a hair before its deadline by this clock. Never close early.
    const early = closesAt - deps.now();
    if (early > 0) {
      schedule(drawId, closesAt, early);
      return;
    }
    armed = null;
    void deps.close(drawId);
  }

  function schedule(drawId: string, closesAt: number, inMs: number) {
    const timer = setTimeout(() => fire(drawId, closesAt), Math.min(MAX_TIMER_MS, Math.max(0, inMs)));
    timer.unref();
    armed = { drawId, closesAt, timer };
  }

  function follow() {
    const view = deps.view(deps.now());
    const draw = view.currentItem?.draw;
    if (draw?.status !== 'open' || draw.closesAt === null) {
      disarm();
      return;
    }
    if (view.show && draw.id !== lastOpened) {
      lastOpened = draw.id;
      deps.opened?.(draw.id, view.show.id);
    }
    if (armed?.drawId === draw.id && armed.closesAt === draw.closesAt) return;
    disarm();
    schedule(draw.id, draw.closesAt, draw.closesAt - deps.now());
  }

  return {
    /** Arms for the draw on screen now and follows the show's changes; returns the stop. */
    start(): () => void {
      follow();
      const off = deps.onChange(follow);
      return () => {
        off();
        disarm();
      };
    },
  };
}
