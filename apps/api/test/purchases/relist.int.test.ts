import { relistMessages } from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS, eventually, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('relisting a voided purchase’s item on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let customer: SeededMember;
  /** Shows the app told to refresh (deps.driver.notify), in order. */
  const notified: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    ({
      customer,
      admin: { cookie: admin },
    } = await seedCustomerAndAdmin(t));
    // The driver the services were handed is this object: record what it is told, then do it.
    const { driver } = t.app.shows;
    const notify = driver.notify.bind(driver);
    driver.notify = async (showId) => {
      notified.push(showId);
      return notify(showId);
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: InjectOptions['payload'],
    cookie = admin,
    app: FastifyInstance = t.app,
  ) => app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload === undefined ? {} : { payload }) });
  const db = () => t.database.db;

  /** Resets whatever live show is running or paused: test products sell only between shows. */
  async function noShowLive() {
    const live = await db().selectFrom('shows').select('id').where('status', 'in', ['running', 'paused']).execute();
    for (const s of live) await t.app.shows.driver.command(s.id, { type: 'reset' });
  }

  /** A member buys a new test product and the admin voids the purchase. */
  async function voidedTestProductPurchase(price = '75.00') {
    await noShowLive();
    const [buyer] = await seedOnboardedMembers(db(), { count: 1, sessionSecret: t.app.config.sessionSecret });
    if (!buyer) throw new Error('setup');
    const product = await call('POST', '/api/admin/test-products', {
      title: `Relist me ${price}`,
      price,
      imageUrls: ['/media/a.jpg'],
      ...DEFAULT_KNIFE_FACTS,
    });
    expect(product.statusCode).toBe(201);
    const bought = await call('POST', '/api/show/buy', { showItemId: product.json().id }, buyer.cookie);
    expect(bought.statusCode).toBe(200);
    const purchaseId = bought.json().purchase.id as string;
    expect((await call('POST', `/api/purchases/${purchaseId}/void`, {})).json().status).toBe('voided');
    return { purchaseId, itemId: product.json().id as string };
  }

  async function idleShow(title = 'Relist Target') {
    const res = await call('POST', '/api/shows', { title, perKnifeSeconds: 60, prerollSeconds: 0 });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  it('relists a live show’s voided item at the end of another show’s lineup, copying it whole', async () => {
    const { show, items } = await startLiveShow(t, 2);
    const [sold] = items;
    if (!sold) throw new Error('setup');
    const specs = {
      description: 'Forged twice',
      mainVideoUrl: 'https://video.example/knife.mp4',
      imageUrls: ['/media/a.jpg', '/media/b.jpg'],
      category: 'Folding',
      bladeType: 'Tanto',
      steelType: 'M390',
      blade: '3.5 in',
      handlesSpec: 'Titanium',
      hardwareSpec: 'Torx',
      clipSpec: 'Deep carry',
      breakerSpec: 'Carbide',
      legalClass: 'assisted' as const,
      bladeLength: '3.10',
    };
    await db().updateTable('showItems').set(specs).where('id', '=', sold.id).execute();
    const bought = await call('POST', '/api/show/buy', { showItemId: sold.id }, customer.cookie);
    expect(bought.statusCode).toBe(200);
    const purchaseId = bought.json().purchase.id as string;

    // Not voided yet: an authorised purchase may still be captured.
    const early = await call('POST', `/api/purchases/${purchaseId}/relist`, { target: 'test_products' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: relistMessages.notVoided, code: 'conflict' });
    await call('POST', `/api/purchases/${purchaseId}/void`, {});

    // Into the live (running) show itself: refused; the same once paused.
    const live = await call('POST', `/api/purchases/${purchaseId}/relist`, { target: 'show', showId: show.id });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ message: relistMessages.showLive, code: 'conflict' });
    await call('POST', '/api/show/pause', {});
    const paused = await call('POST', `/api/purchases/${purchaseId}/relist`, { target: 'show', showId: show.id });
    expect(paused.json()).toEqual({ message: relistMessages.showLive, code: 'conflict' });
    await noShowLive();

    const target = await idleShow();
    await call('POST', '/api/show-items', {
      showId: target,
      title: 'Already there',
      price: '10',
      ...DEFAULT_KNIFE_FACTS,
    });
    notified.length = 0;
    const res = await call('POST', `/api/purchases/${purchaseId}/relist`, { target: 'show', showId: target });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      showId: target,
      title: 'Knife 1',
      price: '250.00',
      status: 'queued',
      orderIndex: 1,
      description: specs.description,
      imageUrls: specs.imageUrls,
      mainVideoUrl: specs.mainVideoUrl,
      category: 'Folding',
      bladeType: 'Tanto',
      soldToUserId: null,
      // Still classified: a relisted item is sold under the same rules as the one it copies.
      legalClass: 'assisted',
      bladeLength: '3.10',
    });
    expect(item.id).not.toBe(sold.id);
    const row = await db().selectFrom('showItems').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...specs, relistedFromItemId: sold.id });
    // The show screen was told its lineup changed.
    expect(notified).toContain(target);

    // It ends the target's lineup; the old item and its purchase stay as the sale's history.
    const shows = (await call('GET', '/api/shows')).json() as Array<{ id: string; lineup: Array<{ id: string }> }>;
    expect(
      shows
        .find((s) => s.id === target)
        ?.lineup.map((i) => i.id)
        .at(-1),
    ).toBe(item.id);
    const old = await db().selectFrom('showItems').selectAll().where('id', '=', sold.id).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ status: 'sold', soldToUserId: customer.userId, showId: show.id });
    const purchases = (await call('GET', `/api/shows/${show.id}/purchases`)).json();
    expect(purchases).toMatchObject([{ id: purchaseId, status: 'voided', relistedItemId: item.id }]);
    // The target show's purchases know nothing of it, and an unrelisted purchase says null.
    expect((await call('GET', `/api/shows/${target}/purchases`)).json()).toEqual([]);

    const again = await call('POST', `/api/purchases/${purchaseId}/relist`, { target: 'test_products' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: relistMessages.alreadyRelisted, code: 'conflict' });
  });

  it('relists as a test product: on sale to members at once, at its price or the one given', async () => {
    let announced = 0;
    const off = await t.bus.subscribe('sales', (message) => {
      if (message.type === 'test-products.changed') announced++;
    });
    const kept = await voidedTestProductPurchase('75.00');
    const res = await call('POST', `/api/purchases/${kept.purchaseId}/relist`, { target: 'test_products' });
    expect(res.statusCode).toBe(201);
    // Every instance reloads the test products a Buy may name: once for the product, once for its copy.
    await eventually(() => announced >= 2, { within: 5000, what: 'test-products.changed twice' });
    await off();
    expect(res.json()).toMatchObject({ title: 'Relist me 75.00', price: '75.00', status: 'available' });
    const repriced = await voidedTestProductPurchase('80.00');
    const cheap = await call('POST', `/api/purchases/${repriced.purchaseId}/relist`, {
      target: 'test_products',
      price: '1',
    });
    expect(cheap.statusCode).toBe(201);
    expect(cheap.json()).toMatchObject({ title: 'Relist me 80.00', price: '1.00', status: 'available' });

    const members = (await call('GET', '/api/test-products', undefined, customer.cookie)).json() as Array<{
      id: string;
      price: string;
      imageUrls: string[];
    }>;
    expect(members.find((p) => p.id === res.json().id)).toMatchObject({ price: '75.00', imageUrls: ['/media/a.jpg'] });
    expect(members.find((p) => p.id === cheap.json().id)).toMatchObject({ price: '1.00' });
    // The sold originals are not for sale again: only their copies are.
    expect(members.some((p) => p.id === kept.itemId || p.id === repriced.itemId)).toBe(false);
    const admins = (await call('GET', '/api/admin/test-products')).json() as Array<{
      id: string;
      relistedFromItemId: string | null;
    }>;
    expect(admins.find((p) => p.id === cheap.json().id)?.relistedFromItemId).toBe(repriced.itemId);

    // And the relisted copy sells like any test product.
    const bought = await call('POST', '/api/show/buy', { showItemId: cheap.json().id }, customer.cookie);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().item).toMatchObject({ price: '1.00' });
  });

  it('refuses clearly: unknown purchase or show, a completed purchase, bad targets and prices, customers', async () => {
    const { purchaseId } = await voidedTestProductPurchase('20.00');
    const relist = (body: unknown, id = purchaseId, cookie = admin) =>
      call('POST', `/api/purchases/${id}/relist`, body as InjectOptions['payload'], cookie);

    const cases: Array<[unknown, number, string, string]> = [
      [{}, 400, 'Choose a show, or relist the item as a test product', 'invalid_request'],
      [{ target: 'shelf' }, 400, 'Choose a show, or relist the item as a test product', 'invalid_request'],
      [{ target: 'show' }, 400, 'Show selection is required', 'invalid_request'],
      [{ target: 'show', showId: 'nope' }, 400, 'Show selection is required', 'invalid_request'],
      [{ target: 'test_products', price: '0' }, 400, 'Price must be a positive number', 'invalid_request'],
      [{ target: 'test_products', price: '1.005' }, 400, 'Price must have at most two decimals', 'invalid_request'],
      [{ target: 'show', showId: UNKNOWN }, 404, 'Show not found', 'not_found'],
    ];
    for (const [body, status, message, code] of cases) {
      const res = await relist(body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([status, { message, code }]);
    }
    // The standing test products show is not a show to relist "into": that is the other target.
    const testShow = await db().selectFrom('shows').select('id').where('kind', '=', 'test_products').executeTakeFirst();
    expect((await relist({ target: 'show', showId: testShow?.id })).statusCode).toBe(404);

    const unknown = await relist({ target: 'test_products' }, UNKNOWN);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Purchase not found', code: 'not_found' }]);
    const forbidden = await relist({ target: 'test_products' }, purchaseId, customer.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('admin_only');

    // A completed (captured) purchase was paid for: its item is the buyer's.
    await noShowLive();
    const product = await call('POST', '/api/admin/test-products', { title: 'Paid for', ...DEFAULT_KNIFE_FACTS });
    const bought = await call('POST', '/api/show/buy', { showItemId: product.json().id }, customer.cookie);
    const paid = bought.json().purchase.id as string;
    expect((await call('POST', `/api/purchases/${paid}/capture`, {})).json().status).toBe('completed');
    const completed = await relist({ target: 'test_products' }, paid);
    expect([completed.statusCode, completed.json()]).toEqual([
      409,
      { message: relistMessages.notVoided, code: 'conflict' },
    ]);

    // Nothing above made an item.
    const copies = await db()
      .selectFrom('showItems')
      .select('id')
      .where('relistedFromItemId', 'is not', null)
      .execute();
    const before = copies.length;
    expect((await relist({ target: 'test_products' })).statusCode).toBe(201);
    const after = await db().selectFrom('showItems').select('id').where('relistedFromItemId', 'is not', null).execute();
    expect(after.length).toBe(before + 1);
  });

  it('makes exactly one new item when two admins relist the same purchase at once (two replicas)', async () => {
    const other = await t.sibling();
    for (let round = 0; round < 3; round++) {
      const { purchaseId, itemId } = await voidedTestProductPurchase(`3${round}.00`);
      const target = await idleShow(`Race ${round}`);
      const answers = await Promise.all([
        call('POST', `/api/purchases/${purchaseId}/relist`, { target: 'show', showId: target }),
        call('POST', `/api/purchases/${purchaseId}/relist`, { target: 'test_products' }, admin, other),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      expect(refused?.json()).toEqual({ message: relistMessages.alreadyRelisted, code: 'conflict' });
      const copies = await db().selectFrom('showItems').select('id').where('relistedFromItemId', '=', itemId).execute();
      expect(copies.map((c) => c.id)).toEqual([answers.find((a) => a.statusCode === 201)?.json().id]);
    }
  });
});
