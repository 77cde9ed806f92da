import { normalizeIP } from '@fastify/rate-limit';
import { paymentMessages } from '@vault/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hoursUntil, minutesUntil } from './abuse-limits';
import { keyedLimit } from './keyed-limit';
import { refuseTooMany } from './rate-limiter';

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
 * Created once per app (see plugins/rate-limit.ts) so both card routes share the counters.
 */
export function createCardGuard(app: FastifyInstance): CardGuard {
  const { cards } = app.limits;
  const perMember = keyedLimit(app, 'card-add:member', cards.perMember, cards.windowMs);
  const perIp = keyedLimit(app, 'card-add:ip', cards.perIp, cards.windowMs);
  const declines = keyedLimit(app, 'card-decline:member', cards.declinesBeforeLock, cards.declineWindowMs);
  // The pause is its own key with its own lifetime: it starts at the last decline that tripped it.
  const pause = keyedLimit(app, 'card-pause:member', 1, cards.lockMs);

  return {
    attempt(request, userId) {
      return {
        async admit() {
          const paused = await pause(request, userId, { increment: false });
          if (paused.remaining === 0) {
            const hours = hoursUntil(paused.retryAfterMs);
            refuseTooMany(paused.retryAfterMs, paymentMessages.cardAdditionsLocked(hours));
          }
          // The IP key is normalised like @fastify/rate-limit's own (an IPv6 /64 is one client).
          const counters = [
            [perMember, userId],
            [perIp, normalizeIP(request.ip)],
          ] as const;
          for (const [limit, key] of counters) {
            const result = await limit(request, key);
            if (result.exceeded) {
              const minutes = minutesUntil(result.retryAfterMs);
              refuseTooMany(result.retryAfterMs, paymentMessages.tooManyCardAttempts(minutes));
            }
          }
        },
        async declined() {
          const result = await declines(request, userId);
          if (result.remaining === 0) {
            await pause(request, userId);
            request.log.warn({ userId }, 'card additions paused after repeated declines');
          }
        },
      };
    },
  };
}
