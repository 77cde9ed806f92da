import { setTimeout as sleep } from 'node:timers/promises';
import { buyMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';

/** Past this many members tracked, the ones whose buckets are full again (idle) are forgotten. */
const MAX_MEMBERS = 50_000;
/** Keys remembered per member: enough for a lost answer's re-send, a double tap, a few items. */
const KEYS_PER_MEMBER = 8;
/**
 * Re-sends of one key that cost nothing. The web re-sends a key only after a lost answer, once per
 * drop; past this a key is a script's, and pays like any other press (each replay that reaches
 * the database is a claim and an explain query).
 */
const FREE_REPLAYS_PER_KEY = 3;

export interface PressRate {
  /** Presses a bucket holds: what a member may press at once. */
  burst: number;
  /** Presses added back per second. */
  perSecond: number;
}

/**
 * A token bucket, refilled lazily from the clock on each look (no timers): two numbers per bucket.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: PressRate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.at = now;
  }

  private refill(now: number) {
    const elapsed = Math.max(0, now - this.at) / 1000;
    this.tokens = Math.min(this.rate.burst, this.tokens + elapsed * this.rate.perSecond);
    this.at = now;
  }

  /** Whether a press may go ahead now, without spending it. */
  has(now: number): boolean {
    this.refill(now);
    return this.tokens >= 1;
  }

  take() {
    this.tokens -= 1;
  }

  /** Milliseconds until the next press may go ahead (for Retry-After). */
  waitMs(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate.perSecond) * 1000);
  }

  /** Full again: the member has not pressed for a while, so forgetting the bucket changes nothing. */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.rate.burst;
  }
}

interface MemberBudget {
  bucket: TokenBucket;
  /** Idempotency-Key → the item it was sent for and how many free re-sends it has had, newest last. */
  keys: Map<string, { itemId: string; replays: number }>;
}

/**
 * One refusal object per Retry-After value: a flood is answered thousands of times a second, and a
 * fresh error (with its stack trace) per refusal was the kind of cost bench:buy found in 409s.
 */
const refusals = new Map<number, AppError>();
export function tooManyPresses(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  let refusal = refusals.get(seconds);
  if (!refusal) {
    refusal = new AppError(429, 'too_many_presses', buyMessages.tooManyPresses, { 'Retry-After': seconds });
    refusals.set(seconds, refusal);
  }
  return refusal;
}

/**
 * The Buy press budget of one replica: a token bucket per member (shared by the member's HTTP
 * presses and all of their sockets here) and, over the socket, one per socket. Checked before any
 * database work, so a member who presses faster than a person can costs this replica one map
 * lookup per press, and the database nothing. In memory, per replica: HAProxy pins a browser to
 * one replica (its VAULT_NODE cookie, deploy/haproxy.cfg), so a member meets one budget. A script
 * that drops the cookie is spread round-robin and meets one budget per replica (at most 8): still
 * a few presses a second each, and each replica's database work stays bounded by its own budget.
 *
 * A re-send of an Idempotency-Key already spent on the same item is free (up to a few per key):
 * the web re-sends only after a lost answer, and that must reach the seller to learn the
 * outcome of the member's real press, however fast they tapped before.
 */
/**
 * The longest a refusal is held back. A refusal is answered when the next press would be allowed
 * (at most this long), not at once: a script pressing in a loop on one connection is then paced at
 * the budget by its own answers, instead of spending a core on thousands of 429s a second that
 * the members racing beside it pay for. A person pressing past the burst learns it within a second.
 */
const MAX_HOLD_MS = 1000;

/** Waits out a refusal's hold (see MAX_HOLD_MS); the caller answers the 429 afterwards. */
export function holdRefusal(waitMs: number): Promise<void> {
  return sleep(Math.min(Math.max(waitMs, 0), MAX_HOLD_MS));
}

export function createPressBudget(rate: PressRate, now: () => number = Date.now) {
  const members = new Map<string, MemberBudget>();

  function prune(at: number) {
    for (const [userId, budget] of members) if (budget.bucket.full(at)) members.delete(userId);
    // Every bucket busy (a flood of sign-ups?): start over rather than grow without bound.
    if (members.size >= MAX_MEMBERS) members.clear();
  }

  function memberBudget(userId: string, at: number): MemberBudget {
    let budget = members.get(userId);
    if (!budget) {
      if (members.size >= MAX_MEMBERS) prune(at);
      budget = { bucket: new TokenBucket(rate, at), keys: new Map() };
      members.set(userId, budget);
    }
    return budget;
  }

  function freeReplay(budget: MemberBudget, itemId: string, key: string | null): boolean {
    if (key === null) return false;
    const sent = budget.keys.get(key);
    if (!sent || sent.itemId !== itemId || sent.replays >= FREE_REPLAYS_PER_KEY) return false;
    sent.replays += 1;
    return true;
  }

  function rememberKey(budget: MemberBudget, itemId: string, key: string | null) {
    if (key === null || budget.keys.has(key)) return;
    if (budget.keys.size >= KEYS_PER_MEMBER) {
      const oldest = budget.keys.keys().next();
      if (!oldest.done) budget.keys.delete(oldest.value);
    }
    budget.keys.set(key, { itemId, replays: 0 });
  }

  return {
    /**
     * Spends one press of the member's budget (and of the socket's, when given), or throws the
     * 429 `too_many_presses`. Nothing is spent when either bucket is empty.
     */
    spend(userId: string, itemId: string, key: string | null, socket?: TokenBucket): void {
      const at = now();
      const budget = memberBudget(userId, at);
      if (freeReplay(budget, itemId, key)) return;
      if (socket && !socket.has(at)) throw tooManyPresses(socket.waitMs(at));
      if (!budget.bucket.has(at)) throw tooManyPresses(budget.bucket.waitMs(at));
      socket?.take();
      budget.bucket.take();
      rememberKey(budget, itemId, key);
    },
    /** Milliseconds until this member (and socket) may press again: how long a refusal is held. */
    waitMs(userId: string, socket?: TokenBucket): number {
      const at = now();
      const member = members.get(userId)?.bucket.waitMs(at) ?? 0;
      return Math.max(member, socket?.waitMs(at) ?? 0);
    },
    /** A socket's own bucket, kept on the socket (it goes with it). */
    socketBucket(): TokenBucket {
      return new TokenBucket(rate, now());
    },
    /** Members tracked now (for tests of the memory bound). */
    size: () => members.size,
  };
}

export type PressBudget = ReturnType<typeof createPressBudget>;
