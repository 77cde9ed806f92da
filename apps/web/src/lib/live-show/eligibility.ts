import { LineupEligibility } from '@vault/contracts';
import { api } from '../api-client';
import { useLiveShow } from './store';

// Ids already asked for since the last forced refresh: an item the server leaves out of its answer
// is not asked for again on every render (it stays unknown, and Buy stays as it was).
let requested = new Set<string>();
// Answers are applied in the order the requests were sent: a slow early answer must not undo a
// refresh made after the member recorded an attestation.
let sent = 0;
let applied = 0;

/** Reads GET /api/show/eligibility into the live-show store. A failure leaves the held map as it is. */
async function fetchEligibility(): Promise<void> {
  const mine = ++sent;
  let answer: unknown;
  try {
    answer = await api.get<unknown>('/api/show/eligibility');
  } catch {
    // Refused or lost: the held map stays; the socket's push (sent on every connect) brings it.
    return;
  }
  const parsed = LineupEligibility.safeParse(answer);
  if (!parsed.success || mine < applied) return;
  applied = mine;
  useLiveShow.getState().receiveEligibility(parsed.data.items);
}

/** Asks for the member's eligibility when some of these items have none held and were not asked for yet. */
export function ensureEligibility(itemIds: readonly string[]): void {
  const held = useLiveShow.getState().eligibility;
  const missing = itemIds.filter((id) => !(id in held) && !requested.has(id));
  if (missing.length === 0) return;
  for (const id of missing) requested.add(id);
  void fetchEligibility();
}

/**
 * Asks again now: after the member records an attestation or changes their profile (their address
 * and date of birth decide), so Buy buttons follow at once rather than at the next push.
 */
export function refreshEligibility(): void {
  requested = new Set();
  void fetchEligibility();
}

/** A Buy the server refused as not eligible: show the refusal at once, then ask for the whole map. */
export function markIneligible(itemId: string, reason: string | null): void {
  useLiveShow.getState().receiveEligibility({ [itemId]: { ok: false, reason } });
  refreshEligibility();
}

/** On sign-out: nothing of one member's eligibility may show for the next. */
export function forgetEligibility(): void {
  requested = new Set();
  applied = sent + 1;
  useLiveShow.getState().clearEligibility();
}
