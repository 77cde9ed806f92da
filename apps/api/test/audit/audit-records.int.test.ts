import { backends, type SeededMember } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS_MAX_BYTES } from '../../src/audit/records';
import { buildTestApp, seedCustomerAndAdmin, type TestApp } from '../test-app';
import { auditCalls } from './audit-support';

// What a single record holds and refuses: nothing for a call refused before it runs, a bounded copy
// of the call, no action without its record, no change to a record once written.

describe.each(backends)('the admin audit log on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let unrecordableRuns = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      prepare: (app) => {
        // An audited admin route taking anything, to see what a record keeps of a body.
        app.post(
          '/api/test-audit/echo',
          { preValidation: app.requireAdmin, config: { audit: { action: 'test.echo', target: 'test' } } },
          async () => ({ id: 'echo-result' }),
        );
        // An action name too long for its column: the record fails, so the action must not run.
        app.post(
          '/api/test-audit/unrecordable',
          { preValidation: app.requireAdmin, config: { audit: { action: 'x'.repeat(80), target: 'test' } } },
          async () => {
            unrecordableRuns++;
            return { done: true };
          },
        );
      },
    });
    ({ admin, customer } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const { call, rowCount, recorded, refusedUnrecorded } = auditCalls(() => ({ t, admin }));

  it('records nothing for a call refused before it runs: not signed in, no admin, invalid', async () => {
    await refusedUnrecorded(admin, 400, 'POST', '/api/shows', { title: '', perKnifeSeconds: 0 });
    await refusedUnrecorded(customer, 403, 'POST', '/api/shows', { title: 'Sneaky', perKnifeSeconds: 5 });
    await refusedUnrecorded(null, 401, 'POST', '/api/show/pause', {});
  });

  it('keeps a bounded, secret-free copy of the call and the id it answered with', async () => {
    const entry = await recorded('POST', '/api/test-audit/echo', {
      showId: 'not-a-show',
      note: 'n'.repeat(5000),
      password: 'hunter2',
      card: { number: '4111111111111111' },
    });
    expect(entry.targetId).toBe('not-a-show');
    expect(entry.details.resultId).toBe('echo-result');
    expect(JSON.stringify(entry.details.body).length).toBeLessThanOrEqual(DETAILS_MAX_BYTES);
    expect(JSON.stringify(entry)).not.toMatch(/hunter2|4111/);
    const row = await t.database.db
      .selectFrom('adminAudit')
      .selectAll()
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(row.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an action whose record cannot be written, without running it', async () => {
    const before = await rowCount();
    const res = await call(admin, 'POST', '/api/test-audit/unrecordable', {});
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'service_unavailable' });
    expect(unrecordableRuns).toBe(0);
    expect(await rowCount()).toBe(before);
  });

  it('is append-only: the database refuses to change or delete a record', async () => {
    const { db } = t.database;
    const count = await rowCount();
    await expect(sql`update admin_audit set action = 'show.forged'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit`.execute(db)).rejects.toThrow(/append-only/);
    expect(await rowCount()).toBe(count);
    const forged = await db.selectFrom('adminAudit').select('id').where('action', '=', 'show.forged').execute();
    expect(forged).toEqual([]);
  });

  it('sets and edits the sold hold with the other timings, with their kind of messages', async () => {
    const created = await call(admin, 'POST', '/api/shows', { title: 'Default hold', perKnifeSeconds: 30 });
    expect(created.statusCode).toBe(201);
    expect(created.json().soldHoldSeconds).toBe(5);
    const id = created.json().id as string;
    const edited = await call(admin, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: 12 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().soldHoldSeconds).toBe(12);
    expect((await call(admin, 'GET', '/api/shows')).json().find((s: { id: string }) => s.id === id)).toMatchObject({
      soldHoldSeconds: 12,
    });

    for (const [value, message] of [
      [-1, 'Sold hold seconds must be at least 0'],
      [3601, 'Sold hold seconds must be at most 3600'],
      [2.5, 'Sold hold seconds must be a whole number'],
      ['soon', 'Sold hold seconds must be a number'],
    ] as const) {
      const create = await refusedUnrecorded(admin, 400, 'POST', '/api/shows', {
        title: 'Bad hold',
        perKnifeSeconds: 30,
        soldHoldSeconds: value,
      });
      expect(create.json()).toEqual({ message, code: 'invalid_request' });
      const update = await refusedUnrecorded(admin, 400, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: value });
      expect(update.json()).toEqual({ message, code: 'invalid_request' });
    }
    const edges = await call(admin, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: 3600 });
    expect(edges.json().soldHoldSeconds).toBe(3600);
    expect((await call(admin, 'PATCH', `/api/shows/${id}`, { soldHoldSeconds: 0 })).json().soldHoldSeconds).toBe(0);
  });
});
