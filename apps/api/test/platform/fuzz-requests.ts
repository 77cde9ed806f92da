import type { z } from 'zod';
import type { RouteTableEntry } from '../../src/app';
import {
  type FuzzPools,
  hostileValue,
  mutate,
  oddBody,
  type RawBody,
  type Rng,
  randomSizing,
  validValue,
} from '../support/zod-fuzz';

// The requests the route fuzz sends: a URL with odd or valid path parameters and a query string,
// headers from the route's schema, and a body that is valid, broken in a field, or not JSON at all.

// Each accepted body on these costs a scrypt hash (~300 ms): a few reach the handler, the rest
// are refused before it.
const HASHING = new Set(['POST /api/auth/register', 'POST /api/auth/login', 'POST /api/auth/reset-password']);
const MAX_ACCEPTED_HASHING = 4;

/** Routes that create what others need run first; ones that end sessions or inject faults last. */
export function order(route: string): number {
  if (route === 'POST /api/shows' || route === 'POST /api/show-items') return 0;
  if (/logout|DELETE \/api\/payment-methods/.test(route)) return 2;
  if (route.includes('/faults')) return route.startsWith('POST') ? 3 : 4;
  return 1;
}

const PARAM_ODDITIES = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '{12345678-1234-4234-8234-123456789abc}',
  '12345678123442348234123456789abc',
  '%00',
  '%C4%B0',
  '%F0%9F%94%AA',
  '1',
  '-1',
  '99999999999999999999',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
  "'%20or%201=1--",
];

/** What a JSON body parser would make of a raw body (undefined when it is not JSON). */
export function parsedRaw(raw: RawBody): unknown {
  try {
    return JSON.parse(raw.payload.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/** Percent-encodes the UTF-8 bytes (encodeURIComponent throws on a lone surrogate). */
const percent = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

export function paramsUrl(route: RouteTableEntry, rng: Rng, pool: FuzzPools): string {
  const params = route.schema?.params as z.ZodType | undefined;
  const valid = params ? (validValue(params, rng, randomSizing(rng), pool) as Record<string, unknown>) : {};
  return route.url
    .replace(/:([a-zA-Z]+)/g, (_m, name: string) =>
      rng.chance(0.6) && typeof valid[name] === 'string' ? percent(valid[name] as string) : rng.pick(PARAM_ODDITIES),
    )
    .replace('*', rng.chance(0.5) ? 'x' : `${rng.pick(PARAM_ODDITIES)}/y`);
}

function queryString(route: RouteTableEntry, rng: Rng, pool: FuzzPools): string {
  const schema = route.schema?.querystring as z.ZodType | undefined;
  const entries: Array<[string, string]> = [];
  if (schema && rng.chance(0.7)) {
    const value = validValue(schema, rng, randomSizing(rng), pool);
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) entries.push([k, typeof v === 'string' ? v : JSON.stringify(v)]);
    }
  }
  if (rng.chance(0.3)) entries.push([rng.pick(['token', 'x', 'a[b]', '__proto__']), String(hostileValue(rng))]);
  if (entries.length === 0) return '';
  return `?${entries.map(([k, v]) => `${percent(k)}=${percent(v)}`).join('&')}`;
}

interface Generated {
  url: string;
  body?: unknown;
  raw?: RawBody;
  headers: Record<string, string>;
}

export function generate(route: RouteTableEntry, rng: Rng, pool: FuzzPools, acceptedSoFar: number): Generated {
  const url = `${paramsUrl(route, rng, pool)}${queryString(route, rng, pool)}`;
  const headers: Record<string, string> = {};
  const headerSchema = route.schema?.headers as z.ZodType | undefined;
  if (headerSchema && rng.chance(0.5)) {
    const value = validValue(
      headerSchema,
      rng,
      { length: rng.pick(['min', 'max', 'over'] as const), palette: 'ascii' },
      pool,
    );
    for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      if (typeof v === 'string') headers[k] = v;
    }
  }
  if (route.method === 'GET') return { url, headers };
  const schema = route.schema?.body as z.ZodType | undefined;
  if (!schema) {
    return rng.chance(0.5) ? { url, headers, body: {} } : { url, headers, raw: oddBody(rng, {}) };
  }
  const capped = HASHING.has(`${route.method} ${route.url}`) && acceptedSoFar >= MAX_ACCEPTED_HASHING;
  for (let attempt = 0; ; attempt++) {
    const roll = rng.next();
    const valid = validValue(schema, rng, randomSizing(rng), pool);
    let body: unknown = valid;
    if (roll >= 0.8) return { url, headers, raw: oddBody(rng, capped ? {} : valid) };
    if (roll >= 0.35 && valid && typeof valid === 'object' && !Array.isArray(valid)) {
      body = mutate(valid as Record<string, unknown>, schema, rng, pool);
    }
    if (!capped || !schema.safeParse(body).success || attempt > 20) return { url, headers, body };
  }
}
