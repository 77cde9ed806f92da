import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../core/config';

/** The origin (scheme://host:port) of an Origin or Referer header value, or undefined if it has none. */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** PUBLIC_URL's origin, the one our own pages are served from. */
export const publicOriginOf = (config: Pick<AppConfig, 'publicUrl'>): string => new URL(config.publicUrl).origin;

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

/**
 * The same rule for a Socket.IO handshake, which sees only the raw upgrade request: the origin it
 * was sent to is rebuilt from the Host header and whether this socket is TLS. The Origin must be
 * a serialized origin exactly as a browser sends one (no path, userinfo or trailing slash) and
 * equal, scheme, host and port, to PUBLIC_URL's or that one; a suffix match let
 * `https://evil.example//vault.host` through. No Origin at all is a non-browser client, which a
 * cookie-less foreign page cannot be.
 */
export function isOwnSocketOrigin(
  origin: string | undefined,
  request: { host: string | undefined; encrypted: boolean },
  publicOrigin: string,
): boolean {
  if (!origin) return true;
  if (originOf(origin) !== origin) return false;
  if (origin === publicOrigin) return true;
  return request.host !== undefined && origin === originOf(`${request.encrypted ? 'https' : 'http'}://${request.host}`);
}
