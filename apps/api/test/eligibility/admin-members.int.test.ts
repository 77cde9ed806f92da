import { type AdminMemberEligibility, adminMemberMessages, dateOfBirthMessages } from '@vault/contracts';
import { backends, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app';
import { type EligibilityAdminApp, eligibilityAdminApp } from './admin-support';

// An admin looks a member up by email, sees what their eligibility is judged on, and corrects their
// date of birth (bought or not), the record keeping the old and the new date.

const MEMBERS = '/api/admin/members';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('admin member eligibility on %s', (backend) => {
  const opened = eligibilityAdminApp(backend);
  const { call, lastAudit } = opened;
  let t: TestApp;
  let admin: SeededMember;
  let member: SeededMember;
  let buyer: SeededMember;
  let bus: EligibilityAdminApp['bus'];
  beforeAll(async () => {
    ({ t, admin, customer: member, bus } = opened);
    const [seeded] = await seedOnboardedMembers(t.database.db, {
      count: 1,
      sessionSecret: t.app.config.sessionSecret,
      emailPrefix: 'Odd_Case%Buyer',
    });
    if (!seeded) throw new Error('setup');
    buyer = seeded;
    const { db } = t.database;
    await db.updateTable('users').set({ dateOfBirth: '1990-03-04' }).where('id', '=', buyer.userId).execute();
    // An account from before dates of birth were asked for.
    await db.updateTable('users').set({ dateOfBirth: null }).where('id', '=', member.userId).execute();
    // A purchase of the buyer's: the lock a member's own edit meets, which an admin's does not.
    const show = await db.insertInto('shows').values({ title: 'Past show' }).returning('id').executeTakeFirstOrThrow();
    const item = await db
      .insertInto('showItems')
      .values({ showId: show.id, title: 'Folder', price: '10.00', orderIndex: 0, updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('purchases')
      .values({ userId: buyer.userId, showItemId: item.id, amount: '10.00', shippingAddress: '1 Forge Street' })
      .execute();
    await db
      .insertInto('attestationKinds')
      .values({ code: 'dealer', label: 'Licensed dealer', updatedAt: new Date() })
      .execute();
    await db
      .insertInto('memberAttestations')
      .values({
        userId: buyer.userId,
        kind: 'dealer',
        statement: 'I certify that this applies to me: Licensed dealer.',
      })
      .execute();
  });

  it('finds members by a piece of their email, any case, literally', async () => {
    const res = await call(admin, 'GET', `${MEMBERS}?email=${encodeURIComponent('case%b')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: buyer.userId, email: buyer.email, fullName: 'Test Buyer 0', buyingSuspended: false },
    ]);
    // "_" and "%" are characters of the address, not wildcards.
    expect((await call(admin, 'GET', `${MEMBERS}?email=${encodeURIComponent('d_c')}`)).json()).toHaveLength(1);
    expect((await call(admin, 'GET', `${MEMBERS}?email=${encodeURIComponent('o_d')}`)).json()).toEqual([]);
    const all = (await call(admin, 'GET', `${MEMBERS}?email=example.com`)).json() as unknown[];
    expect(all).toHaveLength(3);

    const short = await call(admin, 'GET', `${MEMBERS}?email=ab`);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Type at least 3 characters of the email', code: 'invalid_request' });
    expect((await call(admin, 'GET', MEMBERS)).statusCode).toBe(400);
  });

  it('caps a search at 20 members', async () => {
    await seedOnboardedMembers(t.database.db, {
      count: 25,
      sessionSecret: t.app.config.sessionSecret,
      emailPrefix: 'many',
    });
    expect((await call(admin, 'GET', `${MEMBERS}?email=many-`)).json()).toHaveLength(20);
  });

  it('marks a member whose buying is suspended in the list', async () => {
    const [held] = await seedOnboardedMembers(t.database.db, {
      count: 1,
      sessionSecret: t.app.config.sessionSecret,
      emailPrefix: 'held',
    });
    if (!held) throw new Error('setup');
    await t.database.db
      .updateTable('users')
      .set({ buyingSuspendedAt: new Date(), buyingSuspendedReason: 'Presses faster than a person' })
      .where('id', '=', held.userId)
      .execute();
    const found = (await call(admin, 'GET', `${MEMBERS}?email=held-`)).json() as Array<{ buyingSuspended: boolean }>;
    expect(found.map((m) => m.buyingSuspended)).toEqual([true]);
  });

  it('shows what a member is judged on: destination, date of birth, attestations, purchases', async () => {
    const res = await call(admin, 'GET', `${MEMBERS}/${buyer.userId}/eligibility`);
    expect(res.statusCode, res.body).toBe(200);
    const view: AdminMemberEligibility = res.json();
    expect(view).toMatchObject({
      id: buyer.userId,
      email: buyer.email,
      fullName: 'Test Buyer 0',
      dateOfBirth: '1990-03-04',
      state: 'TX',
      city: 'Austin',
      zip: '78701',
      hasPurchased: true,
    });
    expect(view.attestations).toMatchObject([{ kind: 'dealer', label: 'Licensed dealer', revokedAt: null }]);
    const fresh = (await call(admin, 'GET', `${MEMBERS}/${member.userId}/eligibility`)).json();
    expect(fresh).toMatchObject({ dateOfBirth: null, hasPurchased: false, attestations: [] });

    const unknown = await call(admin, 'GET', `${MEMBERS}/${UNKNOWN}/eligibility`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: adminMemberMessages.notFound, code: 'not_found' });
    expect((await call(admin, 'GET', `${MEMBERS}/nope/eligibility`)).statusCode).toBe(400);
  });

  it('corrects a buyer’s date of birth, recording the old and new date, and announces it', async () => {
    const seen = bus.received.length;
    const url = `${MEMBERS}/${buyer.userId}/date-of-birth`;
    const res = await call(admin, 'PUT', url, { dateOfBirth: '1991-03-04' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: buyer.userId, dateOfBirth: '1991-03-04', hasPurchased: true });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'member.date_of_birth_correct',
      targetType: 'user',
      targetId: buyer.userId,
      status: 200,
    });
    expect(audit.details).toMatchObject({
      before: { dateOfBirth: '1990-03-04' },
      body: { dateOfBirth: '1991-03-04' },
    });
    await bus.until({ type: 'eligibility.member-changed', userId: buyer.userId }, seen);
    const stored = await t.database.db
      .selectFrom('users')
      .select('dateOfBirth')
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(stored.dateOfBirth).toBe('1991-03-04');

    const first = await call(admin, 'PUT', `${MEMBERS}/${member.userId}/date-of-birth`, { dateOfBirth: '2000-01-01' });
    expect(first.statusCode).toBe(200);
    expect((await lastAudit()).details).toMatchObject({ before: { dateOfBirth: null } });
  });

  it.each([
    [{ dateOfBirth: '1991-02-30' }, dateOfBirthMessages.invalid],
    [{ dateOfBirth: '2999-01-01' }, dateOfBirthMessages.future],
    [{ dateOfBirth: '1850-01-01' }, dateOfBirthMessages.tooOld],
    [{}, dateOfBirthMessages.required],
  ])('refuses the date of birth %j', async (body, message) => {
    const res = await call(admin, 'PUT', `${MEMBERS}/${buyer.userId}/date-of-birth`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
  });

  it('answers 404 for an unknown member and refuses members', async () => {
    const unknown = await call(admin, 'PUT', `${MEMBERS}/${UNKNOWN}/date-of-birth`, { dateOfBirth: '1990-01-01' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: adminMemberMessages.notFound, code: 'not_found' });
    for (const [method, url, body] of [
      ['GET', `${MEMBERS}?email=example`, undefined],
      ['GET', `${MEMBERS}/${buyer.userId}/eligibility`, undefined],
      ['PUT', `${MEMBERS}/${member.userId}/date-of-birth`, { dateOfBirth: '1980-01-01' }],
    ] as const) {
      expect((await call(member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
