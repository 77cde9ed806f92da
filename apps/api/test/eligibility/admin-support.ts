import type { BusMessage } from '@vault/contracts';
import { type Backend, eventually, type SeededMember } from '@vault/testing';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

// Shared by the eligibility admin tests: an app with an admin and a customer, calls as either,
// what the 'eligibility' bus channel carried, and the newest audit record.

export interface EligibilityAdminApp {
  t: TestApp;
  admin: SeededMember;
  customer: SeededMember;
  bus: Awaited<ReturnType<typeof eligibilityMessages>>;
}

/** Opens the app for the file's tests (beforeAll) and closes it after them; the fields are set once open. */
export function eligibilityAdminApp(backend: Backend): EligibilityAdminApp & ReturnType<typeof eligibilityCalls> {
  const opened = {} as EligibilityAdminApp;
  beforeAll(async () => {
    opened.t = await buildTestApp(backend);
    Object.assign(opened, await seedCustomerAndAdmin(opened.t));
    opened.bus = await eligibilityMessages(opened.t);
  });
  afterAll(async () => {
    await opened.bus?.off();
    await opened.t?.close();
  });
  return Object.assign(
    opened,
    eligibilityCalls(() => opened.t),
  );
}

export function eligibilityCalls(opened: () => TestApp) {
  const call = (who: SeededMember | null, method: string, url: string, payload?: unknown) =>
    opened().app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The newest audit record, with its outcome. */
  const lastAudit = () =>
    opened()
      .database.db.selectFrom('adminAudit as a')
      .leftJoin('adminAuditOutcomes as o', 'o.auditId', 'a.id')
      .select([
        'a.action',
        'a.targetType',
        'a.targetId',
        'a.details',
        'a.adminUserId',
        'o.status',
        'o.targetId as outcomeTargetId',
      ])
      .orderBy('a.id', 'desc')
      .executeTakeFirstOrThrow();

  return { call, lastAudit };
}

/**
 * Everything published on 'eligibility' from now on, through the test's own bus (the one the app
 * publishes on): `until` waits for a message like the one given.
 */
export async function eligibilityMessages(t: TestApp) {
  const received: BusMessage[] = [];
  const off = await t.bus.subscribe('eligibility', (message) => {
    received.push(message);
  });
  const matches = (message: BusMessage, like: Partial<BusMessage>) =>
    Object.entries(like).every(([key, value]) => (message as Record<string, unknown>)[key] === value);
  return {
    received,
    off,
    /** Waits for a message like `like` after the `from`th one received. */
    until: (like: Partial<BusMessage>, from = 0) =>
      eventually(() => received.slice(from).some((m) => matches(m, like)), {
        within: 3000,
        what: () => `a bus message like ${JSON.stringify(like)} (got ${JSON.stringify(received.slice(from))})`,
      }),
  };
}
