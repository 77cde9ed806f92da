import { NetworkError, parseAnswer } from './api-client';

/** What index.html's script recorded of one read: the answer, or how the request failed. */
type BootRead =
  | { status: number; statusText: string; body: string; sent: number; received: number }
  | { error: string; sent: number };

declare global {
  interface Window {
    /** The reads index.html started before the app's script arrived, by URL. */
    vaultBootReads?: Record<string, Promise<BootRead> | undefined>;
  }
}

export interface BootAnswer<T> {
  value: T;
  /** When the request left and its answer came (a clock sample for the show's countdown). */
  sent: number;
  received: number;
}

/**
 * The answer to `url` that index.html's script fetched while the app's script downloaded, as
 * `api.get` would give it (an ApiError for a refusal, a NetworkError when it failed or timed out);
 * undefined when the page started no such read or it was taken already. Each is taken once: a
 * later read of the same URL is a fresh one.
 */
export function takeBootRead<T>(url: string): Promise<BootAnswer<T>> | undefined {
  const reads = window.vaultBootReads;
  const read = reads?.[url];
  if (!reads || !read) return undefined;
  reads[url] = undefined;
  return read.then((answer) => {
    if ('error' in answer) throw new NetworkError(new Error(answer.error), answer.error === 'TimeoutError');
    const value = parseAnswer<T>(answer.status, answer.body, answer.statusText);
    return { value, sent: answer.sent, received: answer.received };
  });
}
