/** What a promise given a deadline came to. */
export type Settled<T> = { done: true; value: T } | { done: false; timedOut: true } | { done: false; error: unknown };

/**
 * Waits for `work` at most `ms`. Browser calls such as `pushManager.subscribe()` and
 * `serviceWorker.ready` may never settle (no push service reachable, no worker registered);
 * `onLate` receives a value that arrives after the deadline, so it can be undone.
 */
export function within<T>(work: Promise<T>, ms: number, onLate?: (value: T) => void): Promise<Settled<T>> {
  return new Promise((resolve) => {
    let over = false;
    const timer = setTimeout(() => {
      over = true;
      resolve({ done: false, timedOut: true });
    }, ms);
    work.then(
      (value) => {
        if (over) onLate?.(value);
        clearTimeout(timer);
        resolve({ done: true, value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ done: false, error });
      },
    );
  });
}
