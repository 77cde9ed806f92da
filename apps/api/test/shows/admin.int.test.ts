import { simulatorDb } from '@vault/authnet-simulator';
import { apiWriter, backends, buildShow, DEFAULT_KNIFE_FACTS, seedOnboardedMembers } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../test-app';

const SECRET = 'test-session-secret-at-least-32-characters';

describe.each(backends)('the admin API on %s: shows, lineups, purchases', (backend) => {
  let t: TestApp;
  let admin: string;
  let member: { userId: string; cookie: string };

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    const [a, m] = await seedOnboardedMembers(t.database.db, { count: 2, sessionSecret: SECRET });
    if (!a || !m) throw new Error('setup');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', a.userId).execute();
    admin = a.cookie;
    member = m;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: InjectOptions['payload'], cookie = admin) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload === undefined ? {} : { payload }) });

  /** A show with these items through the admin API: the show and the items as it answered them. */
  async function showWithItems(titles: string[]) {
    const answers: Array<{ id: string; title: string }> = [];
    const writer = apiWriter(async (url, body) => {
      const answer = (await call('POST', url, body as InjectOptions['payload'])).json();
      answers.push(answer);
      return answer;
    });
    await buildShow(writer, {
      title: 'Edit me',
      perKnifeSeconds: 60,
      prerollSeconds: 0,
      items: titles.map((title) => ({ title, price: '120' })),
    });
    const [show, ...items] = answers;
    if (!show) throw new Error('the show was not created');
    return { show, items };
  }

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x', perKnifeSeconds: 0 }, 'Seconds per item must be at least 1'],
    [{ title: 'x', perKnifeSeconds: 2.5 }, 'Seconds per item must be a whole number'],
    [{ title: 'x', perKnifeSeconds: 30, intermissionSeconds: -1 }, 'Intermission seconds must be at least 0'],
  ])('refuses the show %j with "%s"', async (body, message) => {
    const res = await call('POST', '/api/shows', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
  });

  it('edits a show’s title, description and timings', async () => {
    const { show } = await showWithItems(['A']);
    const res = await call('PATCH', `/api/shows/${show.id}`, {
      title: 'Winter Forge',
      description: 'Six knives',
      perKnifeSeconds: 90,
      intermissionSeconds: 15,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Winter Forge',
      description: 'Six knives',
      perKnifeSeconds: 90,
      intermissionSeconds: 15,
    });
    expect((await call('PATCH', `/api/shows/${show.id}`, {})).json()).toEqual({
      message: 'Nothing to change',
      code: 'invalid_request',
    });
    expect((await call('PATCH', `/api/shows/${show.id}`, { title: ' ' })).json()).toEqual({
      message: 'Title is required',
      code: 'invalid_request',
    });
    const missing = await call('PATCH', '/api/shows/00000000-0000-4000-8000-000000000000', { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Show not found', code: 'not_found' });
  });

  it('reorders the lineup, refusing an incomplete one and a live show’s', async () => {
    const { show, items } = await showWithItems(['First', 'Second', 'Third']);
    const [a, b, c] = items.map((i) => i.id);
    const res = await call('PATCH', `/api/shows/${show.id}`, { lineup: [c, a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json().lineup.map((i: { title: string }) => i.title)).toEqual(['Third', 'First', 'Second']);

    for (const lineup of [
      [a, b],
      [a, a, b],
      [a, b, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const bad = await call('PATCH', `/api/shows/${show.id}`, { lineup });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        message: 'The lineup must list every item of the show exactly once',
        code: 'invalid_request',
      });
    }
    expect((await call('POST', '/api/show/start', { showId: show.id })).statusCode).toBe(200);
    const live = await call('PATCH', `/api/shows/${show.id}`, { lineup: [a, b, c] });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({
      message: 'Pause and reset the live show before changing its lineup',
      code: 'conflict',
    });
    // The live show's first item is the one put first.
    const state = (await call('GET', '/api/show/state')).json();
    expect(state.currentItem).toMatchObject({ id: c, title: 'Third' });
  });

  it('lists who bought what, captures and voids authorised purchases; the member sees the status', async () => {
    const live = (await call('GET', '/api/show/state')).json();
    const showId = live.show.id as string;
    const itemId = live.currentItem.id as string;
    const bought = await call('POST', '/api/show/buy', { showItemId: itemId }, member.cookie);
    expect(bought.statusCode).toBe(200);
    const purchaseId = bought.json().purchase.id as string;

    const list = await call('GET', `/api/shows/${showId}/purchases`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      {
        id: purchaseId,
        itemTitle: 'Third',
        amount: '120.00',
        status: 'authorized',
        buyer: { id: member.userId, fullName: 'Test Buyer 1' },
      },
    ]);

    const captured = await call('POST', `/api/purchases/${purchaseId}/capture`, {});
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toMatchObject({ id: purchaseId, status: 'completed' });
    const tx = await simulatorDb(t.database)
      .selectFrom('authnetSimTransactions')
      .select('status')
      .where('id', '=', Number(captured.json().transactionId))
      .executeTakeFirstOrThrow();
    expect(tx.status).toBe('captured');
    const orders = (await call('GET', '/api/orders', undefined, member.cookie)).json();
    expect(orders).toMatchObject([{ id: purchaseId, status: 'completed', totalAmount: '120.00' }]);

    const again = await call('POST', `/api/purchases/${purchaseId}/capture`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Only an authorized purchase can be captured or voided',
      code: 'not_authorized_payment',
    });
    expect((await call('POST', `/api/purchases/${purchaseId}/void`, {})).statusCode).toBe(409);
    const unknown = await call('POST', '/api/purchases/00000000-0000-4000-8000-000000000000/void', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Purchase not found', code: 'not_found' });
  });

  it('voids an authorisation: the gateway releases it and the order says voided', async () => {
    // A $1 test product, bought with no show live.
    const live = (await call('GET', '/api/show/state')).json();
    if (live.show) await call('POST', '/api/show/reset', { showId: live.show.id });
    const testShow = await t.database.db
      .insertInto('shows')
      .values({ title: 'Test products', kind: 'test_products' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await t.database.db
      .insertInto('showItems')
      .values({ showId: testShow.id, title: 'Test Blade', price: '1.00', status: 'available', ...DEFAULT_KNIFE_FACTS })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bought = await call('POST', '/api/show/buy', { showItemId: product.id }, member.cookie);
    expect(bought.statusCode).toBe(200);
    const purchaseId = bought.json().purchase.id as string;
    const voided = await call('POST', `/api/purchases/${purchaseId}/void`, {});
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'voided' });
    const tx = await simulatorDb(t.database)
      .selectFrom('authnetSimTransactions')
      .select('status')
      .where('id', '=', Number(bought.json().purchase.transactionId))
      .executeTakeFirstOrThrow();
    expect(tx.status).toBe('voided');
    const orders = (await call('GET', '/api/orders', undefined, member.cookie)).json();
    expect(orders.find((o: { id: string }) => o.id === purchaseId)).toMatchObject({ status: 'voided' });
  });

  it('asks the gateway when a capture or void got no answer: the money moved, so the purchase says so', async () => {
    const testShow = await t.database.db
      .selectFrom('shows')
      .select('id')
      .where('kind', '=', 'test_products')
      .executeTakeFirstOrThrow();
    const cases = [
      ['capture', 'lost-answer', 200, 'completed', 'captured'],
      ['void', 'dropped-answer', 200, 'voided', 'voided'],
      ['capture', 'error', 502, 'authorized', 'authorized'],
    ] as const;
    for (const [action, kind, statusCode, status, atGateway] of cases) {
      const product = await t.database.db
        .insertInto('showItems')
        .values({
          showId: testShow.id,
          title: `Blade ${kind}`,
          price: '1.00',
          status: 'available',
          ...DEFAULT_KNIFE_FACTS,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const bought = await call('POST', '/api/show/buy', { showItemId: product.id }, member.cookie);
      expect(bought.statusCode).toBe(200);
      const purchase = bought.json().purchase as { id: string; transactionId: string };
      await t.app.payments.simulator?.injectFaults({ requestType: 'createTransactionRequest', kind });
      const settled = await call('POST', `/api/purchases/${purchase.id}/${action}`, {});
      expect(settled.statusCode, kind).toBe(statusCode);
      const row = await t.database.db
        .selectFrom('purchases')
        .select('status')
        .where('id', '=', purchase.id)
        .executeTakeFirstOrThrow();
      expect(row.status, kind).toBe(status);
      const tx = await simulatorDb(t.database)
        .selectFrom('authnetSimTransactions')
        .select('status')
        .where('id', '=', Number(purchase.transactionId))
        .executeTakeFirstOrThrow();
      expect(tx.status, kind).toBe(atGateway);
    }
  });
});
