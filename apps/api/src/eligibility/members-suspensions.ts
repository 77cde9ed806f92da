import { drawMessages } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error';
import type { Db } from '../core/db';
import { buyingSuspensionOf, suspendedMemberIds } from './members.repository';

/** How soon a failed read is followed by a reload of every suspended member. */
const RETRY_MS = 1000;
/** One refusal object: a suspended bot pressing in a loop costs no stack trace per press. */
const SUSPENDED = new AppError(403, 'buying_suspended', drawMessages.suspended);

export interface BuyingSuspensions {
  /** Throws the 403 `buying_suspended` for a member whose buying is suspended: a set lookup, no query. */
  check(userId: string): void;
  isSuspended(userId: string): boolean;
  /** What this replica itself just wrote, applied before its answer (the bus brings it to the others). */
  apply(userId: string, suspended: boolean): void;
  /** Reads one member's suspension again (a bus message said their facts changed). */
  reread(userId: string): Promise<void>;
  /** Reads every suspended member again (at start, and when the bus link was lost and restored). */
  reload(): Promise<void>;
  size(): number;
}

/**
 * The members whose buying is suspended, held in memory on every replica so Buy refuses them
 * without a query. Suspended members are few (an admin suspends them one at a time), so the set
 * holds all of them, loaded at start. A reload that runs while single members are re-read keeps
 * what those reads found: they are newer than the reload's snapshot may be.
 */
export function createBuyingSuspensions(db: Db): BuyingSuspensions {
  let suspended = new Set<string>();
  /** Members read (or applied) while a reload is under way, with what was found. */
  let duringLoad: Map<string, boolean> | null = null;

  function apply(userId: string, isSuspended: boolean) {
    if (isSuspended) suspended.add(userId);
    else suspended.delete(userId);
    duringLoad?.set(userId, isSuspended);
  }

  return {
    check(userId) {
      if (suspended.has(userId)) throw SUSPENDED;
    },
    isSuspended: (userId) => suspended.has(userId),
    apply,
    async reread(userId) {
      const row = await buyingSuspensionOf(db, userId);
      apply(userId, row?.buyingSuspendedAt != null);
    },
    async reload() {
      const touched = new Map<string, boolean>();
      duringLoad = touched;
      try {
        const loaded = new Set(await suspendedMemberIds(db));
        for (const [userId, isSuspended] of touched) {
          if (isSuspended) loaded.add(userId);
          else loaded.delete(userId);
        }
        suspended = loaded;
      } finally {
        if (duringLoad === touched) duringLoad = null;
      }
    },
    size: () => suspended.size,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Members whose buying an admin suspended, refused by Buy on both transports (members.routes.ts). */
    buyingSuspensions: BuyingSuspensions;
  }
}

/**
 * Every replica's copy of the suspended members, loaded before it serves and kept current by the
 * 'eligibility' channel: the admin's replica applies a change before it answers, and announces the
 * member changed (announce.ts); every replica then reads that member again (one query by primary
 * key, on an admin's act, never on a press). Reading the row rather than trusting the message keeps
 * two admins' racing changes in commit order. A bus link that was lost and restored reloads them
 * all (what was said meanwhile is gone). The claim itself also refuses a suspended member
 * (claims.repository.ts), so a replica that missed every message still cannot sell to them.
 */
export const buyingSuspensions = fp(
  async (app: FastifyInstance) => {
    const suspensions = createBuyingSuspensions(app.db);
    app.decorate('buyingSuspensions', suspensions);

    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    // A read that failed lost what it was told: read them all again until the database answers.
    const retryLater = () => {
      clearTimeout(retry);
      if (!closed) retry = setTimeout(reload, RETRY_MS).unref();
    };
    const reload = (): void =>
      void suspensions.reload().catch((error: unknown) => {
        app.log.error({ err: error }, 'loading suspended members failed');
        retryLater();
      });
    let unsubscribe: (() => Promise<void>) | undefined;
    let offResubscribed: (() => void) | undefined;
    app.addHook('onReady', async () => {
      unsubscribe = await app.bus.subscribe('eligibility', (message) => {
        if (message.type !== 'eligibility.member-changed') return;
        suspensions.reread(message.userId).catch((error: unknown) => {
          app.log.error({ err: error, userId: message.userId }, 'reading a member’s buying suspension failed');
          retryLater();
        });
      });
      offResubscribed = app.bus.onResubscribed(reload);
      // After the subscription: a change made between the load and the subscribe is not lost.
      await suspensions.reload();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(retry);
      offResubscribed?.();
      await unsubscribe?.();
    });
  },
  { name: 'buying-suspensions', dependencies: ['infrastructure'] },
);
