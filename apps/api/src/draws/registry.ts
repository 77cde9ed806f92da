import type { Redis, Result } from 'ioredis';

// The entry registry: who entered a draw and with which number. It is the authority for who
// entered (draw_entries is written behind it in batches), and the one place an entry is numbered,
// so a burst of entrants costs one Redis round trip each (scaled) or nothing but memory (embedded).

/** An entrant's number and when the server received their first press (epoch ms). */
export interface RegisteredEntry {
  userId: string;
  entryNumber: number;
  enteredAt: number;
}

export type EnterResult = { closed: true } | { closed: false; first: boolean; entryNumber: number; enteredAt: number };

export interface EntryRegistry {
  /** Numbers the member (the next number, or theirs again), unless the draw is closed. */
  enter(drawId: string, userId: string, now: number): Promise<EnterResult> | EnterResult;
  /** Closes the draw (no entry lands after this) and returns every entry, in one atomic step. */
  close(drawId: string): Promise<RegisteredEntry[]>;
  /** The member's entry if this registry holds it (the state view's "you're in"). */
  entryOf(drawId: string, userId: string): Promise<number | null>;
}

/** How long a draw's keys outlive its last entry: far past any draw's close. */
export const REGISTRY_TTL_SECONDS = 24 * 3600;

/** `number:enteredAt` — what the registry stores per entrant. */
function parse(userId: string, value: string): RegisteredEntry {
  const [entryNumber = '0', enteredAt = '0'] = value.split(':');
  return { userId, entryNumber: Number(entryNumber), enteredAt: Number(enteredAt) };
}

/**
 * KEYS: counter, entrants hash, closed flag. ARGV: user id, now (ms), ttl (s).
 * Closed → {-1}; already in → {0, "n:t"}; else the next number → {1, "n:t"}.
 */
const ENTER_SCRIPT = `
if redis.call('EXISTS', KEYS[3]) == 1 then return {-1} end
local held = redis.call('HGET', KEYS[2], ARGV[1])
if held then return {0, held} end
local n = redis.call('INCR', KEYS[1])
local value = n .. ':' .. ARGV[2]
redis.call('HSET', KEYS[2], ARGV[1], value)
if n == 1 then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
end
return {1, value}`;

/** KEYS: entrants hash, closed flag. ARGV: ttl (s). Sets the flag and returns every entry. */
const CLOSE_SCRIPT = `
redis.call('SET', KEYS[2], '1', 'EX', ARGV[1])
return redis.call('HGETALL', KEYS[1])`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    vaultDrawEnter(
      counter: string,
      entrants: string,
      closed: string,
      userId: string,
      now: number,
      ttl: number,
    ): Result<[number, string?], Context>;
    vaultDrawClose(entrants: string, closed: string, ttl: number): Result<string[], Context>;
  }
}

/**
 * Scaled: the registry in Redis, shared by every replica. Each call is one EVALSHA (ioredis sends
 * the script itself once, when Redis does not know it yet), atomic in Redis: two replicas cannot
 * give out one number twice, and an entry either lands before the close or is refused.
 */
export function createRedisRegistry(redis: Redis, prefix: string): EntryRegistry {
  if (typeof redis.vaultDrawEnter !== 'function') {
    redis.defineCommand('vaultDrawEnter', { numberOfKeys: 3, lua: ENTER_SCRIPT });
    redis.defineCommand('vaultDrawClose', { numberOfKeys: 2, lua: CLOSE_SCRIPT });
  }
  const keys = (drawId: string) => {
    const base = `${prefix}:draw:${drawId}`;
    return { counter: `${base}:next`, entrants: `${base}:entrants`, closed: `${base}:closed` };
  };
  return {
    async enter(drawId, userId, now) {
      const { counter, entrants, closed } = keys(drawId);
      const [status, value] = await redis.vaultDrawEnter(counter, entrants, closed, userId, now, REGISTRY_TTL_SECONDS);
      if (status === -1 || value === undefined) return { closed: true };
      const entry = parse(userId, value);
      return { closed: false, first: status === 1, entryNumber: entry.entryNumber, enteredAt: entry.enteredAt };
    },
    async close(drawId) {
      const { entrants, closed } = keys(drawId);
      const flat = await redis.vaultDrawClose(entrants, closed, REGISTRY_TTL_SECONDS);
      const entries: RegisteredEntry[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) entries.push(parse(flat[i] ?? '', flat[i + 1] ?? ''));
      return entries;
    },
    async entryOf(drawId, userId) {
      const value = await redis.hget(keys(drawId).entrants, userId);
      return value ? parse(userId, value).entryNumber : null;
    },
  };
}

interface HeldDraw {
  closed: boolean;
  next: number;
  entrants: Map<string, RegisteredEntry>;
  /** When it was last touched (epoch ms), for forgetting old draws. */
  touched: number;
}

/**
 * Embedded: the same registry in this process's memory (there is no other process). Synchronous,
 * so an entry costs no await at all. Draws untouched for a day are forgotten when a new one starts.
 */
export function createMemoryRegistry(): EntryRegistry {
  const draws = new Map<string, HeldDraw>();

  function held(drawId: string, now: number): HeldDraw {
    let draw = draws.get(drawId);
    if (!draw) {
      for (const [id, old] of draws) if (now - old.touched > REGISTRY_TTL_SECONDS * 1000) draws.delete(id);
      draw = { closed: false, next: 0, entrants: new Map(), touched: now };
      draws.set(drawId, draw);
    }
    draw.touched = now;
    return draw;
  }

  return {
    enter(drawId, userId, now) {
      const draw = held(drawId, now);
      if (draw.closed) return { closed: true };
      const entry = draw.entrants.get(userId);
      if (entry) return { closed: false, first: false, entryNumber: entry.entryNumber, enteredAt: entry.enteredAt };
      draw.next += 1;
      draw.entrants.set(userId, { userId, entryNumber: draw.next, enteredAt: now });
      return { closed: false, first: true, entryNumber: draw.next, enteredAt: now };
    },
    async close(drawId) {
      const draw = held(drawId, Date.now());
      draw.closed = true;
      return [...draw.entrants.values()];
    },
    async entryOf(drawId, userId) {
      return draws.get(drawId)?.entrants.get(userId)?.entryNumber ?? null;
    },
  };
}
