import { serverFailureMessage, serviceUnavailableMessage, unstorableValueMessage } from '@vault/contracts';
import { isDatabaseUnavailable } from '@vault/db';
import { AppError } from './app-error';

/**
 * Postgres refusing a value (SQLSTATE class 22, data exception: too long, bad encoding, out of
 * range; 23514, a CHECK) — both pg and PGlite report it as `code`. Validation in the contracts
 * should have refused it first; if it did not, the request is still at fault, not the server.
 */
export function isRefusedValue(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '23514');
}

/** What a failed call answers, and what the log must say about it. */
export interface ErrorAnswer {
  status: number;
  message: string;
  headers: Record<string, string | number>;
  /** Nothing for an AppError (an expected refusal); otherwise the line to log and at which level. */
  log?: { level: 'info' | 'warn' | 'error'; msg: string };
}

/** How soon a client may try again while the database is down (a restart takes seconds). */
const UNAVAILABLE_RETRY_AFTER_S = 2;

/**
 * The one mapping from an error to its answer, for HTTP (the error handler) and Socket.IO acks
 * (the socket Buy) alike. AppError and validation errors carry a message meant for the user;
 * other 4xx errors (bad JSON, wrong content type, body too large) keep their own status and
 * message; a database that is down or restarting is a 503 "try again" (the request was fine);
 * anything else is a 500 whose details stay in the log.
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) return { status: error.statusCode, message: error.message, headers: error.headers };
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: (error as Error).message, headers: {}, log: { level: 'info', msg: 'request rejected' } };
  }
  if (isRefusedValue(error)) {
    // Logged as an error all the same: it is a gap in a contract, and the fuzz test fails on it.
    return {
      status: 400,
      message: unstorableValueMessage,
      headers: {},
      log: { level: 'error', msg: 'the database refused a value that validation let through' },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      message: serviceUnavailableMessage,
      headers: { 'retry-after': UNAVAILABLE_RETRY_AFTER_S },
      log: { level: 'warn', msg: 'database unavailable' },
    };
  }
  return { status: 500, message: serverFailureMessage, headers: {}, log: { level: 'error', msg: 'request failed' } };
}
