import { invalidRequestMessage } from '@vault/contracts';
import type { FastifyReply, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/**
 * Route schemas are zod schemas from @vault/contracts. Inputs are parsed (and coerced/defaulted)
 * by zod; the first issue's message becomes the 400 body, so the API answers with the forms' own
 * validation texts ("First name is required", "ZIP code is required").
 * Responses are typed by their schema but serialised with JSON.stringify: re-validating every
 * response would put zod on the hot paths (the show-state poll, the Buy route).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: validationError(result.error) };
  };

/** The 400 for input a schema refuses (a route's, or a socket event's): its first issue's message. */
export function validationError(error: z.ZodError): RequestValidationError {
  return new RequestValidationError(error.issues[0]?.message ?? invalidRequestMessage);
}

export const jsonSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/**
 * Sends a body the route already holds as JSON (its schema still describes it): Fastify sends a
 * string with a JSON content type as it is. The type of `send` wants the schema's object, which
 * this string is the serialisation of — hence the cast.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
