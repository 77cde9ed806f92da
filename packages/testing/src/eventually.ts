import { setTimeout as sleep } from 'node:timers/promises';

export interface EventuallyOptions {
  /** The deadline, in ms from the first check: no wait in a test may hang it. */
  within: number;
  /** The pause between checks, in ms (default 50). */
  every?: number;
  /** What is awaited, for the error at the deadline; a function can name the last state it saw. */
  what?: string | (() => string);
}

type Pending = false | null | undefined;

/**
 * The one way a test waits for something to happen: runs `check` until it gives something other
 * than false, null or undefined, and resolves with that. Rejects once `within` ms have passed
 * without it. An error `check` throws is not retried: it fails the wait at once.
 */
export async function eventually<T>(
  check: () => T | Pending | Promise<T | Pending>,
  options: EventuallyOptions,
): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    const elapsed = performance.now() - started;
    if (elapsed > options.within) {
      const what = typeof options.what === 'function' ? options.what() : (options.what ?? 'the awaited condition');
      throw new Error(`${what}: not within ${options.within} ms`);
    }
    // Never sleep past the deadline: the last check falls on it.
    await sleep(Math.max(0, Math.min(options.every ?? 50, options.within - elapsed + 1)));
  }
}

/** `eventually`, resolving with how long the wait took (ms) instead: for tests that report or bound it. */
export async function msUntil(check: () => unknown, options: EventuallyOptions): Promise<number> {
  const started = performance.now();
  await eventually(async () => Boolean(await check()), options);
  return performance.now() - started;
}
