import { buyMessages, HeartCount, HeartsView } from '@vault/contracts';
import { backends, insertShowRows, knives, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

describe.each(backends)('hearts on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const members = (count: number) => seedOnboardedMembers(db(), { count, sessionSecret: t.app.config.sessionSecret });

  /** A live show with three items, in a given status (scheduled: the countdown card's preview). */
  async function showWithItems(status: 'scheduled' | 'idle' | 'completed' = 'scheduled') {
    return insertShowRows(
      db(),
      { title: 'Hearts', perKnifeSeconds: 60, items: knives(3, { price: '99.00' }) },
      { status, launchTime: new Date(Date.now() + 3_600_000) },
    );
  }

  const heart = (member: SeededMember | null, itemId: string, on = true) =>
    t.app.inject({
      method: on ? 'PUT' : 'DELETE',
      url: `/api/hearts/${itemId}`,
      headers: { origin: ORIGIN, ...(member ? { cookie: member.cookie } : {}) },
    });
  const hearts = (member: SeededMember, showId: string) =>
    t.app.inject({ url: `/api/hearts?showId=${showId}`, headers: { cookie: member.cookie } });

  it('counts hearts per item, knows whose they are, and takes a double tap as one', async () => {
    const { show, items } = await showWithItems();
    const [ann, bob] = await members(2);
    const [first, second] = items;
    if (!ann || !bob || !first || !second) throw new Error('setup');

    // Two presses of the same heart (a double tap, or a retry on a bad link) are one heart.
    const [once, twice] = await Promise.all([heart(ann, first.id), heart(ann, first.id)]);
    expect(once.statusCode).toBe(200);
    expect(HeartCount.parse(twice.json())).toEqual({ showItemId: first.id, count: 1, hearted: true });
    expect((await heart(bob, first.id)).json()).toEqual({ showItemId: first.id, count: 2, hearted: true });
    expect((await heart(bob, second.id)).json()).toEqual({ showItemId: second.id, count: 1, hearted: true });

    const annView = HeartsView.parse((await hearts(ann, show.id)).json());
    expect(annView).toEqual({
      showId: show.id,
      items: [
        { showItemId: first.id, count: 2, hearted: true },
        { showItemId: second.id, count: 1, hearted: false },
        { showItemId: items[2]?.id, count: 0, hearted: false },
      ],
    });

    // Un-hearting is idempotent too.
    expect((await heart(ann, first.id, false)).json()).toEqual({ showItemId: first.id, count: 1, hearted: false });
    expect((await heart(ann, first.id, false)).json()).toEqual({ showItemId: first.id, count: 1, hearted: false });
    const rows = await db().selectFrom('itemHearts').selectAll().where('showItemId', '=', first.id).execute();
    expect(rows.map((r) => r.userId)).toEqual([bob.userId]);
  });

  it('shows admins the demand per item, in the show list and the inventory', async () => {
    const { show, items } = await showWithItems();
    const fans = await members(3);
    const item = items[1];
    if (!item) throw new Error('setup');
    for (const fan of fans) expect((await heart(fan, item.id)).statusCode).toBe(200);

    const shows = (await t.app.inject({ url: '/api/shows', headers: { cookie: admin.cookie } })).json() as Array<{
      id: string;
      lineup: Array<{ id: string; hearts: number }>;
    }>;
    const lineup = shows.find((s) => s.id === show.id)?.lineup;
    expect(lineup?.map((i) => i.hearts)).toEqual([0, 3, 0]);
    const inventory = (
      await t.app.inject({ url: '/api/show-items', headers: { cookie: admin.cookie } })
    ).json() as Array<{
      id: string;
      hearts: number;
    }>;
    expect(inventory.find((i) => i.id === item.id)?.hearts).toBe(3);
  });

  it('takes hearts only on an upcoming or live show, from signed-in members of our own origin', async () => {
    const idle = await showWithItems('idle');
    const done = await showWithItems('completed');
    const [member] = await members(1);
    const idleItem = idle.items[0];
    const doneItem = done.items[0];
    if (!member || !idleItem || !doneItem) throw new Error('setup');

    for (const itemId of [idleItem.id, doneItem.id]) {
      const refused = await heart(member, itemId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: buyMessages.notFound, code: 'not_found' });
    }
    // A show members cannot see is not found, rather than confirmed to exist.
    expect((await hearts(member, idle.show.id)).json()).toMatchObject({ code: 'not_found' });
    expect((await heart(member, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await heart(member, 'not-a-uuid')).json()).toEqual({ message: 'Item not found', code: 'invalid_request' });
    expect((await heart(null, idleItem.id)).statusCode).toBe(401);

    const { items } = await showWithItems();
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: `/api/hearts/${items[0]?.id}`,
      headers: { origin: 'https://evil.example', cookie: member.cookie },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await db().selectFrom('itemHearts').selectAll().where('userId', '=', member.userId).execute()).toEqual([]);
  });
  it('answers an item or show members cannot see (draft, ended) exactly as an unknown one', async () => {
    const [member] = await members(1);
    if (!member) throw new Error('setup');
    const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });
    const unknownItem = '00000000-0000-4000-8000-00000000dead';
    const unknownShow = '00000000-0000-4000-8000-00000000beef';
    for (const status of ['idle', 'completed'] as const) {
      const hidden = await showWithItems(status);
      const hiddenItem = hidden.items[0]?.id ?? '';
      for (const on of [true, false]) {
        expect(answer(await heart(member, hiddenItem, on)), `${status} ${on}`).toEqual(
          answer(await heart(member, unknownItem, on)),
        );
      }
      expect(answer(await hearts(member, hidden.show.id))).toEqual(answer(await hearts(member, unknownShow)));
    }
    expect(answer(await heart(member, unknownItem))).toMatchObject({ status: 404 });
  });
});
