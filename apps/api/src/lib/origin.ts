import type { FastifyRequest } from 'fastify';

/** The origin (scheme://host:port) of an Origin or Referer header value, or undefined if it has none. */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Is this origin ours? PUBLIC_URL's, or the one the request itself was sent to (so
 * http://127.0.0.1:3000 works as well as localhost), taken as a URL origin so that a default port
 * (":80") compares equal. A foreign page can forge neither.
 */
export function isOwnOrigin(origin: string | undefined, request: FastifyRequest, publicOrigin: string): boolean {
  return (
    origin !== undefined && (origin === publicOrigin || origin === originOf(`${request.protocol}://${request.host}`))
  );
}
