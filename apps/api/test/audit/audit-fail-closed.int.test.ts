import { simulatorDb } from '@vault/authnet-simulator';
import type { AuditPage } from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';

/** What Postgres cannot keep in jsonb (NUL) or in any text (a lone surrogate is no UTF-8). */
const UNSTORABLE = 'a\u0000b\ud800c';

describe.each(backends)('an admin action and its audit record on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin, customer } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object, who = admin) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: who.cookie },
      ...(payload === undefined ? {} : { payload }),
    });

  const rows = () => t.database.db.selectFrom('adminAudit').selectAll().orderBy('id').execute();
  const faults = () => simulatorDb(t.database).selectFrom('authnetSimFaults').selectAll().execute();
  const purchaseStatus = async (id: string) =>
    (await t.database.db.selectFrom('purchases').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  /** A member's authorised purchase, for the admin to void. */
  async function authorisedPurchase(): Promise<string> {
    const { items } = await startLiveShow(t, 1);
    const buy = await call('POST', '/api/show/buy', { showItemId: items[0]?.id }, customer);
    expect(buy.statusCode, buy.body).toBe(200);
    return buy.json().purchase.id as string;
  }

  it('records fault injection, void and clear whose bodies carry NUL and a lone surrogate, cleaned', async () => {
    // Fields the routes ignore, in values and in keys, at the top and deeper down.
    const junk = { note: UNSTORABLE, [`k${UNSTORABLE}`]: 1, deep: { list: [UNSTORABLE] } };
    const purchaseId = await authorisedPurchase();
    const before = (await rows()).length;

    const inject = await call('POST', '/sandbox/authnet/faults', { kind: 'error', times: 1, ...junk });
    expect(inject.statusCode, inject.body).toBe(200);
    expect(await faults()).toHaveLength(1);

    // The queued fault would fail the void: cleared first, by a DELETE with the same junk.
    const clear = await call('DELETE', '/sandbox/authnet/faults', junk);
    expect(clear.statusCode, clear.body).toBe(200);
    expect(await faults()).toEqual([]);

    const voided = await call('POST', `/api/purchases/${purchaseId}/void`, junk);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await purchaseStatus(purchaseId)).toBe('voided');

    const added = (await rows()).slice(before);
    expect(added.map((r) => r.action)).toEqual([
      'payment_simulator.inject_fault',
      'payment_simulator.clear_faults',
      'purchase.void',
    ]);
    const cleaned = 'a\ufffdb\ufffdc';
    for (const row of added) {
      expect(row.details.body).toMatchObject({ note: cleaned, [`k${cleaned}`]: 1, deep: { list: [cleaned] } });
      expect(JSON.stringify(row.details)).not.toContain('\\u0000');
    }
    // The log as admins read it.
    const page = (await call('GET', '/api/admin/audit?limit=3')).json() as AuditPage;
    expect(page.entries.map((e) => e.action)).toEqual([
      'purchase.void',
      'payment_simulator.clear_faults',
      'payment_simulator.inject_fault',
    ]);
    expect(page.entries[0]?.targetId).toBe(purchaseId);
  });

  it('refuses fault injection, void and clear, and does none of them, while the log refuses writes', async () => {
    const purchaseId = await authorisedPurchase();
    // Queued before the log breaks, for the clear below to (not) clear.
    expect((await call('POST', '/sandbox/authnet/faults', { kind: 'error', times: 1 })).statusCode).toBe(200);
    const before = (await rows()).length;
    // A real failure of the database write: every insert into admin_audit raises.
    const { db } = t.database;
    await sql`create function audit_broken() returns trigger language plpgsql as $$
      begin raise exception 'audit storage broken'; end $$`.execute(db);
    await sql`create trigger audit_broken before insert on admin_audit for each row execute function audit_broken()`.execute(
      db,
    );
    try {
      const refused = [
        await call('POST', '/sandbox/authnet/faults', { kind: 'error', times: 3 }),
        await call('DELETE', '/sandbox/authnet/faults'),
        await call('POST', `/api/purchases/${purchaseId}/void`, {}),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 'service_unavailable' });
      }
    } finally {
      await sql`drop trigger audit_broken on admin_audit`.execute(db);
      await sql`drop function audit_broken()`.execute(db);
    }
    // None happened: one fault still queued (neither three added nor cleared), the purchase authorised.
    expect(await faults()).toHaveLength(1);
    expect(await purchaseStatus(purchaseId)).toBe('authorized');
    expect(await rows()).toHaveLength(before);

    // The log writes again: so does the action.
    expect((await call('DELETE', '/sandbox/authnet/faults')).statusCode).toBe(200);
    expect(await faults()).toEqual([]);
  });

  it('refuses TRUNCATE of the log, as it refuses UPDATE and DELETE', async () => {
    const { db } = t.database;
    const count = (await rows()).length;
    expect(count).toBeGreaterThan(0);
    await expect(sql`truncate admin_audit cascade`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate admin_audit_outcomes`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit_outcomes`.execute(db)).rejects.toThrow(/append-only/);
    expect(await rows()).toHaveLength(count);
  });
});
