import { DRAW_CLOSE_MARGIN_SECONDS, drawMessages, showMessages } from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

// Fair drops, the admin's side: an item is sold by first press or by a draw with its entry
// window, which must close DRAW_CLOSE_MARGIN_SECONDS before the show's time per item runs out;
// a show passes a declined winner's item to the next in line unless the admin turns it off.

const ITEM = {
  title: 'Draw Bowie',
  price: '410.00',
  imageUrls: ['/media/a.jpg'],
  legalClass: 'fixed_blade',
  bladeLength: '6.00',
};

describe.each(backends)('sale mode and next in line on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let showId: string;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin, customer } = await seedCustomerAndAdmin(t));
    const show = await call('POST', '/api/shows', { title: 'Draw Night', perKnifeSeconds: 60 });
    expect(show.statusCode, show.body).toBe(201);
    showId = show.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, member = admin) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: member.cookie },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const add = (body: Record<string, unknown>, show = showId) =>
    call('POST', '/api/show-items', { showId: show, ...ITEM, ...body });
  const edit = (id: string, body: unknown) => call('PATCH', `/api/show-items/${id}`, body);
  const row = (id: string) =>
    t.database.db
      .selectFrom('showItems')
      .select(['saleMode', 'drawWindowSeconds'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const refusal = (message: string, status = 400) => ({
    status,
    body: { message, code: status === 400 ? 'invalid_request' : 'conflict' },
  });
  // A sold item names its buyer and time (the table's check).
  const markSold = (id: string) =>
    t.database.db
      .updateTable('showItems')
      .set({ status: 'sold', soldToUserId: customer.userId, soldAt: new Date() })
      .where('id', '=', id)
      .execute();
  const answer = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });

  it('adds a draw item with its window, and a first-press item by default with none', async () => {
    const draw = await add({ saleMode: 'draw', drawWindowSeconds: 30 });
    expect(draw.statusCode, draw.body).toBe(201);
    expect(draw.json()).toMatchObject({ saleMode: 'draw', drawWindowSeconds: 30 });
    expect(await row(draw.json().id)).toEqual({ saleMode: 'draw', drawWindowSeconds: 30 });

    const plain = await add({});
    expect(plain.json()).toMatchObject({ saleMode: 'first_press', drawWindowSeconds: null });
    // A window sent with a first-press item is not kept: it would only mislead a later switch.
    const stray = await add({ saleMode: 'first_press', drawWindowSeconds: 20 });
    expect(await row(stray.json().id)).toEqual({ saleMode: 'first_press', drawWindowSeconds: null });

    const inventory = (await call('GET', '/api/show-items')).json() as Array<{ id: string; saleMode: string }>;
    expect(inventory.find((i) => i.id === draw.json().id)?.saleMode).toBe('draw');
    const shows = (await call('GET', '/api/shows')).json() as Array<{
      id: string;
      lineup: Array<{ id: string; drawWindowSeconds: number | null }>;
    }>;
    const lineup = shows.find((s) => s.id === showId)?.lineup ?? [];
    expect(lineup.find((i) => i.id === draw.json().id)?.drawWindowSeconds).toBe(30);
  });

  it('refuses a draw without a window, a window that does not close in time, and one out of bounds', async () => {
    expect(answer(await add({ saleMode: 'draw' }))).toEqual(refusal(drawMessages.windowRequired));
    expect(answer(await add({ saleMode: 'draw', drawWindowSeconds: null }))).toEqual(
      refusal(drawMessages.windowRequired),
    );
    // 60 s per item: the window may run to 58 s, not 59.
    expect(answer(await add({ saleMode: 'draw', drawWindowSeconds: 60 - DRAW_CLOSE_MARGIN_SECONDS + 1 }))).toEqual(
      refusal(drawMessages.windowTooLong(60)),
    );
    const longest = await add({ saleMode: 'draw', drawWindowSeconds: 60 - DRAW_CLOSE_MARGIN_SECONDS });
    expect(longest.statusCode, longest.body).toBe(201);
    expect(answer(await add({ saleMode: 'draw', drawWindowSeconds: 4 }))).toEqual(
      refusal('Draw window must be at least 5 seconds'),
    );
    expect(answer(await add({ saleMode: 'draw', drawWindowSeconds: 2.5 }))).toEqual(
      refusal('Draw window must be a whole number of seconds'),
    );
    expect((await add({ saleMode: 'raffle', drawWindowSeconds: 10 })).statusCode).toBe(400);
  });

  it('edits the sale mode: a switch to first press clears the window; a draw is checked like a new one', async () => {
    const item = (await add({})).json() as { id: string };
    expect(answer(await edit(item.id, { saleMode: 'draw' }))).toEqual(refusal(drawMessages.windowRequired));
    const drawn = await edit(item.id, { saleMode: 'draw', drawWindowSeconds: 20 });
    expect(drawn.json()).toMatchObject({ saleMode: 'draw', drawWindowSeconds: 20 });
    // The window alone may change; the mode stays the draw.
    expect((await edit(item.id, { drawWindowSeconds: 45 })).json()).toMatchObject({ drawWindowSeconds: 45 });
    expect(answer(await edit(item.id, { drawWindowSeconds: 59 }))).toEqual(refusal(drawMessages.windowTooLong(60)));
    // Clearing the window of a draw leaves it without one: refused.
    expect(answer(await edit(item.id, { drawWindowSeconds: null }))).toEqual(refusal(drawMessages.windowRequired));
    // Back to first press: the window goes with it, though the body did not mention it.
    expect((await edit(item.id, { saleMode: 'first_press' })).json()).toMatchObject({
      saleMode: 'first_press',
      drawWindowSeconds: null,
    });
    expect(await row(item.id)).toEqual({ saleMode: 'first_press', drawWindowSeconds: null });
    // Other fields edit as before, the mode untouched.
    expect((await edit(item.id, { title: 'Renamed' })).json()).toMatchObject({
      title: 'Renamed',
      saleMode: 'first_press',
    });
  });

  it('keeps the sale mode of an item on screen or sold', async () => {
    const item = (await add({ saleMode: 'draw', drawWindowSeconds: 30 })).json() as { id: string };
    for (const status of ['showing', 'sold'] as const) {
      if (status === 'sold') await markSold(item.id);
      else await t.database.db.updateTable('showItems').set({ status }).where('id', '=', item.id).execute();
      expect(answer(await edit(item.id, { saleMode: 'first_press' }))).toEqual(
        refusal(showMessages.saleModeSettled, 409),
      );
      expect(answer(await edit(item.id, { drawWindowSeconds: 10 }))).toEqual(
        refusal(showMessages.saleModeSettled, 409),
      );
      // The same mode and window again is no change, and other fields still edit.
      expect((await edit(item.id, { saleMode: 'draw', drawWindowSeconds: 30, title: `On ${status}` })).statusCode).toBe(
        200,
      );
    }
    expect(await row(item.id)).toEqual({ saleMode: 'draw', drawWindowSeconds: 30 });
  });

  it('refuses a shorter time per item that a draw window would outlast, but not one a sold draw had', async () => {
    const show = (await call('POST', '/api/shows', { title: 'Short', perKnifeSeconds: 40 })).json() as { id: string };
    const item = (await add({ saleMode: 'draw', drawWindowSeconds: 30 }, show.id)).json() as { id: string };
    const shorter = await call('PATCH', `/api/shows/${show.id}`, { perKnifeSeconds: 31 });
    expect(answer(shorter)).toEqual(refusal(drawMessages.windowTooLong(31)));
    expect(
      (
        await t.database.db
          .selectFrom('shows')
          .select('perKnifeSeconds')
          .where('id', '=', show.id)
          .executeTakeFirstOrThrow()
      ).perKnifeSeconds,
    ).toBe(40);
    const fits = await call('PATCH', `/api/shows/${show.id}`, { perKnifeSeconds: 30 + DRAW_CLOSE_MARGIN_SECONDS });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toMatchObject({ perKnifeSeconds: 32 });
    // A sold draw item's window is history: it holds no new time per item back.
    await markSold(item.id);
    const shortest = await call('PATCH', `/api/shows/${show.id}`, { perKnifeSeconds: 10 });
    expect(shortest.statusCode, shortest.body).toBe(200);
    // With the show at 10 s, a new draw's window is checked against that.
    expect(answer(await add({ saleMode: 'draw', drawWindowSeconds: 9 }, show.id))).toEqual(
      refusal(drawMessages.windowTooLong(10)),
    );
  });

  it('keeps test products first press', async () => {
    const testShow = await t.database.db
      .insertInto('shows')
      .values({ title: 'Test products', kind: 'test_products' })
      .onConflict((oc) => oc.column('kind').where('kind', '=', 'test_products').doNothing())
      .returning('id')
      .executeTakeFirst();
    const testShowId =
      testShow?.id ??
      (
        await t.database.db
          .selectFrom('shows')
          .select('id')
          .where('kind', '=', 'test_products')
          .executeTakeFirstOrThrow()
      ).id;
    expect(answer(await add({ saleMode: 'draw', drawWindowSeconds: 30 }, testShowId))).toEqual(
      refusal(showMessages.testProductDraw),
    );
    const product = (await add({ price: '1.00' }, testShowId)).json() as { id: string; saleMode: string };
    expect(product.saleMode).toBe('first_press');
    expect(answer(await edit(product.id, { saleMode: 'draw', drawWindowSeconds: 30 }))).toEqual(
      refusal(showMessages.testProductDraw),
    );
    expect(await row(product.id)).toEqual({ saleMode: 'first_press', drawWindowSeconds: null });
  });

  it('creates a show with next in line on by default or off, and switches it', async () => {
    const defaulted = (await call('POST', '/api/shows', { title: 'Default', perKnifeSeconds: 30 })).json();
    expect(defaulted.nextInLine).toBe(true);
    const off = await call('POST', '/api/shows', { title: 'Off', perKnifeSeconds: 30, nextInLine: false });
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json().nextInLine).toBe(false);
    const stored = () =>
      t.database.db.selectFrom('shows').select('nextInLine').where('id', '=', off.json().id).executeTakeFirstOrThrow();
    expect((await stored()).nextInLine).toBe(false);
    const on = await call('PATCH', `/api/shows/${off.json().id}`, { nextInLine: true });
    expect(on.json().nextInLine).toBe(true);
    expect((await stored()).nextInLine).toBe(true);
    expect((await call('PATCH', `/api/shows/${off.json().id}`, { nextInLine: 'yes' })).statusCode).toBe(400);
  });

  it('lets only admins set a sale mode', async () => {
    const res = await call(
      'POST',
      '/api/show-items',
      { showId, ...ITEM, saleMode: 'draw', drawWindowSeconds: 30 },
      customer,
    );
    expect(res.statusCode).toBe(403);
  });
});
