import {
  purchaseStatuses,
  roles,
  showItemStatuses,
  showKinds,
  showPhases,
  showStatuses,
  skillLevels,
} from '@vault/contracts';
import { backends } from '@vault/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSchemaDatabase } from './schema-test-support';

// The rules the database enforces on rows whatever the code above it does: defaults, money and
// length limits, uniqueness, the status values the contracts name, cascades, the append-only show
// events, one live show, and the purchase cap's guard.

describe.each(backends)('database schema on %s', (backend) => {
  const database = useSchemaDatabase(backend);
  const db = () => database().db;

  async function newShow(
    values: Partial<{ title: string; status: 'running' | 'idle' | 'paused'; purchaseCap: number }> = {},
  ) {
    return db()
      .insertInto('shows')
      .values({ title: 'Show', ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  async function newUser(email: string) {
    return db().insertInto('users').values({ email }).returningAll().executeTakeFirstOrThrow();
  }
  async function newItem(showId: string, price = '10.00') {
    return db()
      .insertInto('showItems')
      .values({ showId, title: 'Knife', price })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  it('applies the SPEC defaults', async () => {
    const user = await newUser('defaults@example.com');
    expect(user).toMatchObject({ role: 'customer', emailVerified: false, onboardingCompleted: false });
    const show = await newShow();
    expect(show).toMatchObject({ status: 'idle', currentIndex: 0, phase: 'preroll', kind: 'live', step: 0 });
    const item = await newItem(show.id);
    expect(item).toMatchObject({ status: 'queued', orderIndex: 0, imageUrls: [] });
    const purchase = await db()
      .insertInto('purchases')
      .values({ userId: user.id, showItemId: item.id, amount: '10.00', shippingAddress: '1 Main St' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ status: 'authorized', gateway: 'authorizeNet', amount: '10.00' });
  });

  it('keeps money as numeric(10,2) strings', async () => {
    const show = await newShow();
    expect((await newItem(show.id, '1234.5')).price).toBe('1234.50');
    expect((await newItem(show.id, '0.015')).price).toBe('0.02');
    await expect(newItem(show.id, '100000000.00')).rejects.toThrow(/overflow/);
    await expect(newItem(show.id, '0')).rejects.toThrow(/check/);
  });

  it('enforces the column length limits of the address and phone fields', async () => {
    const limits = { address: 60, city: 40, state: 40, zip: 20, country: 60, phoneNumber: 25 } as const;
    for (const [column, max] of Object.entries(limits)) {
      const user = await newUser(`limits-${column}@example.com`);
      const set = (value: string) =>
        db()
          .updateTable('users')
          .set({ [column]: value })
          .where('id', '=', user.id)
          .execute();
      await expect(set('x'.repeat(max))).resolves.toBeDefined();
      await expect(set('x'.repeat(max + 1)), column).rejects.toThrow(/too long/);
    }
  });

  it('keeps emails unique regardless of case', async () => {
    await newUser('Case@Example.com');
    await expect(newUser('case@example.COM')).rejects.toThrow(/unique|duplicate/i);
  });

  it('allows one purchase per item', async () => {
    const show = await newShow();
    const item = await newItem(show.id);
    const [a, b] = [await newUser('buyer-a@example.com'), await newUser('buyer-b@example.com')];
    const buy = (userId: string) =>
      db()
        .insertInto('purchases')
        .values({ userId, showItemId: item.id, amount: '10.00', shippingAddress: 'x' })
        .execute();
    await buy(a.id);
    await expect(buy(b.id)).rejects.toThrow(/unique|duplicate/i);
  });

  it('accepts exactly the status values the contracts name', async () => {
    const cases: Array<[string, string, readonly string[]]> = [
      ['users', 'role', roles],
      ['users', 'skill_level', skillLevels],
      ['shows', 'status', showStatuses.filter((s) => s !== 'running' && s !== 'paused')],
      ['shows', 'phase', showPhases],
      ['shows', 'kind', showKinds.filter((k) => k !== 'test_products')],
      ['show_items', 'status', showItemStatuses.filter((s) => s !== 'sold')],
      ['purchases', 'status', purchaseStatuses],
    ];
    const user = await newUser('enum@example.com');
    const show = await newShow();
    const item = await newItem(show.id);
    await db()
      .insertInto('purchases')
      .values({ userId: user.id, showItemId: item.id, amount: '1.00', shippingAddress: 'x' })
      .execute();
    const rowOf: Record<string, string> = { users: user.id, shows: show.id, show_items: item.id };
    for (const [table, column, values] of cases) {
      const where = table === 'purchases' ? sql`show_item_id = ${item.id}` : sql`id = ${rowOf[table]}`;
      for (const value of values) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where ${where}`.execute(db());
      }
      await expect(
        sql`update ${sql.table(table)} set ${sql.ref(column)} = ${'bogus'} where ${where}`.execute(db()),
        `${table}.${column}`,
      ).rejects.toThrow(/check/);
    }
  });

  it('deletes items and events with their show', async () => {
    const show = await newShow();
    await newItem(show.id);
    await db().insertInto('showEvents').values({ showId: show.id, step: 1, type: 'started', payload: '{}' }).execute();
    await db().deleteFrom('shows').where('id', '=', show.id).execute();
    const left = await db()
      .selectFrom('showItems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('showId', '=', show.id)
      .executeTakeFirstOrThrow();
    expect(left.n).toBe(0);
    const events = await db().selectFrom('showEvents').selectAll().where('showId', '=', show.id).execute();
    expect(events).toEqual([]);
  });

  it('keeps show_events append-only', async () => {
    const show = await newShow();
    await db()
      .insertInto('showEvents')
      .values({ showId: show.id, step: 1, type: 'started', payload: '{"a":1}' })
      .execute();
    await expect(sql`update show_events set type = 'x' where show_id = ${show.id}`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from show_events where show_id = ${show.id}`.execute(db())).rejects.toThrow(/append-only/);
  });

  it('lets only one show be live at a time', async () => {
    await newShow({ title: 'Live one', status: 'running' });
    await expect(newShow({ title: 'Live two', status: 'paused' })).rejects.toThrow(/unique|duplicate/i);
    await expect(newShow({ title: 'Waiting', status: 'idle' })).resolves.toBeDefined();
  });

  it('marks an item sold only together with its sale time', async () => {
    const show = await newShow();
    const item = await newItem(show.id);
    await expect(
      db().updateTable('showItems').set({ status: 'sold' }).where('id', '=', item.id).execute(),
    ).rejects.toThrow(/check/);
    await db().updateTable('showItems').set({ status: 'sold', soldAt: new Date() }).where('id', '=', item.id).execute();
  });

  it('keeps a purchase cap a positive whole number, and its guard raises a code the claim reads', async () => {
    await expect(newShow({ title: 'Capped', purchaseCap: 0 })).rejects.toThrow(/check/);
    await expect(newShow({ title: 'Capped', purchaseCap: 3 })).resolves.toBeDefined();
    await expect(sql`select vault_claim_guard(0, 0) as ok`.execute(db())).resolves.toMatchObject({
      rows: [{ ok: true }],
    });
    // The claim statement tells "counted, then beaten to the item" by this SQLSTATE (sale-claims.ts).
    await expect(sql`select vault_claim_guard(1, 0)`.execute(db())).rejects.toMatchObject({ code: 'VC001' });
  });
});
