import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ReactionClock } from './reactions';
import type { PressRow } from './repository';

/** Past this many (item, member) rows waiting, new members' presses are dropped: an outage costs rows, never memory. */
const MAX_PENDING = 200_000;
/** A batch the database keeps refusing (about 15 s of 250 ms flushes) is logged and dropped. */
const MAX_FAILED_FLUSHES = 60;

export type PressTransport = PressRow['transport'];

/** When a press arrived on this replica: taken first, before any await, so awaits cannot reorder presses. */
export interface PressStamp {
  at: number;
  seq: number;
}

export interface PressRecorderDeps {
  reactions: ReactionClock;
  write(rows: readonly PressRow[]): Promise<void>;
  readLine(showItemId: string): Promise<string[]>;
  log: FastifyBaseLogger;
  /** A press arriving less than this long after its reveal reached the member is flagged. */
  humanFloorMs: number;
  /** How often every replica flushes (the plugin's timer); `line` waits this plus settleMarginMs. */
  flushEveryMs: number;
  settleMarginMs: number;
  now?: () => number;
  maxPending?: number;
  maxFailedFlushes?: number;
}

export interface PressRecorder {
  /** Stamps a press as it arrives (`at`: when it arrived, if known better than now). */
  received(at?: number): PressStamp;
  /**
   * Records a press of the live show's current item (any other item is ignored): a map write, no
   * query, no await. A member's presses of one item are one row: the first one's time, reaction
   * and transport, and how many.
   */
  record(userId: string, showItemId: string, transport: PressTransport, stamp: PressStamp): void;
  /** Writes what was recorded since the last flush (one statement); waits for a flush under way. */
  flush(): Promise<void>;
  /** The members who pressed for an item, first press first, across every replica (see `line` below). */
  line(showItemId: string): Promise<string[]>;
  /** Rows waiting to be written (tests of the bound). */
  pending(): number;
}

interface Pending extends PressRow {
  seq: number;
}

const earlier = (a: PressStamp, b: PressStamp) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/**
 * Buy presses, recorded in memory and written in batches. Each replica stamps its presses in the
 * order it receives them (time, then a sequence number for the same millisecond) and writes each
 * batch in that order, so buy_presses ordered by (received_at, id) is the order of receipt on each
 * replica, and across replicas as far as their clocks agree.
 */
export function createPressRecorder(deps: PressRecorderDeps): PressRecorder {
  const now = deps.now ?? Date.now;
  const maxPending = deps.maxPending ?? MAX_PENDING;
  const maxFailures = deps.maxFailedFlushes ?? MAX_FAILED_FLUSHES;
  let seq = 0;
  /** Item → member → their presses of it since the last flush (nested: no key built per press). */
  let pending = new Map<string, Map<string, Pending>>();
  let size = 0;
  let dropped = 0;
  let failures = 0;
  let running: Promise<void> | null = null;

  /** The member's row for the item, if they pressed it since the last flush. */
  function rowOf(showItemId: string, userId: string): Pending | undefined {
    return pending.get(showItemId)?.get(userId);
  }

  function add(row: Pending): boolean {
    if (size >= maxPending) return false;
    let members = pending.get(row.showItemId);
    if (!members) {
      members = new Map();
      pending.set(row.showItemId, members);
    }
    members.set(row.userId, row);
    size += 1;
    return true;
  }

  /** Adds one member's presses, keeping the earliest's facts (in place: no copy); false when full. */
  function merge(row: Pending): boolean {
    const had = rowOf(row.showItemId, row.userId);
    if (!had) return add(row);
    const presses = had.presses + row.presses;
    if (earlier(stampOf(row), stampOf(had))) Object.assign(had, row);
    had.presses = presses;
    return true;
  }

  async function flushOnce() {
    if (dropped > 0) {
      deps.log.error({ presses: dropped }, 'buy presses dropped: too many waiting to be written');
      dropped = 0;
    }
    if (size === 0) return;
    const batch = pending;
    pending = new Map();
    size = 0;
    const rows = [...batch.values()]
      .flatMap((members) => [...members.values()])
      .sort((a, b) => (earlier(stampOf(a), stampOf(b)) ? -1 : 1));
    try {
      await deps.write(rows.map(({ seq: _seq, ...row }) => row));
      failures = 0;
    } catch (error) {
      failures += 1;
      if (failures >= maxFailures) {
        failures = 0;
        deps.log.error({ err: error, rows: rows.length }, 'recording buy presses failed repeatedly: dropping them');
        return;
      }
      deps.log.warn({ err: error, rows: rows.length }, 'recording buy presses failed: kept for the next flush');
      // Back in front of what arrived meanwhile, each member keeping their first press.
      for (const row of rows) if (!merge(row)) dropped += row.presses;
    }
  }

  async function flush() {
    // One flush at a time: two would race to re-queue each other's failures. A caller that
    // arrives while one runs (line() after a timer's flush) waits, then writes what is left.
    while (running) await running;
    running = flushOnce().finally(() => {
      running = null;
    });
    await running;
  }

  return {
    received(at = now()) {
      seq += 1;
      return { at, seq };
    },
    record(userId, showItemId, transport, stamp) {
      // Not the item on screen here: no reveal to measure from, and no line it could be in.
      if (showItemId !== deps.reactions.currentItem()) return;
      const had = rowOf(showItemId, userId);
      // The common case of a member pressing again: one more, nothing else changes.
      if (had && !earlier(stamp, stampOf(had))) {
        had.presses += 1;
        return;
      }
      const reactionMs = deps.reactions.reactionMs(userId, showItemId, stamp.at, transport === 'socket') ?? null;
      const row: Pending = {
        showItemId,
        userId,
        receivedAt: stamp.at,
        seq: stamp.seq,
        reactionMs,
        // Unknown (this replica never saw the reveal go out) is not flagged: no evidence either way.
        flagged: reactionMs !== null && reactionMs < deps.humanFloorMs,
        transport,
        presses: 1,
      };
      if (!merge(row)) dropped += 1;
    },
    flush,
    /**
     * The line behind a declined winner. Every replica writes its presses every `flushEveryMs`,
     * so a press any replica received before this call is in the database once that long has
     * passed since the call, plus the time its write takes (`settleMarginMs`): this replica's own
     * batch is written at once, then the call waits out the rest and reads. A replica whose event
     * loop or database stalls longer than the margin may miss its last presses; those members are
     * left out of this line, never put ahead of anyone. It costs a declined card ~0.35 s.
     */
    async line(showItemId) {
      const asked = now();
      await flush();
      const wait = asked + deps.flushEveryMs + deps.settleMarginMs - now();
      if (wait > 0) await sleep(wait);
      return deps.readLine(showItemId);
    },
    pending: () => size,
  };
}

const stampOf = (row: Pending): PressStamp => ({ at: row.receivedAt, seq: row.seq });
