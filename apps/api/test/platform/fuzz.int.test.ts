import { backends } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteTableEntry } from '../../src/app';
import { isRefusedValue } from '../../src/core/error-answer';
import { seedDemoData } from '../../src/seed/index';
import { createRng, type FuzzPools } from '../support/zod-fuzz';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';
import { generate, order, paramsUrl, parsedRaw } from './fuzz-requests';
import { storedBeyondLimits } from './fuzz-stored-limits';

/**
 * Every route of the running API (Fastify's own route table, so a new route is fuzzed the day it
 * is added) gets PER_ROUTE requests generated from the zod schemas it declares — valid bodies
 * stretched to their limits, bodies with broken fields, and bodies that are not objects or not
 * JSON — sent as the role that reaches its handler. None may answer 5xx, and afterwards nothing
 * in the database may exceed the column limits (address 60, city 40, …) or the contracts' limits.
 */
const SEED = 11_2025;
/**
 * Requests per route. PGlite is Postgres compiled to WebAssembly: the column limits and type
 * refusals the fuzz hunts answer alike there, so the embedded backend gets every route fuzzed with
 * fewer requests (and its own sequence), and the time goes to the production database.
 */
const PER_ROUTE = { postgres: 200, pglite: 60 } as const;
const LOTS = 1_000_000;

type Role = 'anonymous' | 'customer' | 'admin';

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
          // A refused press is held up to a second before its 429: 200 presses would wait ~17 s. A
          // made-up item id waits for a test-product reload, one a second by default: its 404
          // (about 40% of the Buy requests) would take ~1 s each. Here every one reloads at once.
          buyPresses: { burst: LOTS, perSecond: LOTS, unknownItemReloadMs: 0 },
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
    await seedDemoData({ db: t.database.db, bus: t.bus }, new Date());
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
      union all (select id from returns order by created_at desc limit 10)
      union all (select id from shipments order by created_at desc limit 10)
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

  const perRoute = PER_ROUTE[backend];
  it(`answers ${perRoute} generated requests per route without a 5xx, and stores nothing past the limits`, async () => {
    const routes = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .sort((a, b) => order(`${a.method} ${a.url}`) - order(`${b.method} ${b.url}`));
    const rng = createRng(backend === 'postgres' ? SEED : SEED + 1);
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
      for (let i = 0; i < perRoute; i++) {
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
        `${key} as ${role}: ${perRoute} requests in ${Date.now() - started} ms, ${fivexx} 5xx, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    }
    console.log(`fuzz on ${backend}: ${routes.length} routes, ${total} requests\n${summary.join('\n')}`);
    if (failures.length) console.log(failures.join('\n'));
    // A 5xx, or a value only the database refused (answered 400 by the error handler's safety net).
    expect({ routes: routes.length, failures: failures.length }).toEqual({ routes: routes.length, failures: 0 });

    expect(await storedBeyondLimits(t.database.db)).toEqual([]);
  }, 180_000);
});
