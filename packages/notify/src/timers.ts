/** setTimeout fires at once past 2^31-1 ms (~24.8 days): longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Keyed one-shot timers for absolute times: arming a key again replaces its timer, a wait
 * longer than setTimeout allows is re-armed at the cap until the time has come. Unref'd: a
 * pending reminder never keeps a process alive on its own.
 */
export function createTimers(now: () => number = Date.now) {
  const timers = new Map<string, NodeJS.Timeout>();
  const arm = (key: string, at: number, fire: () => void) => {
    clearTimeout(timers.get(key));
    const wait = at - now();
    const timer = setTimeout(
      () => {
        timers.delete(key);
        if (at - now() > 0) arm(key, at, fire);
        else fire();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, wait)),
    );
    timer.unref();
    timers.set(key, timer);
  };
  return {
    arm,
    has: (key: string) => timers.has(key),
    clear(key: string) {
      clearTimeout(timers.get(key));
      timers.delete(key);
    },
    keys: () => [...timers.keys()],
    clearAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
