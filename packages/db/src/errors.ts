/** Postgres unique_violation (23505), as both pg and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
