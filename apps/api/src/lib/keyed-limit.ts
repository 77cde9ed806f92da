import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface KeyedLimitResult {
  /** This attempt is past the limit (always false for a peek). */
  exceeded: boolean;
  /** Attempts left in the window; 0 once the limit is used up. */
  remaining: number;
  retryAfterMs: number;
}

/**
 * A counter on @fastify/rate-limit's store whose key each call names (a member id, an email), for
 * limits that a route's `config.rateLimit` cannot express because the key is known only inside
 * the handler. `{ increment: false }` peeks without counting. Create it once per app: in embedded
 * mode each limiter has its own in-memory store.
 */
export function keyedLimit(app: FastifyInstance, name: string, max: number, windowMs: number) {
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
  });
  return async (request: FastifyRequest, key: string, options?: { increment: boolean }): Promise<KeyedLimitResult> => {
    keys.set(request, key);
    const result = await limit(request, options);
    // isAllowed is only ever true for an allowList, which we never set.
    if (result.isAllowed) return { exceeded: false, remaining: max, retryAfterMs: 0 };
    const peek = options?.increment === false;
    return { exceeded: !peek && result.isExceeded, remaining: result.remaining, retryAfterMs: result.ttl };
  };
}
