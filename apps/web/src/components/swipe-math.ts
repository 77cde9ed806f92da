// The swipe-to-confirm control's arithmetic (90% threshold, 200 ms delay), kept pure so it can be tested
// without a DOM. Progress runs from 0 (handle at the start) to 1 (handle at the end).

/** Passing 90% of the track confirms. */
export const CONFIRM_AT = 0.9;
/** The purchase call waits this long after the threshold is passed. */
export const CONFIRM_DELAY_MS = 200;
/** One arrow-key press moves the handle this far. */
export const KEY_STEP = 0.1;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Where the handle is after the pointer moved `dx` pixels from where the drag began at
 * `startProgress`. `travel` is how far the handle can move (track width minus handle width).
 */
export function dragProgress(startProgress: number, dx: number, travel: number): number {
  if (travel <= 0) return startProgress;
  return clamp01(startProgress + dx / travel);
}

export function passesThreshold(progress: number): boolean {
  // The epsilon lets nine arrow presses of 0.1 (0.8999…) count as 90%.
  return progress >= CONFIRM_AT - 1e-9;
}

/**
 * The handle's progress after a key press on the slider, or null for keys it ignores. Enter and
 * Space confirm outright (a keyboard user should not need nine presses); arrows step; Home and
 * End jump.
 */
export function keyProgress(progress: number, key: string): number | null {
  switch (key) {
    case 'Enter':
    case ' ':
    case 'End':
      return 1;
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp01(progress + KEY_STEP);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp01(progress - KEY_STEP);
    case 'Home':
      return 0;
    default:
      return null;
  }
}

/** aria-valuenow: whole percent. */
export const percent = (progress: number) => Math.round(clamp01(progress) * 100);
