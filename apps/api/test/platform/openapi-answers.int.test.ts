import { DEFAULT_KNIFE_FACTS } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { schemaValidator } from '../openapi-support';
import { type Agent, agent, mailedToken, type TestApp, tokenizeCard } from '../test-app';
import { type OpenApi, openapiChecks, openOpenApiApp, profile } from './openapi-contract-support';

// The contract test: every documented operation called for real, as the right user, its answer
// checked against the document.

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  let admin: string;
  let validate: ReturnType<typeof schemaValidator>;
  /** Every documented operation a real request answered with a documented 2xx/3xx, checked. */
  const covered = new Set<string>();
  const { check, onSale, agentWith, templateOf } = openapiChecks(() => ({ t, doc, validate }), covered);

  beforeAll(async () => {
    ({ t, doc, admin, validate } = await openOpenApiApp());
  });
  afterAll(async () => {
    await t?.close();
  });

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
    const itemIds: string[] = [];
    for (const title of ['One', 'Two']) {
      const item = { showId, title, price: '12.50', imageUrls: ['/media/a.jpg'], ...DEFAULT_KNIFE_FACTS };
      itemIds.push((await run(asAdmin, 'post', '/api/show-items', item)).json().id);
    }
    await run(asAdmin, 'patch', `/api/show-items/${itemIds[0]}`, { description: 'Edited', bladeLength: '3.75' });
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
    // Paused at once: the show would end 5 s after its last sale, and pause is refused then.
    await run(asAdmin, 'post', '/api/show/pause', {});
    await run(member, 'get', '/api/show/eligibility');
    await run(member, 'get', '/api/orders');
    await run(member, 'get', '/api/purchases');
    await run(asAdmin, 'get', `/api/shows/${showId}/purchases`);
    // The Fulfillment area: both purchases in one package, one split off and merged back.
    const [pack] = (await run(asAdmin, 'get', '/api/admin/shipments?status=processing')).json() as Array<{
      id: string;
    }>;
    const packPath = `/api/admin/shipments/${pack?.id}`;
    await run(asAdmin, 'get', packPath);
    const splitOff = await run(asAdmin, 'post', `${packPath}/split`, { purchaseIds: [bought[1]] });
    await run(asAdmin, 'post', `${packPath}/merge`, { shipmentId: splitOff.json().id });
    await run(asAdmin, 'post', `/api/purchases/${bought[0]}/capture`, {});
    await run(asAdmin, 'post', `/api/purchases/${bought[1] ?? bought[0]}/void`, {});
    // The voided one left the package; Mark shipped (its one purchase captured already), then delivered.
    await run(asAdmin, 'post', `${packPath}/ship`, {
      carrier: 'ups',
      service: 'UPS Ground',
      trackingNumber: '1Z999AA10123456784',
    });
    await run(asAdmin, 'post', `${packPath}/deliver`, {});
    await run(asAdmin, 'get', '/api/admin/shipments?status=delivered');
    await run(member, 'get', '/api/fulfillment/settings');
    // The delivered purchase: a return asked for, declined, asked again, approved and received;
    // its capture (not settled yet) given back in full.
    const returnBody = { purchaseId: bought[0], reason: 'Not as described' };
    const declinedReturn = (await run(member, 'post', '/api/returns', returnBody)).json().id as string;
    await run(asAdmin, 'post', `/api/admin/returns/${declinedReturn}/decline`, { message: 'Used' });
    const returnId = (await run(member, 'post', '/api/returns', returnBody)).json().id as string;
    await run(asAdmin, 'post', `/api/admin/returns/${returnId}/approve`, { instructions: 'Ship it back' });
    await run(asAdmin, 'post', `/api/admin/returns/${returnId}/receive`, {});
    await run(asAdmin, 'get', '/api/admin/returns?status=received');
    await run(asAdmin, 'post', `/api/admin/purchases/${bought[0]}/refund`, { amount: '12.50', reason: 'Returned' });
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
    // Web Push: the key for any page, then a browser of the member's and their switches.
    await run(visitor, 'get', '/api/push/public-key');
    const browser = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/contract-test',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    };
    await run(member, 'post', '/api/push/subscriptions', { ...browser, kinds: ['won'] });
    await run(member, 'put', '/api/push/preferences', { kinds: ['won', 'shipped'] });
    await run(member, 'get', '/api/push/preferences');
    await run(member, 'delete', '/api/push/subscriptions', { endpoint: browser.endpoint });
    // The audit log: every admin action above, newest first.
    await run(asAdmin, 'get', '/api/admin/audit?limit=5');
    // Housekeeping: the voided purchase's item relisted into the (reset) show; a test product managed.
    await run(asAdmin, 'post', `/api/purchases/${bought[1] ?? bought[0]}/relist`, { target: 'show', showId });
    const trainer = { title: 'Contract Trainer', legalClass: 'gear', bladeLength: '0' };
    const product = (await run(asAdmin, 'post', '/api/admin/test-products', trainer)).json();
    await run(asAdmin, 'patch', `/api/admin/test-products/${product.id}`, { price: '2.00', legalClass: 'fixed_blade' });
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
    await run(asAdmin, 'post', '/sandbox/authnet/settlement');
    // Eligibility: attestation kinds and a member's attestation, a rule's life, an admin's member lookup and
    // date-of-birth correction, carriers per legal class.
    await run(member, 'get', '/api/eligibility/settings');
    await run(asAdmin, 'post', '/api/admin/attestation-kinds', { code: 'contract_dealer', label: 'Licensed dealer' });
    await run(asAdmin, 'patch', '/api/admin/attestation-kinds/contract_dealer', { description: 'Holds a licence' });
    await run(asAdmin, 'get', '/api/admin/attestation-kinds');
    await run(member, 'get', '/api/attestation-kinds');
    const attested = await run(member, 'post', '/api/attestations', { kind: 'contract_dealer', confirm: true });
    await run(member, 'get', '/api/attestations');
    await run(asAdmin, 'post', `/api/admin/attestations/${attested.json().id}/revoke`, { reason: 'Licence expired' });
    const rule = {
      legalClass: 'automatic',
      state: 'interstate',
      effectiveFrom: '2024-01-01',
      effect: 'needs_attestation',
      attestations: ['contract_dealer'],
      note: 'Contract rule',
    };
    const ruleId = (await run(asAdmin, 'post', '/api/admin/eligibility-rules', rule)).json().id as string;
    await run(asAdmin, 'patch', `/api/admin/eligibility-rules/${ruleId}`, { ...rule, state: 'CA', effect: 'forbid' });
    await run(asAdmin, 'delete', `/api/admin/eligibility-rules/${ruleId}`);
    await run(asAdmin, 'get', '/api/admin/eligibility-rules');
    const [found] = (await run(asAdmin, 'get', `/api/admin/members?email=${encodeURIComponent(email)}`)).json();
    await run(asAdmin, 'get', `/api/admin/members/${found.id}/eligibility`);
    await run(asAdmin, 'put', `/api/admin/members/${found.id}/date-of-birth`, { dateOfBirth: '1989-12-31' });
    await run(asAdmin, 'post', `/api/admin/members/${found.id}/buying-suspension`, { reason: 'Contract check' });
    await run(asAdmin, 'delete', `/api/admin/members/${found.id}/buying-suspension`);
    await run(asAdmin, 'get', '/api/admin/legal-classes');
    await run(asAdmin, 'put', '/api/admin/legal-classes/fixed_blade', { carriers: ['ups'], adultSignatureOver: '250' });
    // A draw's public record, read by a visitor: a show of one draw item, started, its draw open.
    const drawShow = await run(asAdmin, 'post', '/api/shows', {
      title: 'Contract Draw',
      perKnifeSeconds: 60,
      prerollSeconds: 0,
    });
    const drawItem = await run(asAdmin, 'post', '/api/show-items', {
      showId: drawShow.json().id,
      title: 'Drawn',
      price: '12.50',
      ...DEFAULT_KNIFE_FACTS,
      saleMode: 'draw',
      drawWindowSeconds: 30,
    });
    await run(asAdmin, 'post', '/api/show/start', { showId: drawShow.json().id });
    expect((await run(visitor, 'get', `/api/draws/${drawItem.json().id}`)).json()).toMatchObject({ status: 'open' });
    await run(member, 'get', '/api/logout');
    await run(member, 'post', '/api/auth/logout', {});

    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    // Every documented operation was answered and checked above (the OAuth callbacks exist only when configured).
    expect(documented.filter((op) => !covered.has(op))).toEqual([]);
  });
});
