import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { openapiPath, pointer, schemaValidator } from '../openapi-support';
import { type Agent, agent, buildTestApp, seedCustomerAndAdmin, type TestApp } from '../test-app';

// Shared by the OpenAPI tests: the served document, the app with a customer and an admin, and the
// check of a real answer against what the document says that operation answers.

export interface Operation {
  'x-vault-access': 'anonymous' | 'member' | 'admin';
  tags?: string[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
export type OpenApi = { paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }> };

export const ID = '00000000-0000-4000-8000-000000000000';
/** The documents and their UI: served beside the API, not part of it. */
export const DOCS = /^\/api\/(docs|openapi\.json|asyncapi\.json)/;
export const profile = {
  fullName: 'Ada Blade',
  address: '1 Forge Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  dateOfBirth: '1990-01-01',
};

/** The app, its served document, and the two members' cookies. */
export async function openOpenApiApp() {
  const t = await buildTestApp('pglite', { listen: true });
  const seeded = await seedCustomerAndAdmin(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc: OpenApi = res.json();
  return {
    t,
    doc,
    customer: seeded.customer.cookie,
    admin: seeded.admin.cookie,
    validate: schemaValidator(doc, 'openapi'),
  };
}

interface Opened {
  t: TestApp;
  doc: OpenApi;
  validate: ReturnType<typeof schemaValidator>;
}

/** `covered` collects every documented operation a real request answered with a documented 2xx/3xx. */
export function openapiChecks(opened: () => Opened, covered: Set<string>) {
  const routes = () =>
    opened()
      .t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !DOCS.test(r.url))
      .map((r) => ({ method: r.method.toLowerCase(), path: openapiPath(r.url) }));

  /** Checks a real answer against what the document says that operation answers with that status. */
  function check(method: string, url: string, res: LightMyRequestResponse): void {
    const path = openapiPath(url);
    const op = opened().doc.paths[path]?.[method];
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
    const schema = opened().validate.getSchema(`${base}/content/application~1json/schema`);
    if (!schema) throw new Error(`${method} ${path} ${status}: no JSON schema documented for a JSON answer`);
    // The simulator's gateway answers, like Authorize.Net, with a byte order mark first.
    if (!schema(JSON.parse(res.body.replace(/^\uFEFF/, '')))) {
      throw new Error(`${method} ${path} ${status} does not match its schema: ${JSON.stringify(schema.errors)}`);
    }
  }

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
    const a = agent(opened().t.app);
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
    const match = Object.keys(opened().doc.paths).find((path) => {
      const template = path.split('/');
      return template.length === parts.length && template.every((p, i) => p.startsWith('{') || p === parts[i]);
    });
    return match ?? url;
  }

  return { routes, check, onSale, agentWith, templateOf };
}
