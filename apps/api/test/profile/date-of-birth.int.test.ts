import { type BusMessage, dateOfBirthMessages, todayIso } from '@vault/contracts';
import { backends, eventually, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../support/agent';
import { buildTestApp, type TestApp } from '../test-app';

// The member's date of birth: required at onboarding and at least the operator's minimum age,
// theirs to change until their first purchase, and every change of what eligibility judges
// (address, date of birth) announced to every instance.

const profileStep = {
  fullName: 'Ada Blade',
  address: '1 Forge Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  skillLevel: 'expert',
};
const profileEdit = {
  firstName: 'Ada',
  lastName: 'Blade',
  address: '1 Forge Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/** The day `years` years before today (UTC), plus `days`: '2008-06-01' for 18 years before 2026-06-01. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  // A 29 February in a year without one is the 28th: the member still turns `years` today.
  const day = m === 2 && d === 29 ? 28 : d;
  return new Date(Date.UTC(y - years, m - 1, day + days)).toISOString().slice(0, 10);
}

describe.each(backends)('a member’s date of birth on %s', (backend) => {
  let t: TestApp;
  const published: BusMessage[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend);
    await t.bus.subscribe('eligibility', (message) => published.push(message));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in member who has not done the profile step yet. */
  async function newMember(): Promise<SeededMember> {
    const [member] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret: t.app.config.sessionSecret });
    if (!member) throw new Error('setup');
    await t.database.db
      .updateTable('users')
      .set({ dateOfBirth: null, address: null, city: null, state: null, zip: null, onboardingCompleted: false })
      .where('id', '=', member.userId)
      .execute();
    return member;
  }

  const call = (member: SeededMember, options: InjectOptions & { url: string }) =>
    t.app.inject({ ...options, headers: { origin: ORIGIN, cookie: member.cookie } });
  const onboard = (member: SeededMember, body: object) =>
    call(member, { method: 'POST', url: '/api/onboarding/complete', payload: body });
  const saveProfile = (member: SeededMember, body: object) =>
    call(member, { method: 'PUT', url: '/api/profile', payload: body });
  const readProfile = async (member: SeededMember) =>
    (await call(member, { method: 'GET', url: '/api/profile' })).json();

  async function purchase(member: SeededMember) {
    const show = await t.database.db
      .insertInto('shows')
      .values({ title: 'Bought' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await t.database.db
      .insertInto('showItems')
      .values({
        showId: show.id,
        title: 'Raven Tanto',
        price: '425.00',
        status: 'sold',
        soldAt: new Date(),
        legalClass: 'fixed_blade',
        bladeLength: '4.50',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('purchases')
      .values({
        userId: member.userId,
        showItemId: item.id,
        amount: '425.00',
        shippingAddress: '1 Forge Street',
        updatedAt: new Date(),
      })
      .execute();
  }

  /** The member-changed messages published for this member so far. */
  const changesOf = (member: SeededMember) =>
    published.filter((m) => m.type === 'eligibility.member-changed' && m.userId === member.userId).length;
  /**
   * How many there are once the `count`th has arrived (Redis delivers them a moment later, in the
   * order they were sent): more means an earlier save announced a change it did not make.
   */
  const changesOnceArrived = (member: SeededMember, count: number) =>
    eventually(() => changesOf(member) >= count && changesOf(member), {
      within: 5000,
      what: 'the member-changed message',
    });

  describe('onboarding', () => {
    it.each([
      [undefined, dateOfBirthMessages.required],
      ['1990-02-30', dateOfBirthMessages.invalid],
      ['01/02/1990', dateOfBirthMessages.invalid],
      ['1899-12-31', dateOfBirthMessages.tooOld],
      [yearsAgo(-1), dateOfBirthMessages.future],
    ])('refuses the date of birth %s with the field’s message', async (dateOfBirth, message) => {
      const res = await onboard(await newMember(), { ...profileStep, dateOfBirth });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'invalid_request' });
    });

    it('refuses a member a day short of the minimum age, and stores nothing', async () => {
      const member = await newMember();
      const res = await onboard(member, { ...profileStep, dateOfBirth: yearsAgo(18, 1) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: dateOfBirthMessages.underAge(18), code: 'invalid_request' });
      expect(await readProfile(member)).toMatchObject({ dateOfBirth: null, address: null });
      expect(changesOf(member)).toBe(0);
    });

    it('takes a member on their 18th birthday, stores the date, and tells every instance', async () => {
      const member = await newMember();
      const dateOfBirth = yearsAgo(18);
      const res = await onboard(member, { ...profileStep, dateOfBirth });
      expect(res.statusCode).toBe(200);
      expect(await readProfile(member)).toMatchObject({ dateOfBirth, dateOfBirthEditable: true, city: 'Austin' });
      expect(await changesOnceArrived(member, 1)).toBe(1);
    });

    it('keeps the date of birth of a member who has bought: a different one is refused, the same one is fine', async () => {
      const member = await newMember();
      expect((await onboard(member, { ...profileStep, dateOfBirth: '1990-01-01' })).statusCode).toBe(200);
      await purchase(member);
      const changed = await onboard(member, { ...profileStep, dateOfBirth: '1980-01-01' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({ message: dateOfBirthMessages.locked, code: 'conflict' });
      expect((await onboard(member, { ...profileStep, dateOfBirth: '1990-01-01' })).statusCode).toBe(200);
      expect((await readProfile(member)).dateOfBirth).toBe('1990-01-01');
    });
  });

  describe('the profile', () => {
    async function onboarded(dateOfBirth = '1990-01-01') {
      const member = await newMember();
      expect((await onboard(member, { ...profileStep, dateOfBirth })).statusCode).toBe(200);
      return member;
    }

    it('changes the date of birth before the first purchase, under the same minimum age', async () => {
      const member = await onboarded();
      const young = await saveProfile(member, { ...profileEdit, dateOfBirth: yearsAgo(17) });
      expect(young.json()).toEqual({ message: dateOfBirthMessages.underAge(18), code: 'invalid_request' });
      const res = await saveProfile(member, { ...profileEdit, dateOfBirth: '1985-07-04' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ dateOfBirth: '1985-07-04', dateOfBirthEditable: true });
    });

    it('keeps the date of birth when the form leaves it out', async () => {
      const member = await onboarded('1977-03-03');
      const res = await saveProfile(member, { ...profileEdit, phoneNumber: '512-555-0100' });
      expect(res.json()).toMatchObject({ dateOfBirth: '1977-03-03', phoneNumber: '512-555-0100' });
    });

    it('locks it after the first purchase: 409 for a new date, the same date saves, the rest of the profile still edits', async () => {
      const member = await onboarded('1990-01-01');
      await purchase(member);
      expect(await readProfile(member)).toMatchObject({ dateOfBirth: '1990-01-01', dateOfBirthEditable: false });

      const changed = await saveProfile(member, { ...profileEdit, city: 'Dallas', dateOfBirth: '1991-01-01' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({ message: dateOfBirthMessages.locked, code: 'conflict' });
      expect(await readProfile(member)).toMatchObject({ dateOfBirth: '1990-01-01', city: 'Austin' });

      const same = await saveProfile(member, { ...profileEdit, city: 'Dallas', dateOfBirth: '1990-01-01' });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ dateOfBirth: '1990-01-01', dateOfBirthEditable: false, city: 'Dallas' });
    });

    it('lets a member who bought before dates of birth were asked add theirs once', async () => {
      const member = await onboarded();
      await purchase(member);
      await t.database.db.updateTable('users').set({ dateOfBirth: null }).where('id', '=', member.userId).execute();
      expect(await readProfile(member)).toMatchObject({ dateOfBirth: null, dateOfBirthEditable: true });
      expect((await saveProfile(member, { ...profileEdit, dateOfBirth: '1988-08-08' })).statusCode).toBe(200);
      expect(await readProfile(member)).toMatchObject({ dateOfBirth: '1988-08-08', dateOfBirthEditable: false });
      expect((await saveProfile(member, { ...profileEdit, dateOfBirth: '1989-08-08' })).statusCode).toBe(409);
    });

    it('tells every instance when the address or the date of birth changed, and only then', async () => {
      const member = await onboarded();
      expect(await changesOnceArrived(member, 1)).toBe(1);
      // Neither changes what eligibility judges: the phone, the name, the date of birth sent back as it is.
      await saveProfile(member, { ...profileEdit, phoneNumber: '512-555-0101' });
      await saveProfile(member, { ...profileEdit, firstName: 'Adelaide', dateOfBirth: '1990-01-01' });
      await saveProfile(member, { ...profileEdit, address: '9 Anvil Road' });
      expect(await changesOnceArrived(member, 2)).toBe(2);
      for (const change of [{ city: 'Dallas' }, { state: 'OK' }, { zip: '73301' }, { dateOfBirth: '1992-02-02' }]) {
        await saveProfile(member, { ...profileEdit, address: '9 Anvil Road', ...change });
      }
      expect(await changesOnceArrived(member, 6)).toBe(6);
    });
  });
});

describe('the operator’s minimum age', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { config: { eligibility: { minimumAge: 21, shipFromState: 'TX' } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the one onboarding refuses by, in its message', async () => {
    const [member] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret: t.app.config.sessionSecret });
    if (!member) throw new Error('setup');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/complete',
      headers: { origin: ORIGIN, cookie: member.cookie },
      payload: { ...profileStep, dateOfBirth: yearsAgo(20) },
    });
    expect(res.json()).toEqual({ message: dateOfBirthMessages.underAge(21), code: 'invalid_request' });
  });
});
