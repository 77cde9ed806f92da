import { Validator } from '@seriousme/openapi-schema-validator';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiPath, pointer, schemaValidator } from '../openapi-support';
import {
  type Agent,
  agent,
  buildTestApp,
  mailedToken,
  ORIGIN,
  seedCustomerAndAdmin,
  type TestApp,
  tokenizeCard,
} from '../test-app';

interface Operation {
  'x-vault-access': 'anonymous' | 'member' | 'admin';
  tags?: string[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }> };

const ID = '00000000-0000-4000-8000-000000000000';
/** The documents and their UI: served beside the API, not part of it. */
const DOCS = /^\/api\/(docs|openapi\.json|asyncapi\.json)/;
const profile = { fullName: 'Ada Blade', address: '1 Forge Street', city: 'Austin', state: 'TX', zip: '78701' };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  let customer: string;
  let admin: string;
  let validate: ReturnType<typeof schemaValidator>;
  /** Every documented operation a real request answered with a documented 2xx/3xx, checked. */
  const covered = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp('pglite', { listen: true });
    const seeded = await seedCustomerAndAdmin(t);
    customer = seeded.customer.cookie;
    admin = seeded.admin.cookie;
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    validate = schemaValidator(doc, 'openapi');
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = () =>
    t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !DOCS.test(r.url))
      .map((r) => ({ method: r.method.toLowerCase(), path: openapiPath(r.url) }));

  it('validates as OpenAPI 3.1', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('has every route the API registers, with its method, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    const registered = routes().map((r) => `${r.method} ${r.path}`);
    expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !registered.includes(r))).toEqual([]);
    expect(registered.length).toBeGreaterThan(35);
    // Grouped for a reader: the member's show first, the payment simulator (a stand-in for the gateway) last.
    const tags = doc.tags.map((t) => t.name);
    expect(tags[0]).toBe('show');
    expect(tags.at(-1)).toBe('payment simulator');
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
    expect(new Set(tags)).toEqual(used);
  });

  it('describes a success answer for every operation (no placeholder "Default Response")', () => {
    const placeholders = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !Object.keys(op.responses).some((s) => /^[23]/.test(s)))
        .map(([m]) => `${m} ${path}`),
    );
    expect(placeholders).toEqual([]);
    expect(JSON.stringify(doc).includes('Default Response')).toBe(false);
  });

  it("documents a route's own refusals by status, each with the shared ErrorBody answer", () => {
    const refusals = (method: string, path: string) =>
      Object.fromEntries(
        Object.entries(doc.paths[path]?.[method]?.responses ?? {})
          .filter(([status]) => /^[45]/.test(status))
          .map(([status, response]) => [status, response.$ref]),
      );
    // A member's Buy: declined or failed payment, sold, a reused key — besides the common ones.
    expect(refusals('post', '/api/show/buy')).toMatchObject({
      402: '#/components/responses/Error402',
      409: '#/components/responses/Error409',
      422: '#/components/responses/Error422',
    });
    expect(refusals('post', '/api/payment-methods')).toMatchObject({
      402: '#/components/responses/Error402',
      502: '#/components/responses/Error502',
    });
    // Every referenced answer exists and carries ErrorBody.
    const components = (doc as unknown as { components: { responses: Record<string, unknown> } }).components.responses;
    const referenced = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).flatMap((op) =>
        Object.values(op.responses).flatMap((r) => (r.$ref ? [r.$ref.split('/').pop() ?? ''] : [])),
      ),
    );
    for (const name of new Set(referenced)) {
      expect(JSON.stringify(components[name]), name).toContain('#/components/schemas/ErrorBody');
    }
  });

  /** Checks a real answer against what the document says that operation answers with that status. */
  function check(method: string, url: string, res: LightMyRequestResponse): void {
    const path = openapiPath(url);
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method} ${path} is not documented`);
    const status = String(res.statusCode);
    const documented = op.responses[status] ?? op.responses.default;
    if (!documented) throw new Error(`${method} ${path} answered ${status}, which is not documented: ${res.body}`);
    if (/^[23]/.test(status)) covered.add(`${method} ${path}`);
    const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
    if (type !== 'application/json') return;
    const base = documented.$ref
      ? `openapi#${documented.$ref.slice(1)}`
      : `openapi#/paths/${pointer(path)}/${method}/responses/${status}`;
    const schema = validate.getSchema(`${base}/content/application~1json/schema`);
    if (!schema) throw new Error(`${method} ${path} ${status}: no JSON schema documented for a JSON answer`);
    // The simulator's gateway answers, like Authorize.Net, with a byte order mark first.
    if (!schema(JSON.parse(res.body.replace(/^\uFEFF/, '')))) {
      throw new Error(`${method} ${path} ${status} does not match its schema: ${JSON.stringify(schema.errors)}`);
    }
  }

  it('answers every documented operation, as the right user, with a body its schema accepts', async () => {
    const asAdmin = agentWith(admin);
    const visitor = agent(t.app);
    const run = async (a: Agent, method: string, url: string, payload?: unknown, headers?: Record<string, string>) => {
      const res = await a.request({
        method: method.toUpperCase() as 'GET',
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      const route = url.split('?')[0] ?? url;
      check(method, templateOf(route), res);
      return res;
    };

    // Anyone
    await run(visitor, 'get', '/api/health');
    await run(visitor, 'get', '/api/health/ready');
    await run(visitor, 'get', '/api/auth/google');
    await run(visitor, 'get', '/api/login');
    const email = 'contract@example.com';
    const registration = { firstName: 'Ada', lastName: 'Blade', email, password: 'password-123' };
    expect((await run(visitor, 'post', '/api/auth/register', registration)).statusCode).toBe(201);
    const verifyToken = await mailedToken(t.outbox, email, /token=([\w-]+)/);
    const verify = await run(visitor, 'get', `/api/auth/verify?token=${verifyToken}`);
    expect(verify.headers.location).toBe('/login?notice=verified');
    await run(visitor, 'post', '/api/auth/forgot-password', { email });
    const reset = await mailedToken(t.outbox, email, /reset-password\?token=([\w-]+)/, 2);
    await run(visitor, 'post', '/api/auth/reset-password', { token: reset, password: 'password-456' });
    const member = agent(t.app);
    expect((await run(member, 'post', '/api/auth/login', { email, password: 'password-456' })).statusCode).toBe(200);
    await run(member, 'get', '/api/auth/user');
    await run(member, 'post', '/api/onboarding/complete', profile);
    await run(member, 'get', '/api/payment/config');
    const accept = await run(visitor, 'get', '/sandbox/authnet/v1/Accept.js');
    expect(accept.headers['content-type']).toContain('javascript');
    const { apiLoginId, clientKey } = t.app.config.payments;
    const token = await run(visitor, 'post', '/sandbox/authnet/xml/v1/request.api', {
      securePaymentContainerRequest: {
        merchantAuthentication: { name: apiLoginId, clientKey },
        data: {
          type: 'TOKEN',
          id: 'x',
          token: { cardNumber: '4111111111111111', expirationDate: '122030', cardCode: '123' },
        },
      },
    });
    const opaque = JSON.parse(token.body.replace(/^\uFEFF/, '')).opaqueData;
    await run(member, 'post', '/api/payment/preauth', opaque);
    const second = await run(
      member,
      'post',
      '/api/payment-methods',
      (await tokenizeCard(t.app, '5424000000000015')).opaqueData,
    );
    await run(member, 'get', '/api/payment-methods');
    await run(member, 'delete', `/api/payment-methods/${second.json().id}`);
    await run(member, 'get', '/api/profile');
    await run(member, 'put', '/api/profile', { firstName: 'Ada', lastName: 'Blade', ...profile });
    await run(member, 'get', '/api/test-products');

    // Admin: a show with two items, started; the member buys both; one purchase captured, one voided.
    const show = await run(asAdmin, 'post', '/api/shows', {
      title: 'Contract Show',
      perKnifeSeconds: 60,
      prerollSeconds: 0,
      intermissionSeconds: 0,
    });
    const showId = show.json().id as string;
    await run(asAdmin, 'patch', `/api/shows/${showId}`, { description: 'Two knives' });
    for (const title of ['One', 'Two']) {
      await run(asAdmin, 'post', '/api/show-items', { showId, title, price: '12.50', imageUrls: ['/media/a.jpg'] });
    }
    await run(asAdmin, 'get', '/api/show-items');
    await run(asAdmin, 'get', '/api/shows');
    await run(asAdmin, 'post', '/api/show/start', { showId });
    await run(asAdmin, 'get', '/api/show/watchers');
    const bought: string[] = [];
    for (let i = 0; i < 2; i++) {
      const state = await onSale(member, run).catch((e: Error) => {
        throw new Error(`item ${i}: ${e.message}`);
      });
      const buy = await run(
        member,
        'post',
        '/api/show/buy',
        { showItemId: state.currentItem.id },
        { 'idempotency-key': `contract-${i}-key` },
      );
      expect(buy.statusCode).toBe(200);
      bought.push(buy.json().purchase.id);
      // A sold item moves the show on (no intermission here): wait for the next one.
      for (let wait = 0; i === 0 && wait < 100; wait++) {
        const next = (await run(member, 'get', '/api/show/state')).json();
        if (next.currentItem && next.currentItem.id !== state.currentItem.id) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    await run(member, 'get', '/api/orders');
    await run(member, 'get', '/api/purchases');
    await run(asAdmin, 'get', `/api/shows/${showId}/purchases`);
    await run(asAdmin, 'post', `/api/purchases/${bought[0]}/capture`, {});
    await run(asAdmin, 'post', `/api/purchases/${bought[1] ?? bought[0]}/void`, {});
    await run(asAdmin, 'post', '/api/show/pause', {});
    await run(asAdmin, 'post', '/api/show/reset', { showId });
    await run(asAdmin, 'patch', `/api/shows/${showId}/schedule`, {
      launchTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // The member's side of a scheduled show: hearts, a reminder, its calendar file, the emailed unsubscribe.
    const shows = (await run(asAdmin, 'get', '/api/shows')).json() as Array<{
      id: string;
      lineup: Array<{ id: string }>;
    }>;
    const itemId = shows.find((s) => s.id === showId)?.lineup[0]?.id ?? '';
    await run(member, 'put', `/api/hearts/${itemId}`);
    await run(member, 'get', `/api/hearts?showId=${showId}`);
    await run(member, 'delete', `/api/hearts/${itemId}`);
    await run(member, 'put', `/api/reminders/${showId}`);
    await run(member, 'get', `/api/reminders/${showId}`);
    const calendar = await run(member, 'get', `/api/reminders/${showId}/calendar.ics`);
    expect(calendar.headers['content-type']).toContain('text/calendar');
    const { unsubscribeToken } = await t.database.db
      .selectFrom('showReminders')
      .select('unsubscribeToken')
      .where('showId', '=', showId)
      .executeTakeFirstOrThrow();
    await run(visitor, 'post', `/api/reminders/unsubscribe?token=${unsubscribeToken}`, {});
    await run(member, 'delete', `/api/reminders/${showId}`);
    // The audit log: every admin action above, newest first.
    await run(asAdmin, 'get', '/api/admin/audit?limit=5');
    // Housekeeping: the voided purchase's item relisted into the (reset) show; a test product managed.
    await run(asAdmin, 'post', `/api/purchases/${bought[1] ?? bought[0]}/relist`, { target: 'show', showId });
    const product = (await run(asAdmin, 'post', '/api/admin/test-products', { title: 'Contract Trainer' })).json();
    await run(asAdmin, 'patch', `/api/admin/test-products/${product.id}`, { price: '2.00' });
    await run(asAdmin, 'get', '/api/admin/test-products');
    await run(asAdmin, 'delete', `/api/admin/test-products/${product.id}`);
    // Image upload: a PNG (1 × 1) as multipart/form-data, then both variants, one revalidated to a 304.
    const onePixel = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploadForm = Buffer.concat([
      Buffer.from('--contract\r\nContent-Disposition: form-data; name="files"; filename="pixel.png"\r\n'),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      onePixel,
      Buffer.from('\r\n--contract--\r\n'),
    ]);
    const uploaded = await run(asAdmin, 'post', '/api/uploads', uploadForm, {
      'content-type': 'multipart/form-data; boundary=contract',
    });
    expect(uploaded.statusCode).toBe(201);
    const [pixel] = uploaded.json().images as Array<{ id: string; url: string; thumbnailUrl: string }>;
    expect((await run(visitor, 'get', pixel?.url ?? '')).headers['content-type']).toBe('image/webp');
    const revalidated = await run(visitor, 'get', pixel?.thumbnailUrl ?? '', undefined, {
      'if-none-match': `"${pixel?.id}"`,
    });
    expect(revalidated.statusCode).toBe(304);
    // The admin's show report and its CSV export.
    await run(asAdmin, 'get', `/api/shows/${showId}/report`);
    const reportCsv = await run(asAdmin, 'get', `/api/shows/${showId}/report.csv`);
    expect(reportCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    await run(asAdmin, 'post', '/sandbox/authnet/faults', { kind: 'error', times: 1 });
    await run(asAdmin, 'delete', '/sandbox/authnet/faults');
    await run(member, 'get', '/api/logout');
    await run(member, 'post', '/api/auth/logout', {});

    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    // Every documented operation was answered and checked above (the OAuth callbacks exist only when configured).
    expect(documented.filter((op) => !covered.has(op))).toEqual([]);
  });

  // After the contract test: its refusals as admin (a pause, a reset of nothing) stop no show there.
  it('documents who may call each route as the server enforces it, with ErrorBody refusals', async () => {
    const failures: string[] = [];
    const ordered = routes().sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));
    for (const { method, path } of ordered) {
      const access = doc.paths[path]?.[method]?.['x-vault-access'];
      const call = async (cookie?: string) => {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[a-zA-Z]+\}/g, ID),
          headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        if (res.statusCode === 401 || res.statusCode === 403) check(method, path, res);
        return res.statusCode;
      };
      const [anonymous, asCustomer, asAdmin] = [await call(), await call(customer), await call(admin)];
      const expected =
        access === 'admin'
          ? anonymous === 401 && asCustomer === 403 && asAdmin !== 401 && asAdmin !== 403
          : access === 'member'
            ? anonymous === 401 && ![401, 403].includes(asCustomer) && ![401, 403].includes(asAdmin)
            : anonymous !== 401 && anonymous !== 403;
      if (!expected) failures.push(`${method} ${path} documented ${access}: ${anonymous}/${asCustomer}/${asAdmin}`);
    }
    expect(failures).toEqual([]);
  });

  /** The show state once an item is on screen (the clock starts the show a moment after the command). */
  async function onSale(a: Agent, run: (a: Agent, method: string, url: string) => Promise<LightMyRequestResponse>) {
    for (let wait = 0; wait < 100; wait++) {
      const state = (await run(a, 'get', '/api/show/state')).json();
      if (state.currentItem?.status === 'showing') return state;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no item came on sale: ${(await run(a, 'get', '/api/show/state')).body}`);
  }

  function agentWith(cookie: string): Agent {
    const a = agent(t.app);
    const request: Agent['request'] = (options) => a.request({ ...options, headers: { cookie, ...options.headers } });
    return {
      ...a,
      request,
      get: (url) => request({ method: 'GET', url }),
      post: (url, payload = {}) => request({ method: 'POST', url, payload: payload as object }),
    };
  }

  /** The documented path a concrete URL belongs to. */
  function templateOf(url: string): string {
    const parts = url.split('/');
    const match = Object.keys(doc.paths).find((path) => {
      const template = path.split('/');
      return template.length === parts.length && template.every((p, i) => p.startsWith('{') || p === parts[i]);
    });
    return match ?? url;
  }
});
