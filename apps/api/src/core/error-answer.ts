import {
  type ErrorBody,
  type ErrorCode,
  serverFailureMessage,
  serviceUnavailableMessage,
  unstorableValueMessage,
} from '@vault/contracts';
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
  code: ErrorCode;
  headers: Record<string, string | number>;
  /** Nothing for an AppError (an expected refusal); otherwise the line to log and at which level. */
  log?: { level: 'info' | 'warn' | 'error'; msg: string };
}

/**
 * The code of a 4xx that is not an AppError — Fastify's own refusals (body too large, wrong
 * content type, bad JSON, unknown route) and validation: by its status, else "the request is at
 * fault". By status rather than Fastify's FST_ERR_* codes: a JSON syntax error carries none.
 */
const STATUS_CODES: Record<number, ErrorCode> = {
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** How soon a client may try again while the database is down (a restart takes seconds). */
const UNAVAILABLE_RETRY_AFTER_S = 2;

/**
 * The one mapping from an error to its answer, for HTTP (the error handler) and Socket.IO acks
 * (the socket Buy) alike. AppError and validation errors carry a message meant for the user;
 * other 4xx errors (bad JSON, wrong content type, body too large) keep their own status and
 * message, with a code from their status; a database that is down or restarting is a 503 "try
 * again" (the request was fine); anything else is a 500 whose details stay in the log.
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return { status: error.statusCode, message: error.message, code: error.code, headers: error.headers };
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      message: (error as Error).message,
      code: STATUS_CODES[status] ?? 'invalid_request',
      headers: {},
      log: { level: 'info', msg: 'request rejected' },
    };
  }
  if (isRefusedValue(error)) {
    // Logged as an error all the same: it is a gap in a contract, and the fuzz test fails on it.
    return {
      status: 400,
      message: unstorableValueMessage,
      code: 'invalid_request',
      headers: {},
      log: { level: 'error', msg: 'the database refused a value that validation let through' },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      message: serviceUnavailableMessage,
      code: 'service_unavailable',
      headers: { 'retry-after': UNAVAILABLE_RETRY_AFTER_S },
      log: { level: 'warn', msg: 'database unavailable' },
    };
  }
  return {
    status: 500,
    message: serverFailureMessage,
    code: 'server_error',
    headers: {},
    log: { level: 'error', msg: 'request failed' },
  };
}

/**
 * A Socket.IO handshake refusal (middleware `next(error)`): the client's `connect_error` gets the
 * answer's message, and `{ message, code }` as its `data` to key on — never an internal error's text.
 */
export function socketRefusal(answer: ErrorAnswer): Error & { data: ErrorBody } {
  return Object.assign(new Error(answer.message), { data: { message: answer.message, code: answer.code } });
}
