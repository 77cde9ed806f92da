import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';
import type { Mailer, NotifyLog } from './mailer';
import { deliverInLanes, listDueIds, mailOutbox } from './outbox';
import { type MailLinks, renderRow } from './render';

export type DeliveryOutcome =
  /** Someone else holds the row, or it is not due / already done: nothing was sent. */
  | { status: 'skipped' }
  | { status: 'sent' }
  | { status: 'dropped'; reason: string }
  /** SMTP (or rendering) failed: the row is due again at retryAt. */
  | { status: 'retry'; retryAt: Date }
  | { status: 'failed' };

/** An outbox's deliverer (emails here, pushes in push/deliverer.ts). */
export interface Deliverer<O extends { status: string } = DeliveryOutcome> {
  /** One attempt at one row; never throws for a refusal of the far side (the row records it). */
  deliver(outboxId: string): Promise<O>;
  /** Attempts every due row, a few at a time; returns the outcomes, for retry arming. */
  sweep(): Promise<Array<{ id: string; outcome: O }>>;
}

export interface DelivererDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  links: MailLinks;
  log: NotifyLog;
  now?: () => number;
}

/** Rows one sweep takes; the next sweep takes the rest. */
const SWEEP_BATCH = 200;
/** SMTP conversations at once per deliverer. */
const PARALLEL = 4;

/**
 * Sends outbox rows. Each attempt claims the row with one conditional UPDATE (outbox.ts), renders
 * it from the database, hands it to SMTP and records the outcome. The one way an email can go
 * twice: the process dies after the SMTP server accepted it and before the 'sent' update; the row's
 * lease then runs out and another deliverer sends it again. That resend carries the same
 * Message-ID (`<outbox id@PUBLIC_URL host>`), so mail systems and readers can tell it is the same.
 */
export function createDeliverer(deps: DelivererDeps): Deliverer {
  const now = () => new Date((deps.now ?? Date.now)());
  const host = new URL(deps.links.publicUrl).hostname || 'vault.local';

  async function deliver(outboxId: string): Promise<DeliveryOutcome> {
    const row = await mailOutbox.claim(deps.db, outboxId, now());
    if (!row) return { status: 'skipped' };
    const log = { outboxId: row.id, kind: row.kind, attempt: row.attempts };
    try {
      const rendered = await renderRow(deps.db, row, deps.links, now());
      if ('drop' in rendered) {
        await mailOutbox.markDropped(deps.db, row, rendered.drop);
        deps.log.info({ ...log, reason: rendered.drop }, 'email dropped');
        return { status: 'dropped', reason: rendered.drop };
      }
      await deps.mailer.send({ ...rendered.message, messageId: `<${row.id}@${host}>` });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await mailOutbox.markAttemptFailed(deps.db, row, message, now());
      if (outcome.status === 'failed') {
        deps.log.error({ ...log, err: error }, 'email failed for good');
        return outcome;
      }
      deps.log.warn({ ...log, err: error, retryAt: outcome.retryAt }, 'email not sent, will retry');
      return { status: 'retry', retryAt: outcome.retryAt };
    }
    await mailOutbox.markSent(deps.db, row, now());
    deps.log.info(log, 'email sent');
    return { status: 'sent' };
  }

  return {
    deliver,
    async sweep() {
      const ids = await listDueIds(deps.db, now(), SWEEP_BATCH);
      return deliverInLanes(
        ids.map((id) => [id]),
        PARALLEL,
        deliver,
      );
    },
  };
}
