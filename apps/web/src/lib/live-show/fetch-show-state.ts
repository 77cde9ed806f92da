import type { ShowStateView, WatchersView } from '@vault/contracts';
import { ApiError, api } from '../api-client';
import { takeBootRead } from '../boot-reads';
import { sampleFromRoundTrip } from './clock-offset';
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

const STATE_URL = '/api/show/state';

/** A poll that has not answered in this long is given up: the next one starts at once. */
const POLL_TIMEOUT_MS = 2500;

/**
 * Reads GET /api/show/state once into the live-show store. The feed polls with it while the
 * socket is down; a purchase or an admin command calls it to refresh the show state at once
 * (as a successful purchase must) rather than wait for the next push. Rejects only when the
 * network does (including a timeout). The round trip is measured, so the answer is also a clock sample.
 */
export async function fetchShowState(): Promise<void> {
  const sent = Date.now();
  const view = await unlessRefused(api.get<ShowStateView>(STATE_URL, { timeoutMs: POLL_TIMEOUT_MS }));
  if (!view) return;
  useLiveShow.getState().receive(view, sampleFromRoundTrip(sent, Date.now(), view.serverTime));
}

/**
 * The state index.html's script read with the page, if it did (a page opened at /show): into the
 * store as a poll's answer, so the show paints without waiting for the socket's handshake. A
 * failed read is dropped: the socket, or the first poll after it, brings the state.
 */
export function takeBootShowState(): void {
  takeBootRead<ShowStateView>(STATE_URL)
    ?.then(({ value, sent, received }) =>
      useLiveShow.getState().receive(value, sampleFromRoundTrip(sent, received, value.serverTime)),
    )
    .catch(() => undefined);
}

/** After a purchase or an admin command; a failed refresh is harmless: the feed brings the same data. */
export function refreshShowState(): void {
  fetchShowState().catch(() => undefined);
}

/** Reads GET /api/show/watchers (admins only) into the live-show store. */
export async function fetchWatchers(): Promise<void> {
  const watchers = await unlessRefused(api.get<WatchersView>('/api/show/watchers', { timeoutMs: POLL_TIMEOUT_MS }));
  if (watchers) useLiveShow.getState().setWatchers(watchers.count);
}
