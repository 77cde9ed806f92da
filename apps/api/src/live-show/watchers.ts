import { randomUUID } from 'node:crypto';
import { takeTurn } from '@vault/server';
import { recordWatchers } from '@vault/show';
import type { Redis } from 'ioredis';
import type { Db } from '../core/db';

const FRESH_MS = 6000;

/**
 * How many members have the show screen open, across every instance: each instance counts the
 * members with a socket open to it and, when scaled, reports the count to a Redis hash every couple of seconds; the
 * total is the sum of the fresh reports (an instance that died stops counting after 6 s).
 */
export function createWatcherCount(redis: Redis | null, prefix: string) {
  const instance = randomUUID();
  const key = `${prefix}:watchers`;
  /** member id → their open show screens here; a member with two tabs is one watcher. */
  const screens = new Map<string, number>();
  const local = () => screens.size;

  return {
    join(userId: string) {
      screens.set(userId, (screens.get(userId) ?? 0) + 1);
    },
    leave(userId: string) {
      const left = (screens.get(userId) ?? 1) - 1;
      if (left > 0) screens.set(userId, left);
      else screens.delete(userId);
    },
    /** Publishes this instance's count (scaled) and returns the total. */
    async total(): Promise<number> {
      if (!redis) return local();
      const now = Date.now();
      await redis.hset(key, instance, `${local()}:${now}`);
      const reports = await redis.hgetall(key);
      let sum = 0;
      const stale: string[] = [];
      for (const [field, value] of Object.entries(reports)) {
        const [count, at] = value.split(':').map(Number);
        if (now - (at ?? 0) > FRESH_MS) stale.push(field);
        else sum += count ?? 0;
      }
      if (stale.length) await redis.hdel(key, ...stale);
      return sum;
    },
    async close() {
      await redis?.hdel(key, instance).catch(() => undefined);
    },
  };
}

/** How long a transition's lock is held: far longer than any replica takes to see the change. */
const TRANSITION_LOCK_MS = 60_000;

/**
 * Writes the watcher count into the live show's event log (the show report's "members watching
 * over time"). Across replicas each sample is taken once: the periodic one by whoever takes the
 * period's lock, the one after a transition by whoever takes that step's lock (every replica hears
 * of the transition). Embedded, there is no Redis and no other process to agree with.
 */
export function createWatcherSampler(deps: {
  db: Db;
  redis: Redis | null;
  prefix: string;
  periodMs: number;
  count: () => Promise<number>;
  now: () => number;
}) {
  const { redis } = deps;
  const key = `${deps.prefix}:watchers-sample`;
  /** The last transition sampled here: a refresh that changed no step is not another transition. */
  let lastStep = '';

  return {
    /** The periodic sample; true when this replica wrote one. */
    async periodic(): Promise<boolean> {
      // A little shorter than the period, so timers that drift apart never skip a period.
      if (!(await takeTurn(redis, key, Math.max(1, Math.floor(deps.periodMs * 0.9))))) return false;
      const count = await deps.count();
      return (await recordWatchers(deps.db, { count, now: new Date(deps.now()) })) !== undefined;
    },
    /** The sample right after the show moved to `step`; dropped if the show has moved on since. */
    async afterTransition(showId: string, step: number): Promise<boolean> {
      const id = `${showId}:${step}`;
      if (id === lastStep) return false;
      lastStep = id;
      if (!(await takeTurn(redis, `${key}:${id}`, TRANSITION_LOCK_MS))) return false;
      const count = await deps.count();
      const at = { showId, step };
      return (await recordWatchers(deps.db, { count, now: new Date(deps.now()), at })) !== undefined;
    },
  };
}
