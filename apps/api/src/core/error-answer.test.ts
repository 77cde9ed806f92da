import { serverFailureMessage, serviceUnavailableMessage } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { errorAnswer } from './error-answer';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the answer to a failed request', () => {
  it('is a 503 "try again" while the database is down or restarting, never a 500', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(errorAnswer(error), error.message).toMatchObject({
        status: 503,
        message: serviceUnavailableMessage,
        code: 'service_unavailable',
        headers: { 'retry-after': 2 },
        log: { level: 'warn' },
      });
    }
  });

  it("gives Fastify's own refusals and refused values a code by their status", () => {
    const withStatus = (statusCode: number) => Object.assign(new Error('refused'), { statusCode });
    expect(errorAnswer(withStatus(413)).code).toBe('payload_too_large');
    expect(errorAnswer(withStatus(415)).code).toBe('unsupported_media_type');
    expect(errorAnswer(withStatus(404)).code).toBe('not_found');
    expect(errorAnswer(withStatus(400)).code).toBe('invalid_request'); // bad JSON carries no FST_ code
    expect(errorAnswer(withStatus(408)).code).toBe('invalid_request');
    expect(errorAnswer(withCode('value too long for type character varying(5)', '22001')).code).toBe('invalid_request');
  });

  it('keeps a 500 for anything else, and the refusals handlers chose', () => {
    expect(errorAnswer(new Error('a bug'))).toMatchObject({
      status: 500,
      message: serverFailureMessage,
      code: 'server_error',
    });
    expect(errorAnswer(new AppError(409, 'sold', 'Sold'))).toEqual({
      status: 409,
      message: 'Sold',
      code: 'sold',
      headers: {},
    });
  });
});
