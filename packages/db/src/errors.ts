/** Postgres unique_violation (23505), as both pg and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/**
 * SQLSTATEs of a database that cannot serve right now: class 08 (connection exception), 57P01-03
 * (shutting down, crashed, starting up), 57014 (statement timeout), class 53 (out of connections,
 * memory, disk). The request was fine; it may succeed if sent again.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|57014|53[0-9A-Z]{3})$/;

/** Socket errors of a server that is down, restarting or unreachable (by address or by name). */
const UNREACHABLE_ERRNO = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
];
const UNREACHABLE_IN_MESSAGE = new RegExp(`\\b(${UNREACHABLE_ERRNO.join('|')})\\b`);

/**
 * True for a failed connection to any server (Postgres, Redis): refused, reset, timed out or
 * not found, by its errno code or, for an error that wraps one, by the code in its message.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && UNREACHABLE_ERRNO.includes(code)) return true;
  return error instanceof Error && UNREACHABLE_IN_MESSAGE.test(error.message);
}

/**
 * What pg and pg-pool say without a code: a connection that ended under a query, a connect that
 * timed out, a pool that found no connection in time, a client already broken.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/**
 * True when a query failed because the database is down, restarting or out of reach — not because
 * of the query. The API answers these with 503 and "try again", never 500, and the clock retries.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
  if (isConnectionFailure(error)) return true;
  // A pool that could not connect may pass on an AggregateError (one error per address tried).
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error instanceof Error && UNAVAILABLE_MESSAGE.test(error.message);
}
