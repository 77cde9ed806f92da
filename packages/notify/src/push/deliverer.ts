import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';
import type { Deliverer, DeliveryOutcome } from '../deliverer';
import type { NotifyLog } from '../mailer';
import { deliverInLanes } from '../outbox';
import { pushEndpointHost } from './endpoint';
import { listDuePushes, MAX_RETRY_AFTER_MS, pushBackoffMs, pushOutbox } from './outbox';
import { renderPush } from './render';
import { createPushSender, type PushSender, type PushSendOutcome } from './sender';
import type { VapidSettings } from './vapid';

export type PushDeliveryOutcome =
  | DeliveryOutcome
  /** The push service said the subscription is gone (404/410): it was deleted, and its other pushes with it. */
  | { status: 'gone' };

export type PushDeliverer = Deliverer<PushDeliveryOutcome>;

export interface PushDelivererDeps {
  db: Kysely<Database>;
  /** The VAPID keys and allowed push services; null (a test that omits them): pushes stay pending. */
  push: VapidSettings | null | undefined;
  log: NotifyLog;
  now?: () => number;
}

/** Rows one sweep takes; the next sweep takes the rest. */
const SWEEP_BATCH = 500;
/** Subscriptions served at once per deliverer: a push is one short HTTPS request. */
const PARALLEL = 8;
/** The shortest wait before a retry, whatever a Retry-After says: never a hot loop. */
const MIN_RETRY_MS = 1000;

/**
 * Sends push_outbox rows: claim (one conditional UPDATE: at most one deliverer sends a row at a
 * time), render from the row's facts, send, record. A push goes at most once per event and
 * subscription, but for one window: the process dies after the push service took it and before
 * the 'sent' update; after the lease another deliverer sends it again, with the same Topic (the
 * push service replaces the held one) and the same tag (the device replaces the shown one).
 */
export function createPushDeliverer(deps: PushDelivererDeps): PushDeliverer {
  const { db, log } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  if (!deps.push) return unconfigured(db, log, now);
  const sender: PushSender = createPushSender(deps.push);

  async function deliver(id: string): Promise<PushDeliveryOutcome> {
    const row = await pushOutbox.claim(db, id, now());
    if (!row) return { status: 'skipped' };
    const at = now();
    const context = { pushOutboxId: row.id, kind: row.kind, attempt: row.attempts };
    const drop = async (reason: string): Promise<PushDeliveryOutcome> => {
      await pushOutbox.markDropped(db, row, reason);
      log.info({ ...context, reason }, 'push dropped');
      return { status: 'dropped', reason };
    };
    // Never late: a push past its life would tell of a knife that has left the screen.
    if (row.expiresAt.getTime() <= at.getTime()) return drop('expired');
    const payload = renderPush(row.kind, row.payload);
    if (!payload) return drop('malformed payload');
    const target = await db
      .selectFrom('pushSubscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('id', '=', row.subscriptionId)
      .executeTakeFirst();
    if (!target) return drop('subscription gone');
    const host = pushEndpointHost(target.endpoint);

    let result: PushSendOutcome;
    try {
      result = await sender.send(target, {
        kind: row.kind,
        payload,
        ttlSeconds: Math.ceil((row.expiresAt.getTime() - at.getTime()) / 1000),
        dedupeKey: row.dedupeKey,
      });
    } catch (error) {
      // The request could not even be made (keys web-push cannot encrypt to): no retry mends that.
      result = { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }

    switch (result.status) {
      case 'sent':
        await pushOutbox.markSent(db, row, now());
        await db
          .updateTable('pushSubscriptions')
          .set({ lastSuccessAt: now() })
          .where('id', '=', row.subscriptionId)
          .execute();
        log.info({ ...context, host }, 'push sent');
        return { status: 'sent' };
      case 'gone':
        // Its other pushes go with it (on delete cascade): none of them could arrive.
        await db.deleteFrom('pushSubscriptions').where('id', '=', row.subscriptionId).execute();
        log.info({ ...context, host, statusCode: result.statusCode }, 'push subscription gone, deleted');
        return { status: 'gone' };
      case 'failed':
        await pushOutbox.markFailed(db, row, result.reason);
        log.error({ ...context, host, reason: result.reason }, 'push refused, not retried');
        return { status: 'failed' };
      case 'retry': {
        const wait =
          result.retryAfterMs === undefined
            ? pushBackoffMs(row.attempts)
            : Math.min(Math.max(result.retryAfterMs, MIN_RETRY_MS), MAX_RETRY_AFTER_MS);
        const retryAt = new Date(at.getTime() + wait);
        if (retryAt.getTime() >= row.expiresAt.getTime())
          return drop(`expired before it could be sent (${result.reason})`);
        const outcome = await pushOutbox.markAttemptFailed(db, row, result.reason, at, retryAt);
        if (outcome.status === 'failed') {
          log.error({ ...context, host, reason: result.reason }, 'push failed for good');
          return outcome;
        }
        log.warn({ ...context, host, reason: result.reason, retryAt }, 'push not sent, will retry');
        return { status: 'retry', retryAt };
      }
    }
  }

  return {
    deliver,
    async sweep() {
      return deliverInLanes(await listDuePushes(db, now(), SWEEP_BATCH), PARALLEL, deliver);
    },
  };
}

/** Without VAPID keys nothing can be signed: rows stay pending (a later start with keys sends what is still fresh). */
function unconfigured(db: Kysely<Database>, log: NotifyLog, now: () => Date): PushDeliverer {
  let warned = false;
  const warnOnce = () => {
    if (warned) return;
    warned = true;
    log.warn('push not configured (no VAPID keys): pushes stay pending');
  };
  return {
    async deliver() {
      warnOnce();
      return { status: 'skipped' };
    },
    async sweep() {
      // Said only when there is a push to hold back, so an install that never pushes stays quiet.
      if (!warned && (await listDuePushes(db, now(), 1)).length > 0) warnOnce();
      return [];
    },
  };
}
