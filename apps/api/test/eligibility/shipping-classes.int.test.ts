import { type ClassShippingView, classShippingMessages, LEGAL_CLASSES } from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { classShipping } from '../../src/eligibility/shipping.repository';
import type { TestApp } from '../test-app';
import { type EligibilityAdminApp, eligibilityAdminApp } from './admin-support';

// The carriers each legal class may travel by and its adult-signature threshold: seeded, listed in
// the classes' order, edited by an admin (audited, announced); USPS never for the classes it refuses.

const CLASSES = '/api/admin/legal-classes';

describe.each(backends)('carriers per legal class on %s', (backend) => {
  const opened = eligibilityAdminApp(backend);
  const { call, lastAudit } = opened;
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let bus: EligibilityAdminApp['bus'];
  beforeAll(() => {
    ({ t, admin, customer, bus } = opened);
  });

  it('lists every class in order, as seeded: automatics never by USPS', async () => {
    const res = await call(admin, 'GET', CLASSES);
    expect(res.statusCode, res.body).toBe(200);
    const list: ClassShippingView[] = res.json();
    expect(list.map((row) => row.legalClass)).toEqual([...LEGAL_CLASSES]);
    expect(list.find((row) => row.legalClass === 'automatic')).toEqual({
      legalClass: 'automatic',
      carriers: ['ups', 'fedex'],
      adultSignatureOver: '0.00',
    });
    expect(list.find((row) => row.legalClass === 'manual_folder')).toEqual({
      legalClass: 'manual_folder',
      carriers: ['usps', 'ups', 'fedex'],
      adultSignatureOver: null,
    });
  });

  it('sets a class’s carriers and threshold, audited and announced', async () => {
    const seen = bus.received.length;
    const res = await call(admin, 'PUT', `${CLASSES}/fixed_blade`, {
      carriers: ['fedex', 'usps', 'fedex'],
      adultSignatureOver: '250',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = { legalClass: 'fixed_blade', carriers: ['usps', 'fedex'], adultSignatureOver: '250.00' };
    expect(res.json()).toEqual(saved);
    expect((await classShipping(t.database.db)).find((row) => row.legalClass === 'fixed_blade')).toEqual(saved);
    expect(await lastAudit()).toMatchObject({
      action: 'eligibility.shipping_update',
      targetType: 'legal_class',
      outcomeTargetId: 'fixed_blade',
      status: 200,
    });
    await bus.until({ type: 'eligibility.rules-changed' }, seen);

    const cleared = await call(admin, 'PUT', `${CLASSES}/fixed_blade`, { carriers: ['ups'], adultSignatureOver: null });
    expect(cleared.json()).toEqual({ legalClass: 'fixed_blade', carriers: ['ups'], adultSignatureOver: null });
  });

  it.each([
    ['balisong', { carriers: ['usps', 'ups'], adultSignatureOver: null }, classShippingMessages.notByUsps('balisong')],
    ['gear', { carriers: [], adultSignatureOver: null }, 'Choose at least one carrier'],
    ['gear', { carriers: ['pigeon'], adultSignatureOver: null }, 'Choose a carrier'],
    ['gear', { carriers: ['ups'], adultSignatureOver: '12.345' }, 'Enter an amount like 250.00, or leave it empty'],
    ['sword', { carriers: ['ups'], adultSignatureOver: null }, 'Choose a legal class'],
  ])('refuses %s with %j', async (legalClass, body, message) => {
    const before = await classShipping(t.database.db);
    const res = await call(admin, 'PUT', `${CLASSES}/${legalClass}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
    expect(await classShipping(t.database.db)).toEqual(before);
  });

  it('is for admins only', async () => {
    expect((await call(customer, 'GET', CLASSES)).statusCode).toBe(403);
    const put = { carriers: ['usps'], adultSignatureOver: null };
    expect((await call(customer, 'PUT', `${CLASSES}/gear`, put)).statusCode).toBe(403);
    expect((await call(null, 'PUT', `${CLASSES}/gear`, put)).statusCode).toBe(401);
  });
});
