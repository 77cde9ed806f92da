import type { ShowStateView } from '@vault/contracts';
import { useLiveShow } from './store';

/**
 * Reads GET /api/show/state once into the live-show store. The feed polls with it while the
 * socket is down; a purchase calls it to refresh the show state at once (SPEC §4) rather than
 * wait for the next push. Rejects only when the network does.
 */
export async function fetchShowState(): Promise<void> {
  const sent = Date.now();
  const response = await fetch('/api/show/state', { credentials: 'include' });
  if (!response.ok) return;
  const view = (await response.json()) as ShowStateView;
  const received = Date.now();
  // The server's time was read about halfway through the round trip.
  useLiveShow.getState().receive(view, view.serverTime - (sent + received) / 2);
}
