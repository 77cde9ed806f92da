import { bladeLengthMessages, showMessages } from '@vault/contracts';
import { backends, eventually, type SeededMember } from '@vault/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';

// The inventory's Edit Item: PATCH /api/show-items/:id changes any of an item's fields but its
// show, keeps a sold item's price, and a live show's screens (on every instance) show the edit.

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('editing a show item on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let showId: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    ({ admin, customer } = await seedCustomerAndAdmin(t));
    const show = await call('POST', '/api/shows', { title: 'Edits', perKnifeSeconds: 60 });
    showId = show.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    member = admin,
    app?: FastifyInstance,
  ) =>
    (app ?? t.app).inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: member.cookie },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const edit = (id: string, body: unknown) => call('PATCH', `/api/show-items/${id}`, body);
  const addItem = async (body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/show-items', {
      showId,
      title: 'Glacier Clip Point',
      price: '312.50',
      description: 'Blue titanium',
      category: 'Folder',
      steelType: 'M390',
      imageUrls: ['/media/a.jpg'],
      legalClass: 'manual_folder',
      bladeLength: '3.40',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; hearts: number };
  };
  const inventoryItem = async (id: string) =>
    ((await call('GET', '/api/show-items')).json() as Array<{ id: string }>).find((i) => i.id === id);

  it('changes any subset of the fields, clears optional ones, and keeps the rest', async () => {
    const item = await addItem();
    await t.database.db.insertInto('itemHearts').values({ showItemId: item.id, userId: customer.userId }).execute();
    const res = await edit(item.id, {
      title: 'Glacier Automatic',
      price: '340',
      description: '',
      category: null,
      legalClass: 'automatic',
      bladeLength: 3.25,
      imageUrls: ['/media/b.jpg', '/media/c.jpg'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: item.id,
      showId,
      title: 'Glacier Automatic',
      name: 'Glacier Automatic',
      price: '340.00',
      description: null,
      category: null,
      imageUrls: ['/media/b.jpg', '/media/c.jpg'],
      legalClass: 'automatic',
      bladeLength: '3.25',
      status: 'queued',
      hearts: 1,
    };
    expect(res.json()).toMatchObject(expected);
    expect(await inventoryItem(item.id)).toMatchObject(expected);
    const row = await t.database.db
      .selectFrom('showItems')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    // What the body left out is as it was.
    expect(row).toMatchObject({ steelType: 'M390', orderIndex: 0, showId });
  });

  it.each([
    [{}, 'Nothing to change'],
    // An item stays in its show: the show is not an editable field.
    [{ showId: UNKNOWN }, 'Nothing to change'],
    [{ title: ' ' }, 'Name is required'],
    [{ price: '0' }, 'Price must be a positive number'],
    [{ legalClass: null }, 'Choose a legal class'],
    [{ legalClass: 'switchblade' }, 'Choose a legal class'],
    [{ bladeLength: null }, bladeLengthMessages.required],
    [{ bladeLength: 'short' }, bladeLengthMessages.invalid],
    [{ bladeLength: '150' }, bladeLengthMessages.tooLong],
    [{ mainVideoUrl: 'not a url' }, 'Must be a valid URL'],
  ])('refuses the edit %j with "%s", changing nothing', async (body, message) => {
    const item = await addItem();
    const res = await edit(item.id, body);
    expect([res.statusCode, res.json()]).toEqual([400, { message, code: 'invalid_request' }]);
    expect(await inventoryItem(item.id)).toMatchObject({ legalClass: 'manual_folder', bladeLength: '3.40', showId });
  });

  it('answers 404 for an item that does not exist', async () => {
    for (const id of [UNKNOWN, 'not-an-id']) {
      const res = await edit(id, { title: 'Ghost' });
      expect(res.json()).toEqual({
        message: showMessages.itemNotFound,
        code: id === UNKNOWN ? 'not_found' : 'invalid_request',
      });
    }
  });

  it('keeps the price a sold item was bought at; its other fields can still be corrected', async () => {
    const item = await addItem({ title: 'Sold Blade' });
    await t.database.db
      .updateTable('showItems')
      .set({ status: 'sold', soldAt: new Date(), soldToUserId: customer.userId })
      .where('id', '=', item.id)
      .execute();
    const repriced = await edit(item.id, { price: '1.00', title: 'Cheap now' });
    expect([repriced.statusCode, repriced.json()]).toEqual([
      409,
      { message: showMessages.soldPrice, code: 'conflict' },
    ]);
    expect(await inventoryItem(item.id)).toMatchObject({ title: 'Sold Blade', price: '312.50' });
    const corrected = await edit(item.id, { price: '312.5', legalClass: 'assisted', title: 'Sold Blade (assisted)' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ price: '312.50', legalClass: 'assisted', status: 'sold' });
  });

  it('shows the edit on a live show’s screens on every instance at once', async () => {
    const { show, items } = await startLiveShow(t, 2);
    const [first, second] = items;
    if (!first || !second) throw new Error('setup');
    const other = await t.sibling({ ownBus: true });
    const state = async () => (await call('GET', '/api/show/state', undefined, customer, other)).json();
    // The other instance shows the first knife on sale, as started: no transition is due for a
    // while, so only the edit itself can make it reload.
    await eventually(async () => (await state()).currentItem?.id === first.id, {
      within: 5000,
      what: 'the first knife on sale',
    });

    expect((await edit(first.id, { legalClass: 'balisong', bladeLength: '4.2', title: 'Flipped' })).statusCode).toBe(
      200,
    );
    expect((await edit(second.id, { legalClass: 'gravity' })).statusCode).toBe(200);
    const seen = await eventually(
      async () => {
        const now = await state();
        return now.show?.lineup?.[1]?.legalClass === 'gravity' && now;
      },
      { within: 5000, what: 'the edit on the other instance' },
    );
    expect(
      seen.show.lineup.map((i: { legalClass: string; bladeLength: string }) => [i.legalClass, i.bladeLength]),
    ).toEqual([
      ['balisong', '4.20'],
      ['gravity', '3.50'],
    ]);
    expect(seen.currentItem).toMatchObject({
      id: first.id,
      title: 'Flipped',
      legalClass: 'balisong',
      bladeLength: '4.20',
    });
    await t.app.shows.driver.command(show.id, { type: 'reset' });
  });
});
