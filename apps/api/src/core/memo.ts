/**
 * A pure function of a string, remembered for the most recent `max` distinct arguments (the whole
 * memory is dropped when full: simpler than an LRU, and a hot key is back after one call).
 */
export function boundedMemo<T>(fn: (key: string) => T, max = 100_000): (key: string) => T {
  const memory = new Map<string, T>();
  return (key) => {
    const known = memory.get(key);
    if (known !== undefined) return known;
    const value = fn(key);
    if (memory.size >= max) memory.clear();
    memory.set(key, value);
    return value;
  };
}
