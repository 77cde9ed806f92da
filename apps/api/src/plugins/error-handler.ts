import { serverFailureMessage, unstorableValueMessage } from '@vault/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

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

/**
 * The one error path. AppError and validation errors carry a message meant for the user;
 * other 4xx errors from Fastify (bad JSON, wrong content type, body too large) keep their own
 * status and message; anything else is a 500 whose details stay in the log, keyed by request id.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error, status }, 'request rejected');
        return reply.status(status).send({ message: error.message });
      }
      if (isRefusedValue(error)) {
        // Logged as an error all the same: it is a gap in a contract, and the fuzz test fails on it.
        request.log.error({ err: error }, 'the database refused a value that validation let through');
        return reply.status(400).send({ message: unstorableValueMessage });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: serverFailureMessage });
    });
  },
  { name: 'error-handler' },
);
