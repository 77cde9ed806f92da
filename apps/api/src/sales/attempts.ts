import type { BuyAttemptOutcome } from '@vault/db';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceDeps } from '../core/deps';
import { addBuyAttempts, type BuyAttemptMemberRow, type BuyAttemptRow } from '../show-report';

/**
 * Past this many (item, outcome) pairs waiting, new pairs are dropped: a database that stays down
 * costs counts, never memory. Real lineups are a few dozen items × 7 outcomes.
 */
const MAX_PENDING_PAIRS = 10_000;
/** The same for (item, outcome, member) triples: one per member who pressed, a few thousand a show. */
const MAX_PENDING_MEMBERS = 100_000;
/** A batch the database keeps refusing (about a minute of 1 s flushes) is logged and dropped. */
const MAX_FAILED_FLUSHES = 60;

export interface AttemptCounter {
  /**
   * One Buy press by a member on an existing item, as the Buy metrics classified it: a press, and
   * the member among those who pressed (40 presses by one member are 40 presses and 1 member).
   */
  record(showItemId: string, outcome: BuyAttemptOutcome, userId: string): void;
  /** Writes what was counted since the last flush (one statement); waits for a flush under way. */
  flush(): Promise<void>;
}

/**
 * Buy attempts per item, added up in memory and flushed as increments. In a 2,000-buyer burst the
 * refusals are answered from memory in microseconds: a write per press would turn each of them
 * into a database round trip. Every replica flushes its own increments, so the totals are the sum.
 */
export function createAttemptCounter(
  deps: Pick<ServiceDeps, 'db'> & { log: FastifyBaseLogger },
  limits: { maxPendingPairs?: number; maxFailedFlushes?: number; maxPendingMembers?: number } = {},
): AttemptCounter {
  const maxPairs = limits.maxPendingPairs ?? MAX_PENDING_PAIRS;
  const maxMembers = limits.maxPendingMembers ?? MAX_PENDING_MEMBERS;
  const maxFailures = limits.maxFailedFlushes ?? MAX_FAILED_FLUSHES;
  /** `${showItemId} ${outcome}` → presses not yet written. */
  let pending = new Map<string, number>();
  /** `${showItemId} ${outcome} ${userId}`: members not yet written (a set: a member counts once). */
  let pendingMembers = new Set<string>();
  let failures = 0;
  let dropped = 0;
  let running: Promise<void> | null = null;

  function add(into: Map<string, number>, key: string, count: number): boolean {
    const had = into.get(key);
    if (had === undefined && into.size >= maxPairs) return false;
    into.set(key, (had ?? 0) + count);
    return true;
  }

  function addMember(into: Set<string>, key: string) {
    if (into.size < maxMembers) into.add(key);
  }

  async function write(batch: Map<string, number>, members: Set<string>) {
    const rows: BuyAttemptRow[] = [];
    for (const [key, count] of batch) {
      const [showItemId = '', outcome] = key.split(' ') as [string, BuyAttemptOutcome];
      rows.push({ showItemId, outcome, count });
    }
    const who: BuyAttemptMemberRow[] = [];
    for (const key of members) {
      const [showItemId = '', outcome, userId = ''] = key.split(' ') as [string, BuyAttemptOutcome, string];
      who.push({ showItemId, outcome, userId });
    }
    try {
      await addBuyAttempts(deps.db, rows, who);
      failures = 0;
    } catch (error) {
      failures += 1;
      const presses = rows.reduce((sum, row) => sum + row.count, 0);
      if (failures >= maxFailures) {
        failures = 0;
        deps.log.error({ err: error, presses }, 'counting buy attempts failed repeatedly: dropping these counts');
        return;
      }
      deps.log.warn({ err: error, presses }, 'counting buy attempts failed: kept for the next flush');
      // Back in front of what was counted meanwhile.
      for (const [key, count] of batch) if (!add(pending, key, count)) dropped += count;
      for (const key of members) addMember(pendingMembers, key);
    }
  }

  async function flushOnce() {
    if (dropped > 0) {
      deps.log.error({ presses: dropped }, 'buy attempts dropped: too many items waiting to be counted');
      dropped = 0;
    }
    if (pending.size === 0 && pendingMembers.size === 0) return;
    const batch = pending;
    const members = pendingMembers;
    pending = new Map();
    pendingMembers = new Set();
    await write(batch, members);
  }

  return {
    record(showItemId, outcome, userId) {
      if (!add(pending, `${showItemId} ${outcome}`, 1)) {
        dropped += 1;
        return;
      }
      // Past its cap a member is left out of "members", never out of the presses.
      addMember(pendingMembers, `${showItemId} ${outcome} ${userId}`);
    },
    async flush() {
      // One flush at a time: two would race to re-queue each other's failures. A caller that
      // arrives while one runs (the close after a timer's flush) waits, then writes what is left.
      while (running) await running;
      running = flushOnce().finally(() => {
        running = null;
      });
      await running;
    },
  };
}
