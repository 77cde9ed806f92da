import { createRequire } from 'node:module';

/** The slice of ajv's API the contract tests use. */
interface AjvLike {
  addSchema(schema: object, key: string): AjvLike;
  getSchema(ref: string): (((data: unknown) => boolean) & { errors?: unknown[] | null }) | undefined;
}

/**
 * Ajv for JSON Schema 2020-12 (OpenAPI 3.1's dialect) with formats: the copy the OpenAPI
 * validator package depends on, since the workspace has no direct ajv dependency.
 */
export function schemaValidator(document: object, key: string): AjvLike {
  const here = createRequire(import.meta.url);
  const fromValidator = createRequire(here.resolve('@seriousme/openapi-schema-validator'));
  const Ajv2020 = fromValidator('ajv/dist/2020').default as new (options: object) => AjvLike;
  const addFormats = fromValidator('ajv-formats').default as (ajv: AjvLike) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.addSchema(document, key);
}

/** A JSON pointer segment: `/` and `~` escaped (RFC 6901), and percent-encoded for a URI fragment. */
export const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** `/api/shows/:showId` (Fastify) → `/api/shows/{showId}` (OpenAPI). */
export const openapiPath = (url: string) => url.replace(/:([a-zA-Z]+)/g, '{$1}').replace(/(.)\/$/, '$1');
