import type { ShowStateView } from '@vault/contracts';

/** The live show as the admin page holds it: the last view and the server clock's offset then. */
export interface LiveSample {
  view: ShowStateView;
  /** serverNow ≈ Date.now() + offsetMs. */
  offsetMs: number;
}

/**
 * A push and a poll can cross on the wire: a view of the same show with a lower step is older
 * news than the one held and must not replace it.
 */
export function isOlderView(held: ShowStateView | undefined, next: ShowStateView): boolean {
  const a = held?.show;
  const b = next.show;
  return Boolean(a && b && a.id === b.id && b.step < a.step);
}

/** Whether the show moved on (another show, another step): lists that mirror it need a refresh. */
export function showMoved(held: ShowStateView | undefined, next: ShowStateView): boolean {
  return held?.show?.id !== next.show?.id || held?.show?.step !== next.show?.step;
}

/** What is left of the current phase by the server's clock (paused: frozen at the server's value). */
export function phaseMsLeft(sample: LiveSample, clientNow: number): number {
  const { view, offsetMs } = sample;
  const show = view.show;
  if (!view.active || !show) return 0;
  if (show.status === 'paused' || show.phaseEndsAt === null) return view.timeRemaining;
  return Math.max(0, show.phaseEndsAt - (clientNow + offsetMs));
}

/** m:ss. */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
