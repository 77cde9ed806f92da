import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS_MAX_BYTES, sanitiseBody } from '../../src/audit/records';
import { buildTestApp, type TestApp } from '../test-app';

// Which routes record what: every state-changing admin route declares its record, and a record keeps
// a bounded, secret-free copy of the body.

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * State-changing admin routes that record nothing: walks Fastify's own route table, so a new
 * admin route without `config.audit` fails the test instead of skipping the log.
 */
function unauditedAdminWrites(app: FastifyInstance): string[] {
  const policy = new Map(app.auditPolicy().map((route) => [`${route.method} ${route.url}`, route]));
  return app.routeTable
    .filter((route) => STATE_CHANGING.has(route.method))
    .map((route) => `${route.method} ${route.url}`)
    .filter((key) => {
      const route = policy.get(key);
      return !route || (route.access === 'admin' && !route.audit);
    });
}

describe('every state-changing admin route declares what it records', () => {
  let t: TestApp;
  let sloppy: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    // The same app with one admin route that forgot its audit spec: the check must name it.
    sloppy = await buildTestApp('pglite', {
      prepare: (app) => {
        app.post('/api/forgot-audit', { preValidation: app.requireAdmin }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sloppy?.close();
  });

  it('finds config.audit on every POST, PUT, PATCH and DELETE route that needs an admin', () => {
    expect(unauditedAdminWrites(t.app)).toEqual([]);
    // Not vacuous: the admin routes this issue started from are among those checked.
    const audited = t.app.auditPolicy().filter((r) => r.audit);
    expect(audited.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/shows',
        'PATCH /api/shows/:showId',
        'PATCH /api/shows/:showId/schedule',
        'POST /api/show-items',
        'PATCH /api/show-items/:id',
        'POST /api/show/start',
        'POST /api/show/pause',
        'POST /api/show/reset',
        'POST /api/purchases/:purchaseId/capture',
        'POST /api/purchases/:purchaseId/void',
        'POST /sandbox/authnet/faults',
        'DELETE /sandbox/authnet/faults',
      ]),
    );
  });

  it('names an admin route added without one', () => {
    expect(unauditedAdminWrites(sloppy.app)).toEqual(['POST /api/forgot-audit']);
  });

  it('puts the log only on admin routes (a member is no admin to record)', () => {
    const audited = t.app.auditPolicy().filter((r) => r.audit);
    expect(audited.filter((r) => r.access !== 'admin').map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('bounding and sanitising what a record keeps of a body', () => {
  it('drops secret-looking fields at any depth', () => {
    const body = {
      title: 'Knife',
      password: 'hunter2',
      newPassword: 'x',
      resetToken: 't',
      clientSecret: 's',
      cardNumber: '4111111111111111',
      CVV: '123',
      opaque: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJ0b2tlbiI6' },
      nested: [{ cardCode: '999', name: 'ok' }],
    };
    const copy = sanitiseBody(body);
    expect(copy).toEqual({
      title: 'Knife',
      opaque: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT' },
      nested: [{ name: 'ok' }],
    });
    expect(JSON.stringify(copy)).not.toMatch(/4111|hunter2|eyJ0|999/);
  });

  it('keeps any body within the size bound', () => {
    const huge = {
      description: 'x'.repeat(5000),
      lineup: Array.from({ length: 500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      many: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field${i}`, 'y'.repeat(50)])),
    };
    const copy = sanitiseBody(huge);
    expect(JSON.stringify(copy).length).toBeLessThanOrEqual(DETAILS_MAX_BYTES);
    const terse = sanitiseBody({ description: 'x'.repeat(5000), lineup: huge.lineup });
    expect(terse).toMatchObject({ lineup: expect.arrayContaining(['… 480 more']) });
  });
});
