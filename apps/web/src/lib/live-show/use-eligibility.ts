import { useEffect } from 'react';
import { ensureEligibility } from './eligibility';
import type { EligibilityMap } from './eligibility-map';
import { useLiveShow } from './store';

/**
 * The signed-in member's eligibility map, asking GET /api/show/eligibility for these items when
 * none is held for them (a new lineup, a new show, the test products). Pushes keep it current after.
 */
export function useEligibility(itemIds: readonly string[]): EligibilityMap {
  const map = useLiveShow((s) => s.eligibility);
  // One string, so a new array of the same ids (every render) asks nothing.
  const key = itemIds.join(',');
  useEffect(() => {
    if (key) ensureEligibility(key.split(','));
  }, [key]);
  return map;
}
