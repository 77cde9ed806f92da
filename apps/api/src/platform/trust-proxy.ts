import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which X-Forwarded-For entries to believe: none (false), the last N hops (each proxy appends the
 * address it received the request from, so with N proxies the Nth entry from the right is the
 * client), or only hops from the listed proxy addresses/CIDRs. Never "trust every hop": then
 * request.ip is the leftmost entry, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names for private ranges, which Fastify accepts in a list.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: false | a hop count | comma-separated proxy addresses/CIDRs. `true` means 1 hop. */
export const trustProxyEnv = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', '0'].includes(lower)) return false;
    // `true` once meant "trust every hop" (Fastify's own meaning), which let a client pick its IP
    // and escape every per-IP limit. It now means the one proxy we deploy in front (HAProxy).
    if (lower === 'true' || lower === 'yes') return 1;
    if (/^\d{1,2}$/.test(lower)) return Number(lower);
    const entries = lower
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count, or proxy addresses/CIDRs separated by commas (not ${invalid.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The setting as Fastify takes it. Fastify 5.12 ignores a bare number (it trusts nothing, since a
 * hop count cannot tell the proxy from a client that reached us directly), so a hop count becomes
 * proxy-addr's hop function: hop 0 is the socket peer, hop 1 the rightmost X-Forwarded-For entry…
 * A hop count is therefore only right when the app is reachable solely through those proxies (as
 * in docker-compose.yml, where only HAProxy publishes a port); otherwise list the proxy addresses.
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  if (value === 0) return false;
  return (_address, hop) => hop < value;
}
