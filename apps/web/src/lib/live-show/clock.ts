import type { CurrentDraw, ShowStateView } from '@vault/contracts';

// Countdowns derive from the server's deadlines and the measured clock offset, never from a timer
// counting on this device: a phone that slept, or whose clock is wrong, still shows the right time.

/** Milliseconds left in the current phase, or until launch, by the server's clock (paused: frozen). */
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

/**
 * Milliseconds left in a draw's entry window by the server's clock; null while the show is paused
 * (the server has frozen the window and sends no closing time until it resumes).
 */
export function drawMsLeft(draw: Pick<CurrentDraw, 'closesAt'>, offsetMs: number, clientNow: number): number | null {
  if (draw.closesAt === null) return null;
  return Math.max(0, draw.closesAt - (clientNow + offsetMs));
}

/** m:ss, rounding partial seconds up (the show's countdowns). */
export function formatMinutes(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Hours (only when above zero), minutes, seconds for the launch countdown card. */
export function splitCountdown(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.ceil(ms / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
