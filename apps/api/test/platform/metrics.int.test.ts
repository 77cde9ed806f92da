import { type SocketBuyAck, socketEvents } from '@vault/contracts';
import {
  backends,
  createScratchDatabase,
  freePort,
  openTestRedis,
  parsePrometheusText,
  promtoolCheckMetrics,
  type RunningProcess,
  requirePrometheus,
  type Scrape,
  type SeededMember,
  type SimulatedCard,
  seedOnboardedMembers,
  startPrivatePrometheus,
  startProcess,
  TEST_REDIS_URL,
  vapidEnv,
} from '@vault/testing';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimItem } from '../../src/sales/claims.repository';
import {
  buildTestApp,
  listenUrl,
  memberSocket,
  ORIGIN,
  seedCustomerAndAdmin,
  startLiveShow,
  type TestApp,
} from '../test-app';

const BUY_ROUTE = '/api/show/buy';

describe.each(backends)('Prometheus metrics of the API on %s', (backend) => {
  let t: TestApp;
  let metricsPort: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    metricsPort = await t.app.metrics.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  const members = (count: number, card: SimulatedCard = 'approve') =>
    seedOnboardedMembers(t.database.db, { count, sessionSecret: t.app.config.sessionSecret, card });

  const buy = (member: SeededMember, showItemId: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: BUY_ROUTE,
      headers: { origin: ORIGIN, cookie: member.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { showItemId },
    });

  async function socketBuy(member: SeededMember, showItemId: string): Promise<SocketBuyAck> {
    const socket = await memberSocket(t.app, member.cookie, sockets);
    return (await socket.timeout(10_000).emitWithAck(socketEvents.buy, { showItemId })) as SocketBuyAck;
  }

  /** GET /metrics over real HTTP, as Prometheus does, parsed strictly. */
  async function scrape(): Promise<{ text: string; metrics: Scrape }> {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { text, metrics: parsePrometheusText(text) };
  }

  it('counts each Buy press once by outcome and transport, times the buy route, the claim and the gateway', async () => {
    const { items } = await startLiveShow(t, 2);
    const [first] = items;
    const [winner, loser, onSocket] = await members(3);
    const [declined] = await members(1, 'decline-charge');
    if (!first || !winner || !loser || !onSocket || !declined) throw new Error('setup');
    const before = (await scrape()).metrics;

    const key = 'metrics-0123456789';
    // Declined first: the item is released and on sale again.
    expect((await buy(declined, first.id)).statusCode).toBe(402);
    expect((await buy(winner, first.id, key)).statusCode).toBe(200);
    expect((await buy(loser, first.id)).statusCode).toBe(409);
    // The same press again (a retry after a lost answer): the same purchase, counted as a replay.
    expect((await buy(winner, first.id, key)).statusCode).toBe(200);
    expect(await socketBuy(onSocket, first.id)).toMatchObject({ ok: false, status: 409 });

    const { text, metrics } = await scrape();
    const buys = (outcome: string, transport = 'http') =>
      (metrics.value('vault_buy_total', { outcome, transport }) ?? 0) -
      (before.value('vault_buy_total', { outcome, transport }) ?? 0);
    expect({
      won: buys('won'),
      sold: buys('sold'),
      replay: buys('replay'),
      declined: buys('declined'),
      soldOnSocket: buys('sold', 'socket'),
    }).toEqual({ won: 1, sold: 1, replay: 1, declined: 1, soldOnSocket: 1 });
    expect(metrics.sum('vault_buy_total')).toBe(before.sum('vault_buy_total') + 5);
    expect(metrics.families.get('vault_buy_total')).toMatchObject({ type: 'counter' });

    // The HTTP histogram is labelled by the route pattern and the status.
    const routeCount = (status: string) =>
      metrics.value('vault_http_request_duration_seconds_count', { method: 'POST', route: BUY_ROUTE, status }) ?? 0;
    expect([routeCount('200'), routeCount('409'), routeCount('402')]).toEqual([2, 1, 1]);
    expect(metrics.families.get('vault_http_request_duration_seconds')).toMatchObject({ type: 'histogram' });
    expect(text).not.toContain(first.id); // no raw URLs, ids or bodies in any label

    // The winner's and the declined member's claims reached the database and claimed the item.
    expect(metrics.value('vault_buy_claim_duration_seconds_count', { result: 'claimed' })).toBeGreaterThanOrEqual(2);
    expect(
      metrics.value('vault_gateway_request_duration_seconds_count', { operation: 'authorize', result: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(metrics.value('vault_gateway_failures_total', { operation: 'authorize', failure: 'declined' })).toBe(1);
    // The socket buyer is still connected; the sale was pushed to it.
    expect(metrics.value('vault_sockets_open')).toBe(1);
    expect(metrics.sum('vault_fanout_duration_seconds_count')).toBeGreaterThan(0);
    // Every member request above looked its session up: the cache or the database answered.
    expect(metrics.sum('vault_session_cache_lookups_total')).toBeGreaterThan(0);
    expect(metrics.value('vault_api_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(promtoolCheckMetrics(text)).toEqual([]);
  });

  it('tells a gateway that did not answer in time (timeout) from one that failed (error)', async () => {
    const { items } = await startLiveShow(t, 1);
    const { customer, admin } = await seedCustomerAndAdmin(t);
    if (!items[0]) throw new Error('setup');
    const before = (await scrape()).metrics;
    const fault = (kind: 'timeout' | 'error') =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/authnet/faults',
        headers: { origin: ORIGIN, cookie: admin.cookie },
        payload: { requestType: 'createTransactionRequest', kind },
      });
    expect((await fault('timeout')).statusCode).toBe(200);
    expect((await buy(customer, items[0].id)).json()).toMatchObject({ code: 'payment_failed' });
    expect((await fault('error')).statusCode).toBe(200);
    expect((await buy(customer, items[0].id)).json()).toMatchObject({ code: 'payment_failed' });

    const { metrics } = await scrape();
    const buys = (outcome: string) =>
      (metrics.value('vault_buy_total', { outcome, transport: 'http' }) ?? 0) -
      (before.value('vault_buy_total', { outcome, transport: 'http' }) ?? 0);
    // The member got the same answer twice; the operator sees which was which.
    expect({ timeout: buys('timeout'), error: buys('error') }).toEqual({ timeout: 1, error: 1 });
    expect(metrics.value('vault_gateway_failures_total', { operation: 'authorize', failure: 'timeout' })).toBe(
      (before.value('vault_gateway_failures_total', { operation: 'authorize', failure: 'timeout' }) ?? 0) + 1,
    );
  });

  it('counts what the reconciler did', async () => {
    const before = (await scrape()).metrics.value('vault_reconciler_actions_total', { action: 'released' }) ?? 0;
    const { items } = await startLiveShow(t, 1);
    const [member] = await members(1);
    if (!items[0] || !member) throw new Error('setup');
    // A claim left pending with no authorisation behind it, as a crash mid-Buy leaves it.
    expect(
      await claimItem(t.database.db, {
        userId: member.userId,
        showItemId: items[0].id,
        idempotencyKey: null,
        now: new Date(),
      }),
    ).toBeDefined();
    expect(await t.app.sales.reconcile({ pendingAfterMs: 0 })).toMatchObject({ released: 1 });
    const after = (await scrape()).metrics.value('vault_reconciler_actions_total', { action: 'released' });
    expect(after).toBe(before + 1);
  });

  it('is not served on the public port, and the metrics port serves nothing else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(`${listenUrl(t.app)}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health/live`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('a real Prometheus scraping the API and a worker', () => {
  const stops: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  it('stores the Buy counter and the worker queue depth, queried through its HTTP API', async () => {
    requirePrometheus();
    const t = await buildTestApp('postgres', { listen: true });
    stops.push(() => t.close());
    const apiPort = await t.app.metrics.listen({ host: '127.0.0.1', port: 0 });
    const scratch = await createScratchDatabase();
    stops.push(() => scratch.drop());
    const redis = await openTestRedis();
    stops.push(() => redis.dispose());
    const workerPort = await freePort();
    const worker: RunningProcess = startProcess('apps/worker/src/main.ts', {
      DATABASE_URL: scratch.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redis.prefix,
      WORKER_HEALTH_PORT: String(workerPort),
      LOG_LEVEL: 'info',
      ...vapidEnv(),
    });
    stops.push(() => worker.stop());
    await worker.waitFor('worker started');

    const { items } = await startLiveShow(t, 1);
    const [member] = await seedOnboardedMembers(t.database.db, {
      count: 1,
      sessionSecret: t.app.config.sessionSecret,
    });
    if (!items[0] || !member) throw new Error('setup');
    const bought = await t.app.inject({
      method: 'POST',
      url: BUY_ROUTE,
      headers: { origin: ORIGIN, cookie: member.cookie },
      payload: { showItemId: items[0].id },
    });
    expect(bought.statusCode).toBe(200);

    const prometheus = await startPrivatePrometheus({
      api: [`127.0.0.1:${apiPort}`],
      worker: [`127.0.0.1:${workerPort}`],
    });
    stops.push(() => prometheus.stop());
    const deadline = Date.now() + 20_000;
    /** The query's result once it has `series` series (the first scrapes take a second or two). */
    const query = async (promql: string, series = 1) => {
      for (;;) {
        const result = await prometheus.query(promql);
        if (result.length >= series || Date.now() > deadline) return result;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const won = await query('vault_buy_total{outcome="won",transport="http"}');
    expect(won.map((r) => [r.metric.job, r.value[1]])).toEqual([['api', '1']]);
    const up = await query('up == 1', 2);
    expect(up.map((r) => r.metric.job).sort()).toEqual(['api', 'worker']);
    const depth = await query('vault_queue_jobs{queue="clock",state="delayed"}');
    expect(depth.map((r) => r.metric.job)).toEqual(['worker']);
  }, 60_000);
});
