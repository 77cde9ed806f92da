import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const GENERIC_5XX = 'Something went wrong. Please try again.';

/**
 * The one error path. AppError and validation errors carry a message meant for the user;
 * other 4xx errors from Fastify (bad JSON, wrong content type, body too large) keep their own
 * status and message; anything else is a 500 whose details stay in the log, keyed by request id.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({ message: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error, status }, 'request rejected');
        return reply.status(status).send({ message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: GENERIC_5XX });
    });
  },
  { name: 'error-handler' },
);
