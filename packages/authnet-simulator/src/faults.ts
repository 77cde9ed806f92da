import type { SimulatorDb } from './tables';

/**
 * What a queued fault does to the gateway request that takes it:
 * - `error`: the gateway answers E00001 and does nothing;
 * - `timeout`: the gateway never answers, and did nothing;
 * - `lost-answer`: the gateway does the work (an authorisation is recorded, a void happens) but
 *   its answer never arrives: the caller times out — the failure that costs money when a client
 *   takes it for a "no";
 * - `dropped-answer`: the gateway does the work, then the connection drops before the answer:
 *   the caller sees a network error at once, not a timeout (a reset, a proxy giving up);
 * - `late-work`: the gateway never answers and does the work a second after the caller has given
 *   up (a gateway slow under load): a lookup right after the timeout finds nothing, yet the
 *   authorisation lands — a caller that took "not found" for "no" leaves it held;
 * - `pass`: the request goes through untouched — a gap in a pattern ("every third charge fails").
 */
export const FAULT_KINDS = ['error', 'timeout', 'lost-answer', 'dropped-answer', 'late-work', 'pass'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export interface Fault {
  /** A request type (createTransactionRequest, …) or '*' for any. */
  requestType: string;
  kind: FaultKind;
}

const isFaultKind = (kind: string): kind is FaultKind => (FAULT_KINDS as readonly string[]).includes(kind);

/**
 * The fault queue, kept in the database (authnet_sim_faults) so that every replica's simulator
 * shares it: a fault queued through one replica is taken by whichever replica's gateway request
 * comes next, once. Taking is one statement that locks and deletes the oldest matching row,
 * skipping rows another replica is taking at that instant: no fault is taken twice, none lost.
 */
export function createFaultQueue(db: SimulatorDb) {
  // This process's writes, in order: a caller that queues a fault and at once sends a request
  // (without waiting) still has its fault applied to that request, as with the old in-memory queue.
  let written: Promise<unknown> = Promise.resolve();
  const inOrder = (write: () => Promise<unknown>): Promise<void> => {
    const done = written.then(write);
    written = done.catch(() => undefined);
    return done.then(() => undefined);
  };

  return {
    /** The next `times` matching requests fail this way, once per entry, after any queued before. */
    push(fault: Fault, times = 1): Promise<void> {
      const rows = Array.from({ length: times }, () => ({ requestType: fault.requestType, kind: fault.kind }));
      return inOrder(() => db.insertInto('authnetSimFaults').values(rows).execute());
    },
    clear(): Promise<void> {
      return inOrder(() => db.deleteFrom('authnetSimFaults').execute());
    },
    /** Takes the oldest fault for this request type (or for any), or null when none is queued. */
    async take(requestType: string): Promise<FaultKind | null> {
      await written;
      const taken = await db
        .deleteFrom('authnetSimFaults')
        .where('id', '=', (eb) =>
          eb
            .selectFrom('authnetSimFaults')
            .select('id')
            .where('requestType', 'in', [requestType, '*'])
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returning('kind')
        .executeTakeFirst();
      if (!taken) return null;
      // Rows are written through push (typed); a kind it never writes (a hand edit) fails like an error.
      return isFaultKind(taken.kind) ? taken.kind : 'error';
    },
  };
}

export type FaultQueue = ReturnType<typeof createFaultQueue>;
