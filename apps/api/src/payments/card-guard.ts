import { normalizeIP } from '@fastify/rate-limit';
import { paymentMessages } from '@vault/contracts';
import type { FastifyRequest } from 'fastify';
import { type AbuseLimits, hoursUntil, minutesUntil } from '../core/abuse-limits';
import { type RateLimiter, refuseTooMany } from '../core/rate-limiter';

/** One card addition, as seen by the limits. */
export interface CardAttempt {
  /**
   * Right before the gateway's live validation: refuses (429) a member whose additions are paused
   * or who is past the attempt limits, else counts the attempt. Only attempts that reach the
   * gateway count: a refusal of ours (no profile, too many cards) costs the merchant nothing.
   */
  admit(): Promise<void>;
  /** The gateway declined the card: counts it, and pauses additions at the threshold. */
  declined(): Promise<void>;
}

export interface CardGuard {
  attempt(request: FastifyRequest, userId: string): CardAttempt;
}

/**
 * Against card testing: every addition is a $0 authorisation on our merchant account, so a member
 * (or a script rotating members from one address) must not be able to probe numbers at will.
 * Counted on the app's keyed counters (core/rate-limiter.ts), shared through Redis when scaled.
 */
export function createCardGuard(limiter: RateLimiter, { cards }: Pick<AbuseLimits, 'cards'>): CardGuard {
  return {
    attempt(request, userId) {
      // The pause is its own key with its own lifetime: it starts at the decline that tripped it.
      const pauseKey = `card-pause:member:${userId}`;
      return {
        async admit() {
          const paused = await limiter.check(pauseKey, 1);
          if (!paused.allowed) {
            refuseTooMany(paused.retryAfterMs, paymentMessages.cardAdditionsLocked(hoursUntil(paused.retryAfterMs)));
          }
          // The IP key is normalised like @fastify/rate-limit's own (an IPv6 /64 is one client).
          const counters = [
            [`card-add:member:${userId}`, cards.perMember],
            [`card-add:ip:${normalizeIP(request.ip)}`, cards.perIp],
          ] as const;
          for (const [key, max] of counters) {
            const result = await limiter.hit(key, max, cards.windowMs);
            if (!result.allowed) {
              refuseTooMany(
                result.retryAfterMs,
                paymentMessages.tooManyCardAttempts(minutesUntil(result.retryAfterMs)),
              );
            }
          }
        },
        async declined() {
          // Allowed up to declinesBeforeLock - 1: the declinesBeforeLock-th decline starts the pause.
          const key = `card-decline:member:${userId}`;
          const result = await limiter.hit(key, cards.declinesBeforeLock - 1, cards.declineWindowMs);
          if (!result.allowed) {
            await limiter.hit(pauseKey, 1, cards.lockMs);
            request.log.warn({ userId }, 'card additions paused after repeated declines');
          }
        },
      };
    },
  };
}
