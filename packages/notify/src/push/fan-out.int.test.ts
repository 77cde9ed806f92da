import { randomBytes } from 'node:crypto';
import type { PushKind } from '@vault/contracts';
import { backends, openTestDatabase, subscribePushDevices, type TestDatabase } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TTL_SECONDS, PushData } from './data';
import { idsOf, insertPushes, pushPayload } from './fan-out';

// The one fan-out every push event goes through: a row per browser of each member concerned who
// wants the kind (no preferences: all kinds), the event's facts as the payload, and a second run
// of the same event writing nothing.

const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');

describe.each(backends)('the push fan-out on %s', (backend) => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function member(name: string, devices: number, kinds?: PushKind[]): Promise<string> {
    const user = await db()
      .insertInto('users')
      .values({ email: `${name}-${b64(6)}@example.com`, firstName: name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await subscribePushDevices(db(), user.id, { devices, kinds });
    return user.id;
  }

  /** A "won" event for these members, as a statement of its own: the ids it wrote. */
  async function wonFor(userIds: string[], purchaseId: string, at: Date): Promise<string[]> {
    const recipients = sql`select u.id as user_id, ${purchaseId}::text as subject,
        ${pushPayload('won', { purchaseId: sql`${purchaseId}::text`, itemTitle: sql`'Damascus Chef Knife'::text` })} as payload
      from users u where u.id in (${sql.join(userIds)})`;
    const result = await sql<{ ids: string[] }>`
      with pushes as (${insertPushes('won', recipients, at)}) select ${idsOf('pushes')} as ids`.execute(db());
    return result.rows[0]?.ids ?? [];
  }

  it('writes one row per browser of each member who wants the kind, with the facts and their time to live', async () => {
    const byDefault = await member('default', 2);
    const allOn = await member('all-on', 1, ['won', 'shipped']);
    const switchedOff = await member('off', 2, ['shipped', 'draw_drawn']);
    const noneAtAll = await member('none', 1, []);
    const noDevice = await member('no-device', 0);
    const purchaseId = crypto.randomUUID();
    const at = new Date('2026-12-01T12:00:00Z');

    const ids = await wonFor([byDefault, allOn, switchedOff, noneAtAll, noDevice], purchaseId, at);
    expect(ids).toHaveLength(3);
    const rows = await db()
      .selectFrom('pushOutbox')
      .innerJoin('pushSubscriptions', 'pushSubscriptions.id', 'pushOutbox.subscriptionId')
      .select([
        'pushOutbox.id',
        'pushOutbox.userId',
        'pushOutbox.kind',
        'pushOutbox.dedupeKey',
        'pushOutbox.payload',
        'pushOutbox.expiresAt',
        'pushOutbox.status',
        'pushOutbox.subscriptionId',
        'pushSubscriptions.userId as subscriber',
      ])
      .where('pushOutbox.id', 'in', ids)
      .execute();
    expect(rows.map((r) => r.userId).sort()).toEqual([byDefault, byDefault, allOn].sort());
    for (const row of rows) {
      expect(row.subscriber).toBe(row.userId);
      expect(row.kind).toBe('won');
      expect(row.status).toBe('pending');
      expect(row.dedupeKey).toBe(`won:${purchaseId}:${row.subscriptionId}`);
      expect(PushData.won.parse(row.payload)).toEqual({ purchaseId, itemTitle: 'Damascus Chef Knife' });
      expect(row.expiresAt.getTime()).toBe(at.getTime() + PUSH_TTL_SECONDS.won * 1000);
    }
    // The member's two browsers each get their own row.
    expect(new Set(rows.map((r) => r.subscriptionId)).size).toBe(3);
  });

  it('writes nothing twice when the same event fans out again, and only the new browser when one was added', async () => {
    const buyer = await member('again', 1);
    const purchaseId = crypto.randomUUID();
    const first = await wonFor([buyer], purchaseId, new Date());
    expect(first).toHaveLength(1);
    expect(await wonFor([buyer], purchaseId, new Date())).toEqual([]);

    await subscribePushDevices(db(), buyer);
    const second = await wonFor([buyer], purchaseId, new Date());
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    // Another event of the same kind is new.
    expect(await wonFor([buyer], crypto.randomUUID(), new Date())).toHaveLength(2);
    const count = await db()
      .selectFrom('pushOutbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('userId', '=', buyer)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(4);
  });

  it('follows a change of preferences from the next event on', async () => {
    const changing = await member('changing', 1);
    expect(await wonFor([changing], crypto.randomUUID(), new Date())).toHaveLength(1);
    await db()
      .insertInto('pushPreferences')
      .values({ userId: changing, kinds: ['shipped'] })
      .execute();
    expect(await wonFor([changing], crypto.randomUUID(), new Date())).toEqual([]);
    await db()
      .updateTable('pushPreferences')
      .set({ kinds: ['shipped', 'won'] })
      .where('userId', '=', changing)
      .execute();
    expect(await wonFor([changing], crypto.randomUUID(), new Date())).toHaveLength(1);
  });
});
