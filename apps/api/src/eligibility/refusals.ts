import type { Db } from '../core/db';
import { addRefusals, type RefusalRow } from './refusals.repository';

/** Past this many (item, rule, member) triples waiting, new ones are dropped: counts, never memory. */
const MAX_PENDING = 100_000;

/**
 * Presses the eligibility rules refused, added up in memory and written once a second (and on
 * close), like the Buy attempts: a refused press is answered from memory, and a write per press
 * would make each one a database round trip.
 */
export function createRefusalCounter(db: Db) {
  let pending = new Map<string, RefusalRow>();
  let running: Promise<void> | null = null;

  async function write(batch: Map<string, RefusalRow>) {
    try {
      await addRefusals(db, [...batch.values()]);
    } catch (error) {
      // Put them back for the next flush (bounded): a database that is down costs counts at most.
      for (const [key, row] of batch) {
        const held = pending.get(key);
        if (held) held.presses += row.presses;
        else if (pending.size < MAX_PENDING) pending.set(key, row);
      }
      throw error;
    }
  }

  return {
    record(showItemId: string, ruleKey: string, userId: string): void {
      const key = `${showItemId} ${ruleKey} ${userId}`;
      const held = pending.get(key);
      if (held) held.presses += 1;
      else if (pending.size < MAX_PENDING) pending.set(key, { showItemId, ruleKey, userId, presses: 1 });
    },
    async flush(): Promise<void> {
      while (running) await running;
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      running = write(batch).finally(() => {
        running = null;
      });
      await running;
    },
  };
}

export type RefusalCounter = ReturnType<typeof createRefusalCounter>;
