import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';
import { isDue, outboxOf } from '../outbox';
import { SEND_DEADLINE_MS } from './sender';

/** A push's attempts: 5 s, 15 s, 1 min, then every 5 min, and never past the row's expires_at. */
const PUSH_BACKOFF_MS = [5_000, 15_000, 60_000];
const PUSH_MAX_BACKOFF_MS = 5 * 60_000;

export function pushBackoffMs(attempts: number): number {
  return PUSH_BACKOFF_MS[attempts - 1] ?? PUSH_MAX_BACKOFF_MS;
}

/** The longest wait a push service's Retry-After buys: past it the push is usually stale anyway. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * push_outbox under a push's policy: a lease a few times the send deadline (a dead deliverer's
 * push is taken over while it still matters), short backoff (a push goes stale in minutes).
 */
export const pushOutbox = outboxOf('pushOutbox', {
  leaseMs: 3 * SEND_DEADLINE_MS,
  maxAttempts: 20,
  backoffMs: pushBackoffMs,
});

/**
 * Pushes due for an attempt, grouped by subscription, each group in the order its events were
 * written (created_at, id): a lane delivers a group one after the other, so a browser never
 * gets a later push before an earlier one that is also due.
 */
export async function listDuePushes(db: Kysely<Database>, now: Date, limit: number): Promise<string[][]> {
  const rows = await db
    .selectFrom('pushOutbox')
    .select(['id', 'subscriptionId'])
    .where(isDue(now))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const group = groups.get(row.subscriptionId);
    if (group) group.push(row.id);
    else groups.set(row.subscriptionId, [row.id]);
  }
  return [...groups.values()];
}
