import type { ErrorBody } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorAnswer } from '../core/error-answer';

/** The one error path for HTTP: `{ message, code }` with the status core/error-answer.ts gives. */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const answer = errorAnswer(error);
      if (answer.log) request.log[answer.log.level]({ err: error, status: answer.status }, answer.log.msg);
      return reply
        .status(answer.status)
        .headers(answer.headers)
        .send({ message: answer.message, code: answer.code } satisfies ErrorBody);
    });
  },
  { name: 'error-handler' },
);
