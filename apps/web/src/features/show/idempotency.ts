import { ApiError, NetworkError } from '../../lib/api-client';

/**
 * One Idempotency-Key per item per attempt: a retry of the same purchase after an unknown outcome
 * re-sends the key it first used (the server answers with the first purchase instead of charging
 * again); once an answer is definite the key is dropped. Kept outside React so it survives the
 * dialog or panel unmounting mid-purchase.
 */
export function createKeyRing(generate: () => string) {
  const keys = new Map<string, string>();
  return {
    keyFor(itemId: string): string {
      const held = keys.get(itemId);
      if (held) return held;
      const key = generate();
      keys.set(itemId, key);
      return key;
    },
    settle(itemId: string, keepForRetry: boolean) {
      if (!keepForRetry) keys.delete(itemId);
    },
  };
}

/** crypto.randomUUID exists only in secure contexts; a plain-http deployment still needs a key. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed attempt may have reached the payment gateway without us learning the outcome
 * (no answer, or a 5xx). Only then is the same Idempotency-Key reused, so a retry cannot charge
 * twice; a definite refusal (4xx) starts a fresh attempt next time.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/**
 * Whether a failed attempt is worth re-sending at once with the same key: no answer came back at
 * all (a dead or dropped link), so the purchase may or may not have happened.
 */
export function answerLost(error: unknown): boolean {
  return error instanceof NetworkError;
}
