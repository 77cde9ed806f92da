import { randomBytes } from 'node:crypto';

/** The real services every integration run uses. Defaults match the CI machine. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A short unique id for naming a test's schema, database or Redis prefix. */
export function uniqueId(label: string): string {
  return `${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
}
