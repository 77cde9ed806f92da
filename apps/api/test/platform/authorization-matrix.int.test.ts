import { ErrorBody } from '@vault/contracts';
import { seedOnboardedMembers } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../test-app';

/**
 * Who may call what, for EVERY route of the running API: the list comes from Fastify's own route
 * table, so a route added without an entry here fails this test instead of escaping it.
 *  - public: anyone (the payment simulator stands in for an outside gateway and checks merchant
 *    credentials itself; the SPA serves any other GET)
 *  - member: 401 for visitors, allowed for any signed-in member
 *  - admin: 401 for visitors, 403 for customers, allowed for admins
 */
const access: Record<string, 'public' | 'member' | 'admin'> = {
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'POST /api/auth/register': 'public',
  'GET /api/auth/verify': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/user': 'member',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'GET /api/login': 'public',
  'GET /api/login/callback': 'public',
  'GET /api/logout': 'public',
  // The API reference (platform/openapi/plugin.ts): public, like the routes it describes are discoverable.
  'GET /api/openapi.json': 'public',
  'GET /api/asyncapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /sandbox/authnet/v1/Accept.js': 'public',
  'POST /sandbox/authnet/xml/v1/request.api': 'public',
  'POST /sandbox/authnet/faults': 'admin',
  'DELETE /sandbox/authnet/faults': 'admin',
  'POST /sandbox/authnet/settlement': 'admin',
  'POST /api/onboarding/complete': 'member',
  'GET /api/payment/config': 'member',
  'POST /api/payment/preauth': 'member',
  'GET /api/payment-methods': 'member',
  'POST /api/payment-methods': 'member',
  'DELETE /api/payment-methods/:id': 'member',
  'GET /api/profile': 'member',
  'PUT /api/profile': 'member',
  'GET /api/orders': 'member',
  'GET /api/purchases': 'member',
  'POST /api/purchases/:purchaseId/capture': 'admin',
  'POST /api/purchases/:purchaseId/void': 'admin',
  'POST /api/purchases/:purchaseId/relist': 'admin',
  'POST /api/returns': 'member',
  'GET /api/admin/returns': 'admin',
  'POST /api/admin/returns/:id/approve': 'admin',
  'POST /api/admin/returns/:id/decline': 'admin',
  'POST /api/admin/returns/:id/receive': 'admin',
  'POST /api/admin/purchases/:purchaseId/refund': 'admin',
  'GET /api/admin/shipments': 'admin',
  'GET /api/admin/shipments/:id': 'admin',
  'POST /api/admin/shipments/:id/ship': 'admin',
  'POST /api/admin/shipments/:id/deliver': 'admin',
  'POST /api/admin/shipments/:id/split': 'admin',
  'POST /api/admin/shipments/:id/merge': 'admin',
  'GET /api/fulfillment/settings': 'member',
  'GET /api/show/state': 'member',
  'GET /api/show/eligibility': 'member',
  'GET /api/show/watchers': 'admin',
  'POST /api/show/start': 'admin',
  'POST /api/show/pause': 'admin',
  'POST /api/show/reset': 'admin',
  'POST /api/show/buy': 'member',
  'GET /api/test-products': 'member',
  'GET /api/admin/test-products': 'admin',
  'POST /api/admin/test-products': 'admin',
  'PATCH /api/admin/test-products/:productId': 'admin',
  'DELETE /api/admin/test-products/:productId': 'admin',
  'GET /api/shows': 'admin',
  'POST /api/shows': 'admin',
  'PATCH /api/shows/:showId/schedule': 'admin',
  'PATCH /api/shows/:showId': 'admin',
  'GET /api/shows/:showId/purchases': 'admin',
  'GET /api/shows/:showId/report': 'admin',
  'GET /api/shows/:showId/report.csv': 'admin',
  'GET /api/show-items': 'admin',
  'GET /api/admin/audit': 'admin',
  'POST /api/show-items': 'admin',
  'PATCH /api/show-items/:id': 'admin',
  'GET /api/eligibility/settings': 'member',
  'GET /api/attestation-kinds': 'member',
  'GET /api/attestations': 'member',
  'POST /api/attestations': 'member',
  'GET /api/admin/eligibility-rules': 'admin',
  'POST /api/admin/eligibility-rules': 'admin',
  'PATCH /api/admin/eligibility-rules/:id': 'admin',
  'DELETE /api/admin/eligibility-rules/:id': 'admin',
  'GET /api/admin/attestation-kinds': 'admin',
  'POST /api/admin/attestation-kinds': 'admin',
  'PATCH /api/admin/attestation-kinds/:code': 'admin',
  'POST /api/admin/attestations/:id/revoke': 'admin',
  'GET /api/admin/members': 'admin',
  'GET /api/admin/members/:id/eligibility': 'admin',
  'PUT /api/admin/members/:id/date-of-birth': 'admin',
  'POST /api/admin/members/:id/buying-suspension': 'admin',
  'DELETE /api/admin/members/:id/buying-suspension': 'admin',
  'GET /api/admin/legal-classes': 'admin',
  'PUT /api/admin/legal-classes/:legalClass': 'admin',
  'GET /api/hearts': 'member',
  'PUT /api/hearts/:showItemId': 'member',
  'DELETE /api/hearts/:showItemId': 'member',
  'GET /api/reminders/:showId': 'member',
  'PUT /api/reminders/:showId': 'member',
  'DELETE /api/reminders/:showId': 'member',
  'GET /api/reminders/:showId/calendar.ics': 'member',
  // Web Push: the public key is for any page; subscriptions and switches are the member's own.
  'GET /api/push/public-key': 'public',
  'POST /api/push/subscriptions': 'member',
  'DELETE /api/push/subscriptions': 'member',
  'GET /api/push/preferences': 'member',
  'PUT /api/push/preferences': 'member',
  // A draw's public record: anyone may check a draw, signed in or not (draws/routes.ts).
  'GET /api/draws/:showItemId': 'public',
  // Authenticated by the emailed link's unguessable token, not by a session (RFC 8058 one click).
  'POST /api/reminders/unsubscribe': 'public',
  'POST /api/uploads': 'admin',
  // Uploaded show item images: public like /media, since every member's page shows them.
  'GET /api/images/:id/:variant': 'public',
  'GET /media/*': 'public',
  'GET /assets/*': 'public',
  'GET /*': 'public',
};

const SECRET = 'test-session-secret-at-least-32-characters';
const ID = '00000000-0000-4000-8000-000000000000';

describe('the authorisation matrix over every route', () => {
  let t: TestApp;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const [c, a] = await seedOnboardedMembers(t.database.db, { count: 2, sessionSecret: SECRET });
    if (!c || !a) throw new Error('setup');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', a.userId).execute();
    customer = c.cookie;
    admin = a.cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = () =>
    t.app.routeTable
      // HEAD mirrors GET; OPTIONS is not ours.
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);

  it('has an expected answer for every route the API registers, and no stale entries', () => {
    const registered = routes();
    expect(registered.filter((r) => !(r in access))).toEqual([]);
    // Routes that only exist with configuration (OAuth providers, the built web app) may be absent.
    const optional = /callback|\/media|\/assets|GET \/\*/;
    expect(Object.keys(access).filter((r) => !registered.includes(r) && !optional.test(r))).toEqual([]);
  });

  it('refuses visitors on member routes, customers on admin routes, and lets admins through', async () => {
    const call = (route: string, cookie?: string) => {
      const [method, url] = route.split(' ') as [string, string];
      return t.app.inject({
        method: method as 'GET',
        url: url.replace(/:[a-zA-Z]+/g, ID).replace('*', 'x'),
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
    };
    const failures: string[] = [];
    // Logging out ends the sessions the other calls use: those go last.
    const ordered = [...routes()].sort((a, b) => Number(/logout/.test(a)) - Number(/logout/.test(b)));
    for (const route of ordered) {
      const rule = access[route];
      const [anonymous, asCustomer, asAdmin] = [
        await call(route),
        await call(route, customer),
        await call(route, admin),
      ];
      const denied = (status: number) => status === 401 || status === 403;
      const ok =
        rule === 'public'
          ? !denied(anonymous.statusCode) || route.includes('login') || route.includes('verify')
          : rule === 'member'
            ? anonymous.statusCode === 401 && !denied(asCustomer.statusCode) && !denied(asAdmin.statusCode)
            : anonymous.statusCode === 401 && asCustomer.statusCode === 403 && !denied(asAdmin.statusCode);
      if (!ok)
        failures.push(`${route} (${rule}): ${anonymous.statusCode} / ${asCustomer.statusCode} / ${asAdmin.statusCode}`);
      for (const res of [anonymous, asCustomer, asAdmin]) {
        if (res.statusCode >= 500) failures.push(`${route}: ${res.statusCode} ${res.body}`);
        // Every refusal of ours is `{ message, code }`, and the code names the refusal: 401 is
        // always not_signed_in, 403 here always admin_only. The simulator's routes stand in for
        // an outside gateway (its own answer shapes), and redirects or HTML pages are not bodies.
        const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
        if (res.statusCode < 400 || !json || route.includes(' /sandbox/')) continue;
        const body = ErrorBody.safeParse(res.json());
        const expected = { 401: 'not_signed_in', 403: 'admin_only' }[res.statusCode as 401 | 403];
        if (!body.success || (expected && body.data.code !== expected))
          failures.push(`${route}: ${res.statusCode} ${res.body} is not an error body with code ${expected ?? '…'}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
