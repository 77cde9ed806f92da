import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod contract as JSON Schema 2020-12 (OpenAPI 3.1's and our AsyncAPI's dialect). Inputs are
 * described as the client sends them (before zod's defaults and transforms); outputs as the
 * handler returns them, which JSON.stringify sends as they are (no response schema has a
 * transform or a Date). Apart from the OpenAPI document so that the AsyncAPI one, and the script
 * writing docs/socket-events.md from it, need no Fastify types.
 */
export function toJsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!(schema instanceof z.ZodType)) return schema as JsonSchema;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return json;
}
