// Which URLs a push subscription may name. A member hands us the endpoint and our server then POSTs
// to it on every event: without this check a member could make the server send requests anywhere
// (an internal admin port, a cloud metadata address). The API checks it when a subscription arrives
// and the sender again before each push, so a row written before the list changed is not trusted.

/** One entry of PUSH_SERVICE_HOSTS. */
export type PushServiceHost =
  /** `fcm.googleapis.com`: this host over https, default port. */
  | { kind: 'host'; host: string }
  /** `*.push.apple.com`: any host under this suffix over https (not the suffix itself). */
  | { kind: 'suffix'; suffix: string }
  /** `http://127.0.0.1:4567`: plain http to exactly this host and port (a test's local push service). */
  | { kind: 'plain'; host: string; port: string };

export type PushServiceHosts = readonly PushServiceHost[];

/** The push services of the browsers members use: Chrome/Edge (FCM), Firefox, Safari, Windows. */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,web.push.apple.com,*.notify.windows.com';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);

/**
 * Reads PUSH_SERVICE_HOSTS (comma-separated). Throws one message naming every entry it cannot use:
 * a bare word or `*.com` would let a member point us at nearly any host, so a suffix needs two labels.
 */
export function parsePushServiceHosts(value: string): PushServiceHosts {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const hosts: PushServiceHost[] = [];
  const bad: string[] = [];
  for (const entry of entries) {
    const host = parseEntry(entry);
    if (host) hosts.push(host);
    else bad.push(entry);
  }
  if (bad.length > 0) {
    throw new Error(
      `not a push service host: ${bad.join(', ')} (write host names such as fcm.googleapis.com, *.push.apple.com, or http://host:port for a local test server)`,
    );
  }
  if (hosts.length === 0) throw new Error('names no push service host');
  return hosts;
}

function parseEntry(entry: string): PushServiceHost | null {
  if (entry.startsWith('*.')) {
    const suffix = entry.slice(2);
    return HOST_NAME.test(suffix) ? { kind: 'suffix', suffix } : null;
  }
  if (entry.startsWith('http://')) {
    const url = parseUrl(entry);
    // Only host:port: a path, credentials or a missing port would make the entry mean more than it says.
    if (!url || url.username || url.password || url.port === '' || `http://${url.host}` !== entry) return null;
    return { kind: 'plain', host: url.hostname, port: url.port };
  }
  return HOST_NAME.test(entry) ? { kind: 'host', host: entry } : null;
}

/** Whether our server may send a push to `endpoint`: https to a listed push service, or a listed plain-http test server. */
export function isAllowedPushEndpoint(endpoint: string | URL, hosts: PushServiceHosts): boolean {
  const url = typeof endpoint === 'string' ? parseUrl(endpoint) : endpoint;
  if (!url || url.username || url.password) return false;
  // Exactly as the URL parser writes it, as browsers send it: what is checked is what is stored and sent.
  if (typeof endpoint === 'string' && !isCanonicalUrl(endpoint)) return false;
  if (url.protocol === 'http:') {
    return hosts.some((h) => h.kind === 'plain' && h.host === url.hostname && h.port === url.port);
  }
  // The default port only: a push service listens on 443, another port of the same name is another service.
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  return hosts.some(
    (h) => (h.kind === 'host' && h.host === host) || (h.kind === 'suffix' && host.endsWith(`.${h.suffix}`)),
  );
}

/**
 * Whether `value` is a URL exactly as the URL parser writes it: ASCII, with no NUL, stray surrogate or
 * other byte a database column would refuse (the parser escapes them). Every browser's endpoint is.
 */
export function isCanonicalUrl(value: string): boolean {
  return parseUrl(value)?.href === value;
}

/** The host of an endpoint, the one part of it that may be logged (the rest identifies the browser). */
export function pushEndpointHost(endpoint: string): string {
  return parseUrl(endpoint)?.host ?? '(not a URL)';
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
