import { backends } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteTableEntry } from '../../src/app';
import { isRefusedValue } from '../../src/core/error-answer';
import { seedDemoData } from '../../src/seed/index';
import {
  createRng,
  type FuzzPools,
  hostileValue,
  mutate,
  oddBody,
  type RawBody,
  type Rng,
  randomSizing,
  validValue,
} from '../support/zod-fuzz';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

/**
 * Every route of the running API (Fastify's own route table, so a new route is fuzzed the day it
 * is added) gets PER_ROUTE requests generated from the zod schemas it declares — valid bodies
 * stretched to their limits, bodies with broken fields, and bodies that are not objects or not
 * JSON — sent as the role that reaches its handler. None may answer 5xx, and afterwards nothing
 * in the database may exceed the column limits (address 60, city 40, …) or the contracts' limits.
 */
const SEED = 11_2025;
const PER_ROUTE = 200;
// Each accepted body on these costs a scrypt hash (~300 ms): a few reach the handler, the rest
// are refused before it.
const HASHING = new Set(['POST /api/auth/register', 'POST /api/auth/login', 'POST /api/auth/reset-password']);
const MAX_ACCEPTED_HASHING = 4;
const LOTS = 1_000_000;

/** Routes that create what others need run first; ones that end sessions or inject faults last. */
function order(route: string): number {
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

type Role = 'anonymous' | 'customer' | 'admin';

/** What a JSON body parser would make of a raw body (undefined when it is not JSON). */
function parsedRaw(raw: RawBody): unknown {
  try {
    return JSON.parse(raw.payload.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/** Percent-encodes the UTF-8 bytes (encodeURIComponent throws on a lone surrogate). */
const percent = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

describe.each(backends)('fuzzing every route on %s', (backend) => {
  let t: TestApp;
  const cookies: Record<Role, string | undefined> = { anonymous: undefined, customer: undefined, admin: undefined };
  /** What went wrong inside each failed request, by request id: the root cause next to the request. */
  const errors = new Map<string, { text: string; refusedValue: boolean }>();

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      listen: true,
      // Every request comes from its own address, but per-account and per-member limits would
      // still answer 429 before the handlers this test is about.
      config: {
        limits: {
          login: { failuresPerIp: LOTS, failuresPerAccountIp: LOTS },
          register: { perIp: LOTS },
          forgotPassword: { perIp: LOTS, perEmail: LOTS },
          resetPassword: { perIp: LOTS },
          cards: { perMember: LOTS, perIp: LOTS, declinesBeforeLock: LOTS },
        },
      },
      prepare: (app) =>
        app.addHook('onError', async (request, _reply, error) => {
          errors.set(request.id, {
            text: `${error.name}: ${error.message}`.slice(0, 200),
            refusedValue: isRefusedValue(error),
          });
        }),
    });
    await seedDemoData({ db: t.database.db }, new Date());
    const { customer, admin } = await seedCustomerAndAdmin(t);
    cookies.customer = customer.cookie;
    cookies.admin = admin.cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pools(): Promise<FuzzPools> {
    const rows = await sql<{ id: string }>`
      (select id from shows limit 20)
      union all (select id from show_items order by status = 'available' desc, created_at desc limit 40)
      union all (select id from purchases order by created_at desc limit 20)
      union all (select id from payment_methods limit 5)`.execute(t.database.db);
    return { uuids: rows.rows.map((r) => r.id) };
  }

  let ip = 0;
  const inject = (role: Role, options: InjectOptions) => {
    ip += 1;
    const cookie = cookies[role];
    return t.app.inject({
      ...options,
      // A new address per request, so per-IP limits do not stop the fuzz before the handler.
      remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...options.headers },
    });
  };

  /** The least-privileged role that gets past the route's guard. */
  async function roleFor(route: RouteTableEntry, url: string): Promise<Role> {
    const probe = (role: Role) =>
      inject(role, { method: route.method as 'GET', url, ...(route.method === 'GET' ? {} : { payload: {} }) });
    if ((await probe('anonymous')).statusCode !== 401) return 'anonymous';
    return (await probe('customer')).statusCode === 403 ? 'admin' : 'customer';
  }

  function paramsUrl(route: RouteTableEntry, rng: Rng, pool: FuzzPools): string {
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

  function generate(route: RouteTableEntry, rng: Rng, pool: FuzzPools, acceptedSoFar: number): Generated {
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

  it(`answers ${PER_ROUTE} generated requests per route without a 5xx, and stores nothing past the limits`, async () => {
    const routes = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .sort((a, b) => order(`${a.method} ${a.url}`) - order(`${b.method} ${b.url}`));
    const rng = createRng(SEED);
    const failures: string[] = [];
    const summary: string[] = [];
    let total = 0;
    for (const route of routes) {
      const started = Date.now();
      const key = `${route.method} ${route.url}`;
      const pool = await pools();
      const role = await roleFor(route, paramsUrl(route, createRng(1), pool));
      let accepted = 0;
      let fivexx = 0;
      const statuses = new Map<number, number>();
      for (let i = 0; i < PER_ROUTE; i++) {
        const request = generate(route, rng, i % 25 === 0 ? await pools() : pool, accepted);
        const bodySchema = route.schema?.body as z.ZodType | undefined;
        if (bodySchema?.safeParse(request.raw ? parsedRaw(request.raw) : request.body).success) accepted++;
        const payload = request.raw
          ? request.raw.payload
          : request.body === undefined
            ? undefined
            : JSON.stringify(request.body);
        const contentType = request.raw?.contentType ?? 'application/json';
        const res = await inject(role, {
          method: route.method as 'GET',
          url: request.url,
          headers: { ...request.headers, ...(payload === undefined ? {} : { 'content-type': contentType }) },
          ...(payload === undefined ? {} : { payload }),
        });
        total++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const error = errors.get(String(res.headers['x-request-id']));
        if (res.statusCode >= 500 || error?.refusedValue) {
          fivexx += res.statusCode >= 500 ? 1 : 0;
          failures.push(
            `${key} as ${role} → ${res.statusCode} ${error?.text ?? res.body.slice(0, 120)}\n    url=${request.url.slice(0, 200)} ` +
              `${request.raw ? `raw(${request.raw.contentType ?? 'json'})=` : 'body='}${JSON.stringify(payload ?? null).slice(0, 400)}`,
          );
        }
      }
      summary.push(
        `${key} as ${role}: ${PER_ROUTE} requests in ${Date.now() - started} ms, ${fivexx} 5xx, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    }
    console.log(`fuzz on ${backend}: ${routes.length} routes, ${total} requests\n${summary.join('\n')}`);
    if (failures.length) console.log(failures.join('\n'));
    // A 5xx, or a value only the database refused (answered 400 by the error handler's safety net).
    expect({ routes: routes.length, failures: failures.length }).toEqual({ routes: routes.length, failures: 0 });

    expect(await storedBeyondLimits()).toEqual([]);
  }, 180_000);

  /** Rows the fuzz left behind that break a column limit or a limit of the contracts. */
  async function storedBeyondLimits(): Promise<string[]> {
    // C0 controls other than tab and newlines, and DEL; single-line fields allow none at all.
    const control = `'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]'`;
    const lineControl = `'[\\x01-\\x1f\\x7f]'`;
    const longer = (column: string, max: number) => `char_length(${column}) > ${max}`;
    const checks: Array<[string, string]> = [
      [
        'users',
        [
          longer('email', 254),
          'email <> lower(btrim(email))',
          longer('first_name', 100),
          longer('last_name', 100),
          longer('full_name', 200),
          longer('address', 60),
          longer('city', 40),
          longer('state', 40),
          longer('zip', 20),
          longer('country', 60),
          longer('phone_number', 25),
          ...[
            'email',
            'first_name',
            'last_name',
            'full_name',
            'address',
            'city',
            'state',
            'zip',
            'country',
            'phone_number',
          ].map((c) => `${c} ~ ${lineControl}`),
        ].join(' or '),
      ],
      [
        'shows',
        [longer('title', 200), longer('description', 2000), `title ~ ${lineControl}`, `description ~ ${control}`].join(
          ' or ',
        ),
      ],
      [
        'show_items',
        [
          longer('title', 200),
          longer('description', 5000),
          ...['category', 'blade_type', 'steel_type'].map((c) => longer(c, 100)),
          ...['blade', 'handles_spec', 'hardware_spec', 'clip_spec', 'breaker_spec'].map((c) => longer(c, 2000)),
          longer('main_video_url', 2048),
          'cardinality(image_urls) > 20',
          'exists (select 1 from unnest(image_urls) u where char_length(u) > 2048)',
          'price <= 0',
          `title ~ ${lineControl}`,
          `description ~ ${control}`,
        ].join(' or '),
      ],
      ['purchases', 'amount <= 0'],
    ];
    const found: string[] = [];
    for (const [table, where] of checks) {
      const rows = await sql<{
        row: unknown;
      }>`select row_to_json(t)::text as row from ${sql.table(table)} t where ${sql.raw(where)}`.execute(t.database.db);
      for (const r of rows.rows) found.push(`${table}: ${String(r.row).slice(0, 300)}`);
    }
    return found;
  }
});
