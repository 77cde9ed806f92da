import { useQuery } from '@tanstack/react-query';
import { type UnsubscribeResult, UnsubscribeToken } from '@vault/contracts';
import { api } from '../../lib/api-client';

/**
 * The emailed one-click link's POST /api/reminders/unsubscribe, sent once per token. It is a
 * write, but an idempotent one whose answer the page only shows, so it runs as a query: the cache
 * shares one request between React StrictMode's double effects and any remount, and never
 * re-sends it (no retry, never stale).
 */
export function useUnsubscribe(token: string | null) {
  const valid = UnsubscribeToken.safeParse(token);
  // The URL is the key, as for every other read: one entry, and one request, per token.
  const url = `/api/reminders/unsubscribe?token=${encodeURIComponent(valid.data ?? '')}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => api.post<UnsubscribeResult>(url),
    enabled: valid.success,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** A link whose token cannot be right is refused here, without asking the server. */
export const tokenProblem = (token: string | null): string | undefined => {
  const valid = UnsubscribeToken.safeParse(token);
  return valid.success ? undefined : valid.error.issues[0]?.message;
};
