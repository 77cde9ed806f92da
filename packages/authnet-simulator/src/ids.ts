import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '@vault/db';

/**
 * Authorize.Net's ids are numeric strings: customer and payment profile ids of 9–10 digits,
 * transaction ids of 11 (e.g. 60123456789). Ours have the same shapes but are drawn at random,
 * so knowing one id says nothing about another member's. randomInt's bound is < 2^48, which
 * covers 11 digits, and every value fits a bigint column and a double exactly.
 */
const idRanges = {
  profile: { min: 100_000_000, max: 10_000_000_000 }, // 9 or 10 digits
  transaction: { min: 10_000_000_000, max: 100_000_000_000 }, // 11 digits
} as const;

export const randomId = (kind: keyof typeof idRanges): number => randomInt(idRanges[kind].min, idRanges[kind].max);

/** An id from a request: a plain numeric string (or number) of at most 15 digits, else null (not found). */
export function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

const ATTEMPTS = 5;

/**
 * Runs an insert with fresh random ids until none collides with an existing row's primary key.
 * A collision is astronomically rare (≈ n / 9·10^9 per insert) but must never surface as a 500.
 * Only primary-key violations are retried: another unique index (a duplicate merchantCustomerId
 * racing in) is a real conflict and is rethrown.
 */
export async function withFreshIds<T>(insert: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isUniqueViolation(error) || !isPrimaryKeyViolation(error)) throw error;
    }
  }
}

function isPrimaryKeyViolation(error: unknown): boolean {
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' && constraint.endsWith('_pkey');
}
