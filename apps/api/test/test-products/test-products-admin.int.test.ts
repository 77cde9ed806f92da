import { type BusMessage, bladeLengthMessages, priceMessages, testProductMessages } from '@vault/contracts';
import { backends, eventually, seedOnboardedMembers } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const BASE = '/api/admin/test-products';

interface Product {
  id: string;
  title: string;
  description: string | null;
  price: string;
  category: string | null;
  bladeType: string | null;
  imageUrls: string[];
  legalClass: string | null;
  bladeLength: string | null;
  status: string;
  purchaseCount: number;
}

/** What the editor requires of every product: a legal class and a blade length. */
const FACTS = { legalClass: 'gear', bladeLength: '0' };

describe.each(backends)('managing test products on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    const seeded = await seedCustomerAndAdmin(t);
    admin = seeded.admin.cookie;
    customer = seeded.customer.cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const forMembers = async () => (await call('GET', '/api/test-products', undefined, customer)).json() as Product[];
  const forAdmins = async () => (await call('GET', BASE)).json() as Product[];
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', BASE, { ...FACTS, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Product;
  };

  it('adds a $1 product by default, for sale to members at once, newest first for admins', async () => {
    const first = await create({ title: 'Test Blade' });
    expect(first).toMatchObject({
      title: 'Test Blade',
      description: null,
      price: '1.00',
      imageUrls: [],
      category: null,
      bladeType: null,
      legalClass: 'gear',
      bladeLength: '0.00',
      status: 'available',
      purchaseCount: 0,
    });
    const second = await create({
      title: '  Drop Point Trainer ',
      description: 'A trainer\nwith two lines',
      price: '2.5',
      imageUrls: ['/media/a.jpg', 'https://img.example/b.jpg'],
      category: 'Fixed',
      bladeType: 'Drop point',
      legalClass: 'fixed_blade',
      bladeLength: '3.5',
    });
    expect(second).toMatchObject({ title: 'Drop Point Trainer', price: '2.50', category: 'Fixed' });
    expect((await forMembers()).map((p) => p.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await forMembers()).find((p) => p.id === second.id)).toEqual({
      id: second.id,
      title: 'Drop Point Trainer',
      description: 'A trainer\nwith two lines',
      price: '2.50',
      category: 'Fixed',
      bladeType: 'Drop point',
      imageUrls: ['/media/a.jpg', 'https://img.example/b.jpg'],
      legalClass: 'fixed_blade',
      bladeLength: '3.50',
    });
    const listed = (await forAdmins()).map((p) => p.id);
    expect(listed.indexOf(second.id)).toBeLessThan(listed.indexOf(first.id));
  });

  it.each([
    [{}, 'Name is required'],
    [{ title: '   ' }, 'Name is required'],
    [{ title: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [{ title: 'x', price: '0' }, priceMessages.positive],
    [{ title: 'x', price: 'abc' }, priceMessages.positive],
    [{ title: 'x', price: '' }, priceMessages.positive],
    [{ title: 'x', price: '1.001' }, priceMessages.cents],
    [{ title: 'x', price: '100000000' }, priceMessages.tooHigh],
    [{ title: 'x', imageUrls: [''] }, 'Please enter an image URL'],
    [{ title: 'x', imageUrls: ['javascript:alert(1)'] }, 'Please enter a valid image URL'],
    [{ title: 'x', description: 'd'.repeat(5001) }, 'Must be at most 5000 characters'],
    [{ title: 'x', category: 'c'.repeat(101) }, 'Must be at most 100 characters'],
    [{ title: 'x\u0000' }, 'Text must not contain control characters'],
    [{ title: 'x' }, 'Choose a legal class'],
    [{ title: 'x', legalClass: 'switchblade', bladeLength: '3' }, 'Choose a legal class'],
    [{ title: 'x', legalClass: 'automatic' }, bladeLengthMessages.required],
    [{ title: 'x', legalClass: 'automatic', bladeLength: '' }, bladeLengthMessages.required],
    [{ title: 'x', legalClass: 'automatic', bladeLength: 'long' }, bladeLengthMessages.invalid],
    [{ title: 'x', legalClass: 'automatic', bladeLength: '3.125' }, bladeLengthMessages.invalid],
    [{ title: 'x', legalClass: 'automatic', bladeLength: '100' }, bladeLengthMessages.tooLong],
  ])('refuses the product %j with "%s"', async (body, message) => {
    const before = (await forAdmins()).length;
    const res = await call('POST', BASE, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
    expect((await forAdmins()).length).toBe(before);
  });

  it('edits any subset of the fields, clears optional ones, and members see it at once', async () => {
    const product = await create({
      title: 'Before',
      description: 'Old',
      category: 'Fixed',
      bladeType: 'Tanto',
      imageUrls: ['/media/a.jpg'],
    });
    const res = await call('PATCH', `${BASE}/${product.id}`, { title: 'After', price: '3', description: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: product.id,
      title: 'After',
      price: '3.00',
      description: null,
      category: 'Fixed',
      bladeType: 'Tanto',
      // What the body left out stays as it was.
      imageUrls: ['/media/a.jpg'],
    });
    const cleared = await call('PATCH', `${BASE}/${product.id}`, { category: null, imageUrls: ['/media/c.jpg'] });
    expect(cleared.json()).toMatchObject({ title: 'After', category: null, imageUrls: ['/media/c.jpg'] });
    expect((await forMembers()).find((p) => p.id === product.id)).toMatchObject({
      title: 'After',
      price: '3.00',
      description: null,
      category: null,
      bladeType: 'Tanto',
      imageUrls: ['/media/c.jpg'],
    });

    const classified = await call('PATCH', `${BASE}/${product.id}`, { legalClass: 'balisong', bladeLength: 4.25 });
    expect(classified.json()).toMatchObject({ title: 'After', legalClass: 'balisong', bladeLength: '4.25' });
    expect((await forMembers()).find((p) => p.id === product.id)).toMatchObject({
      legalClass: 'balisong',
      bladeLength: '4.25',
    });

    for (const [body, message] of [
      [{}, 'Nothing to change'],
      [{ title: '' }, 'Name is required'],
      [{ price: '-1' }, priceMessages.positive],
      // A class and a blade length may change, never go: a product once classified stays sellable.
      [{ legalClass: null }, 'Choose a legal class'],
      [{ bladeLength: null }, bladeLengthMessages.required],
    ] as const) {
      const bad = await call('PATCH', `${BASE}/${product.id}`, body);
      expect([bad.statusCode, bad.json()]).toEqual([400, { message, code: 'invalid_request' }]);
    }
    const missing = await call('PATCH', `${BASE}/${UNKNOWN}`, { title: 'x' });
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { message: testProductMessages.notFound, code: 'not_found' },
    ]);
  });

  it('only manages test products: a live show’s item is not one', async () => {
    const { items } = await startLiveShow(t, 1);
    const item = items[0];
    if (!item) throw new Error('setup');
    expect((await call('PATCH', `${BASE}/${item.id}`, { title: 'Hijack' })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${item.id}`)).statusCode).toBe(404);
    expect((await forAdmins()).some((p) => p.id === item.id)).toBe(false);
    await t.app.shows.driver.command(item.showId, { type: 'reset' });
  });

  it('deletes a product never bought; refuses one bought or being bought, which stays listed as sold', async () => {
    const unbought = await create({ title: 'Short lived' });
    const deleted = await call('DELETE', `${BASE}/${unbought.id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: testProductMessages.deleted }]);
    expect((await forMembers()).some((p) => p.id === unbought.id)).toBe(false);
    expect((await forAdmins()).some((p) => p.id === unbought.id)).toBe(false);
    expect((await call('DELETE', `${BASE}/${unbought.id}`)).statusCode).toBe(404);

    // A member whose card's charge hangs: the Buy stays in flight until the gateway timeout.
    const [slow] = await seedOnboardedMembers(t.database.db, {
      count: 1,
      sessionSecret: t.app.config.sessionSecret,
      card: 'timeout-charge',
    });
    if (!slow) throw new Error('setup');
    const product = await create({ title: 'Hot Item', price: '4.00' });
    const buying = call('POST', '/api/show/buy', { showItemId: product.id }, slow.cookie);
    await eventually(
      async () => {
        const row = await t.database.db
          .selectFrom('showItems')
          .select('claimId')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow();
        return row.claimId !== null;
      },
      { within: 5000, every: 20, what: 'the item claimed' },
    );
    const during = await call('DELETE', `${BASE}/${product.id}`);
    expect([during.statusCode, during.json()]).toEqual([
      409,
      { message: testProductMessages.beingBought('Hot Item'), code: 'conflict' },
    ]);
    const editDuring = await call('PATCH', `${BASE}/${product.id}`, { price: '0.50' });
    expect([editDuring.statusCode, editDuring.json()]).toEqual([
      409,
      { message: testProductMessages.bought('Hot Item'), code: 'conflict' },
    ]);
    // The gateway did authorise: the Buy finds it and records the purchase.
    const bought = await buying;
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().item.price).toBe('4.00');

    const after = await call('DELETE', `${BASE}/${product.id}`);
    expect([after.statusCode, after.json()]).toEqual([
      409,
      { message: `"Hot Item" has purchases; it can't be deleted`, code: 'conflict' },
    ]);
    expect((await forAdmins()).find((p) => p.id === product.id)).toMatchObject({
      status: 'sold',
      purchaseCount: 1,
      price: '4.00',
    });
    expect((await forMembers()).some((p) => p.id === product.id)).toBe(false);
  }, 20_000);

  it('tells every instance when a product is added, edited or deleted, and not when an edit is refused', async () => {
    const heard: BusMessage[] = [];
    const off = await t.bus.subscribe('sales', (message) => {
      if (message.type === 'test-products.changed') heard.push(message);
    });
    /** The messages heard once the `count`th arrived (Redis delivers them a moment later, in order). */
    const heardOnce = (count: number) =>
      eventually(() => heard.length >= count && heard.length, { within: 5000, what: 'test-products.changed' });
    try {
      const product = await create({ title: 'Announced' });
      expect(await heardOnce(1)).toBe(1);
      expect((await call('PATCH', `${BASE}/${product.id}`, { price: '0' })).statusCode).toBe(400);
      expect(
        (await call('PATCH', `${BASE}/${product.id}`, { legalClass: 'fixed_blade', bladeLength: '3' })).statusCode,
      ).toBe(200);
      expect(await heardOnce(2)).toBe(2);
      // Reclassified through the inventory's Edit Item too.
      expect((await call('PATCH', `/api/show-items/${product.id}`, { legalClass: 'assisted' })).statusCode).toBe(200);
      expect(await heardOnce(3)).toBe(3);
      expect((await call('DELETE', `${BASE}/${product.id}`)).statusCode).toBe(200);
      expect(await heardOnce(4)).toBe(4);
    } finally {
      await off();
    }
  });

  it('is for admins only', async () => {
    const product = await create({ title: 'Guarded' });
    for (const [method, url, body] of [
      ['GET', BASE, undefined],
      ['POST', BASE, { title: 'Sneaky' }],
      ['PATCH', `${BASE}/${product.id}`, { title: 'Sneaky' }],
      ['DELETE', `${BASE}/${product.id}`, undefined],
    ] as const) {
      const res = await call(method, url, body, customer);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([403, 'admin_only']);
      const visitor = await t.app.inject({ method, url, headers: { origin: ORIGIN }, payload: body });
      expect(visitor.statusCode).toBe(401);
    }
    expect((await forAdmins()).find((p) => p.id === product.id)?.title).toBe('Guarded');
    expect((await forAdmins()).some((p) => p.title === 'Sneaky')).toBe(false);
  });
});
