import { useEffect, useState } from 'react';

/** Re-renders every `everyMs` so countdowns move. Display only: times come from the server. */
export function useNow(everyMs = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
