import { useEffect, useState } from 'react';
import { isStale, STALE_MS } from './view';

/**
 * Whether the held state is stale (see isStale), turning true the moment it is STALE_MS old — not
 * at the next countdown repaint, which would leave a live-looking Buy up to 250 ms too long.
 */
export function useStale(confirmedAt: number): boolean {
  const [stale, setStale] = useState(() => isStale(confirmedAt, Date.now()));
  useEffect(() => {
    const now = Date.now();
    const staleNow = isStale(confirmedAt, now);
    setStale(staleNow);
    if (staleNow) return;
    // 1 ms past the limit: isStale is strict.
    const timer = setTimeout(() => setStale(true), confirmedAt + STALE_MS - now + 1);
    return () => clearTimeout(timer);
  }, [confirmedAt]);
  return stale;
}
