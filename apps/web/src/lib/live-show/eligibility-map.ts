import { type Eligibility, eligibilityMessages } from '@vault/contracts';

/** Item id → may the signed-in member buy it, and if not, why (show items and test products alike). */
export type EligibilityMap = Readonly<Record<string, Eligibility>>;

/**
 * The map with `incoming` applied: what arrives last wins per item, and items it does not name keep
 * what was held (the socket's push covers the lineup, the GET also the test products). Returns the
 * held map itself when nothing changed, so a repeated push re-renders nothing.
 */
export function mergeEligibility(held: EligibilityMap, incoming: EligibilityMap): EligibilityMap {
  let merged: Record<string, Eligibility> | undefined;
  for (const [id, next] of Object.entries(incoming)) {
    const current = held[id];
    if (current && current.ok === next.ok && current.reason === next.reason) continue;
    merged ??= { ...held };
    merged[id] = { ok: next.ok, reason: next.reason };
  }
  return merged ?? held;
}

/** Why the member may not buy an item, or undefined when they may or nobody has said yet (the server decides). */
export function refusalOf(map: EligibilityMap, itemId: string): string | undefined {
  const entry = map[itemId];
  if (!entry || entry.ok) return undefined;
  return entry.reason?.trim() || eligibilityMessages.notEligible;
}
