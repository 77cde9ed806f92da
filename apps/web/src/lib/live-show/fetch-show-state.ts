import type { ShowStateView, WatchersView } from '@vault/contracts';
import { ApiError, api } from '../api-client';
import { useLiveShow } from './store';

/** A refusal (e.g. 5xx) leaves the held state as it is; only a network failure rejects. */
async function unlessRefused<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * Reads GET /api/show/state once into the live-show store. The feed polls with it while the
 * socket is down; a purchase or an admin command calls it to refresh the show state at once
 * (SPEC §4) rather than wait for the next push. Rejects only when the network does.
 */
export async function fetchShowState(): Promise<void> {
  const sent = Date.now();
  const view = await unlessRefused(api.get<ShowStateView>('/api/show/state'));
  if (!view) return;
  // The server's time was read about halfway through the round trip.
  useLiveShow.getState().receive(view, view.serverTime - (sent + Date.now()) / 2);
}

/** After a purchase or an admin command; a failed refresh is harmless: the feed brings the same data. */
export function refreshShowState(): void {
  fetchShowState().catch(() => undefined);
}

/** Reads GET /api/show/watchers (admins only) into the live-show store. */
export async function fetchWatchers(): Promise<void> {
  const watchers = await unlessRefused(api.get<WatchersView>('/api/show/watchers'));
  if (watchers) useLiveShow.getState().setWatchers(watchers.count);
}
