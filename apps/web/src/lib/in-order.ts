/**
 * Runs calls that share a key one after another, each after the previous settled (resolved or
 * not). Toggles such as a heart send PUT then DELETE on a quick double tap: on separate
 * connections the server could see them swapped and keep the wrong state; in order, the last tap
 * always wins.
 */
export function createOrderedRunner() {
  const tails = new Map<string, Promise<unknown>>();
  return function inOrder<T>(key: string, run: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(run, run);
    tails.set(key, next);
    const forget = () => {
      if (tails.get(key) === next) tails.delete(key);
    };
    next.then(forget, forget);
    return next;
  };
}
