import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: reset and verification tokens, OAuth codes and state. */
const SECRET_PARAMS = new Set(['token', 'code', 'state']);

/** The URL as logged: a secret query value becomes [redacted], so a log reader can't replay a link. */
function redactSecretParams(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let key = name;
      try {
        key = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; it can't be a secret we issued.
      }
      return eq !== -1 && SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}

/** A client's own request id, kept for correlation but never trusted as ours: short and printable. */
function clientRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  if (!id) return undefined;
  return /^[\w.:/-]{1,128}$/.test(id) ? id : undefined;
}

/** pino's request serializer: Fastify's fields, with the URL redacted and the client's id apart. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecretParams(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
    clientRequestId: clientRequestId(request.headers['x-request-id']),
  };
}
