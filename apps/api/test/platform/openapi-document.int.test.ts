import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { schemaValidator } from '../openapi-support';
import { ORIGIN, type TestApp } from '../test-app';

import { ID, type OpenApi, openapiChecks, openOpenApiApp } from './openapi-contract-support';

// The document itself: valid OpenAPI 3.1, every route and nothing else, success answers and refusals
// documented, and who may call each route as the server enforces it.

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  let customer: string;
  let admin: string;
  let validate: ReturnType<typeof schemaValidator>;
  /** Every documented operation a real request answered with a documented 2xx/3xx, checked. */
  const covered = new Set<string>();
  const { routes, check } = openapiChecks(() => ({ t, doc, validate }), covered);

  beforeAll(async () => {
    ({ t, doc, customer, admin, validate } = await openOpenApiApp());
  });
  afterAll(async () => {
    await t?.close();
  });

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
});
