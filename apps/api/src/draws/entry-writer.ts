import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../core/db';
import { type EntryRow, insertEntries } from './draws.repository';

/** Entries reach draw_entries this long after the first of a batch was taken. */
export const ENTRY_FLUSH_MS = 250;
/** Past this many entries waiting (a database that stays down), new ones wait in the registry only. */
const MAX_PENDING = 100_000;

export interface EntryWriter {
  /** Queues one entry for the next batch (no I/O here). */
  add(row: EntryRow): void;
  /** Writes what is queued now (and waits for a write under way). */
  flush(): Promise<void>;
}

/**
 * Draw entries are written behind the registry, in batches: a burst of thousands of entrants is a
 * few INSERTs, never one per entry. The timer runs only while something waits, so a replica with
 * no draw does nothing. A failed batch is kept for the next one; losing it costs nothing but
 * time, since the closing replica writes every entry the registry holds anyway.
 */
export function createEntryWriter(deps: { db: Db; log: FastifyBaseLogger }): EntryWriter {
  let pending: EntryRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function write(): Promise<void> {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    try {
      await insertEntries(deps.db, batch);
    } catch (error) {
      deps.log.warn({ err: error, entries: batch.length }, 'writing draw entries failed; will retry');
      pending = batch.concat(pending).slice(0, MAX_PENDING);
      arm();
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    // One write at a time: batches land in the order they were taken.
    const tracked: Promise<void> = (running ?? Promise.resolve()).then(write).finally(() => {
      if (running === tracked) running = null;
    });
    running = tracked;
    return tracked;
  }

  function arm() {
    if (timer) return;
    timer = setTimeout(() => void flush(), ENTRY_FLUSH_MS);
    timer.unref();
  }

  return {
    add(row) {
      if (pending.length >= MAX_PENDING) return;
      pending.push(row);
      arm();
    },
    flush,
  };
}
