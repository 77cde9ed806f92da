import { randomUUID } from 'node:crypto';
import type { BuyResponse } from '@vault/contracts';
import { type DatabaseHandle, openDatabase } from '@vault/db';
import { type Cluster, type SeededMember, seedOnboardedMembers, startCluster } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollThroughProxy, proxyClient, type WatchingSocket, watchThroughProxy } from '../support/through-proxy';

/**
 * Scaled mode as docker-compose runs it, without Docker: Debian's HAProxy on deploy/haproxy.cfg
 * (only the addresses substituted) in front of two API replicas and two BullMQ workers, all real
 * processes on Postgres and Redis.
 */
let cluster: Cluster;
let database: DatabaseHandle;
let members: SeededMember[];
let client: ReturnType<typeof proxyClient>;
let admin: string;
const sockets: WatchingSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster({ apis: 2, workers: 2 });
  database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
  members = await seedOnboardedMembers(database.db, { count: 300, sessionSecret: cluster.sessionSecret });
  client = proxyClient(cluster);
  admin = await client.adminCookie();
}, 180_000);

afterAll(async () => {
  for (const s of sockets.splice(0)) s.close();
  await database?.close();
  await cluster?.stop();
});

function member(i: number): SeededMember {
  const found = members[i];
  if (!found) throw new Error(`no member ${i}`);
  return found;
}

function groupByStatus<T extends { status: number }>(answers: T[]): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const a of answers) {
    const key = String(a.status);
    groups[key] = [...(groups[key] ?? []), a];
  }
  return groups;
}

/**
 * A watcher saw each transition in order, none twice, from the first it saw to the end. While it
 * was away (its replica restarting) the show went on: it resumes at the show's step then, so a
 * step that began and ended in that gap is skipped, never repeated. The last step is the
 * completion, after which the view holds no show.
 */
function expectEveryTransitionSeen(w: WatchingSocket, finalStep: number) {
  const jumps = w.steps.flatMap((step, i) => {
    const previous = w.steps[i - 1];
    if (previous === undefined || step === previous || step === previous + 1) return [];
    if (step > previous && w.resumedAt.includes(i)) return [];
    return [`${previous} → ${step} at view ${i}`];
  });
  expect(jumps).toEqual([]);
  expect(w.steps.at(-1)).toBe(finalStep - 1);
  expect(w.latest()?.show).toBeNull();
}

/** A completed show leaves the member's view (it shows the next one), so ask the database. */
async function expectShowCompleted(showId: string, timeout = 40_000) {
  await expect
    .poll(
      async () =>
        (await database.db.selectFrom('shows').select('status').where('id', '=', showId).executeTakeFirst())?.status,
      { timeout, interval: 250 },
    )
    .toBe('completed');
}

/** The show's recorded transitions: each step once, none missing, in order. */
async function expectEveryStepOnce(showId: string) {
  const events = await database.db
    .selectFrom('showEvents')
    .select(['id', 'step'])
    .where('showId', '=', showId)
    // Watcher samples carry the show's current step at a later time: not a transition.
    .where('type', '!=', 'watchers')
    .orderBy('id')
    .execute();
  const steps = [...new Set(events.map((e) => e.step))];
  expect(steps).toEqual(Array.from({ length: steps.length }, (_, i) => i + 1));
  // A step's events are written together: a step seen again later would be a doubled transition.
  const order = events.map((e) => e.step);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  return steps.length;
}

describe("behind Debian's HAProxy with the shipped config", () => {
  it('pins a client to one replica, balances the unpinned, and carries Socket.IO over WebSocket and long-polling', async () => {
    const unpinned = await Promise.all(Array.from({ length: 8 }, () => client.call('GET', '/api/health')));
    expect(new Set(unpinned.map((a) => a.servedBy))).toEqual(new Set(['api1', 'api2']));
    expect(unpinned.every((a) => a.pin?.startsWith('VAULT_NODE='))).toBe(true);
    // A replica's keep-alive hint (72 s) must not reach clients: HAProxy closes their idle
    // connections after 10 s, and a client trusting the hint sends its next Buy into a closed socket.
    const direct = await fetch(`http://127.0.0.1:${cluster.apiPorts[0]}/api/health`);
    expect(direct.headers.get('keep-alive')).toMatch(/timeout=\d+/);
    const proxied = await fetch(`${cluster.url}/api/health`);
    expect(proxied.headers.get('keep-alive')).toBeNull();

    for (const index of [0, 1]) {
      const cookie = `${member(index).cookie}; ${await client.pinTo(index)}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => client.call('GET', '/api/show/state', { cookie })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set([cluster.serverName(index)]));
      // Long-polling is a series of requests that must all reach the replica holding the
      // Engine.IO session: it only works pinned.
      for (const transport of ['websocket', 'polling'] as const) {
        const watching = await watchThroughProxy(cluster, cookie, transport);
        sockets.push(watching);
        expect(watching.socket.io.engine.transport.name).toBe(transport);
        expect(watching.latest()).toMatchObject({ serverTime: expect.any(Number) });
      }
    }
  });

  it('runs a live show to every watcher on both replicas, and a buy race across both sells exactly once', async () => {
    const watchers = await Promise.all(
      [0, 1].flatMap((index) =>
        (['websocket', 'polling'] as const).map(async (transport) =>
          watchThroughProxy(cluster, `${member(10 + index).cookie}; ${await client.pinTo(index)}`, transport),
        ),
      ),
    );
    sockets.push(...watchers);
    const showId = await client.startShow(admin, { items: 2, perKnifeSeconds: 4, intermissionSeconds: 1 });
    const showing = await client.waitForState(
      member(0).cookie,
      (v) => v.show?.id === showId && v.show.phase === 'showing' && v.currentItem?.status === 'showing',
    );
    const itemId = showing.currentItem?.id ?? '';

    // Unpinned buyers: the round robin spreads them over both replicas.
    const started = performance.now();
    const answers = await Promise.all(
      members.slice(20, 320).map((m) =>
        client.call<BuyResponse>('POST', '/api/show/buy', {
          cookie: m.cookie,
          key: randomUUID(),
          body: { showItemId: itemId },
        }),
      ),
    );
    const elapsed = performance.now() - started;
    const byStatus = groupByStatus(answers);
    console.log(
      `[scale-out] buy race through HAProxy: ${answers.length} buyers in ${elapsed.toFixed(0)} ms, ` +
        `statuses ${Object.entries(byStatus)
          .map(([s, list]) => `${s}×${list?.length}`)
          .join(' ')}, replicas ${[...new Set(answers.map((a) => a.servedBy))].join('+')}`,
    );
    expect(byStatus['200']).toHaveLength(1);
    expect(byStatus['409']).toHaveLength(answers.length - 1);
    expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set(['api1', 'api2']));
    const purchases = await database.db.selectFrom('purchases').selectAll().where('showItemId', '=', itemId).execute();
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.id).toBe(byStatus['200']?.[0]?.json.purchase.id);

    // Every watcher, on either replica and either transport, sees the sale and the end.
    await expectShowCompleted(showId);
    const finalStep = await expectEveryStepOnce(showId);
    for (const w of watchers) expectEveryTransitionSeen(w, finalStep);
    for (const w of watchers) {
      const sold = w.lastShow()?.lineup.find((i) => i.id === itemId);
      expect(sold?.status).toBe('sold');
    }
  }, 120_000);

  it('goes through a rolling restart mid-show: each replica drains, its members move within 2 s, nothing fails, lost or doubled', async () => {
    // Watchers on both replicas, over both transports, as pinned browsers.
    const watchers = await Promise.all(
      [0, 1].flatMap((index) =>
        (['websocket', 'websocket', 'polling'] as const).map(async (transport, i) =>
          watchThroughProxy(cluster, `${member(30 + index * 3 + i).cookie}; ${await client.pinTo(index)}`, transport),
        ),
      ),
    );
    sockets.push(...watchers);
    const showId = await client.startShow(admin, { items: 8, perKnifeSeconds: 3, intermissionSeconds: 1 });
    // Browsers polling throughout; none of their requests may fail.
    const polling = pollThroughProxy(
      client,
      members.slice(40, 48).map((m) => m.cookie),
      100,
    );
    const bought: Array<{ itemId: string; purchaseId: string }> = [];
    const buyFailures: string[] = [];
    let buyer = 50;
    let lastItem = '';

    const proxyLog = (pattern: RegExp) => cluster.proxy.process.output().match(pattern)?.length ?? 0;
    for (const index of [0, 1]) {
      const name = cluster.serverName(index);
      // A fresh knife on screen, then SIGTERM while a buy burst for it is in flight.
      const view = await client.waitForState(
        member(0).cookie,
        (v) => v.show?.id === showId && v.show.phase === 'showing' && v.currentItem?.id !== lastItem,
      );
      const itemId = view.currentItem?.id ?? '';
      lastItem = itemId;
      const burst = Promise.all(
        members.slice(buyer, buyer + 40).map((m) =>
          client
            .call<BuyResponse>('POST', '/api/show/buy', {
              cookie: m.cookie,
              key: randomUUID(),
              body: { showItemId: itemId },
            })
            .catch((error: Error) => ({
              status: 0,
              json: null,
              servedBy: `${error.message} (${String(error.cause)})`,
              pin: null,
            })),
        ),
      );
      buyer += 40;
      const downsBefore = proxyLog(new RegExp(`Server api/${name} is DOWN`, 'g'));
      // Let the burst reach the replicas first, so some of it is in flight on the one stopping.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const stoppedAt = Date.now();
      const exitCode = await cluster.apis[index]?.stop(20_000);
      const stopMs = Date.now() - stoppedAt;
      const answers = await burst;
      const onDraining = answers.filter((a) => a.servedBy === name).length;
      for (const answer of answers) {
        if (answer.status === 200 && answer.json) bought.push({ itemId, purchaseId: answer.json.purchase.id });
        else if (answer.status !== 409) buyFailures.push(`${answer.status} ${answer.servedBy}`);
      }
      if (exitCode !== 0) console.log(cluster.apis[index]?.output().slice(-4000));
      expect(exitCode).toBe(0);
      await expect
        .poll(() => proxyLog(new RegExp(`Server api/${name} is DOWN`, 'g')), { timeout: 10_000 })
        .toBeGreaterThan(downsBefore);
      const takenOutMs = Date.now() - stoppedAt;

      // Its members reconnected (to the other replica) and had the live state within 2 s.
      const moved = watchers.filter((w) => w.recoveries.length > 0);
      await expect
        .poll(() => watchers.slice(index * 3, index * 3 + 3).every((w) => w.recoveries.length > 0), { timeout: 5000 })
        .toBe(true);
      const recoveries = watchers.slice(index * 3, index * 3 + 3).flatMap((w) => w.recoveries);
      console.log(
        `[rolling] ${name}: SIGTERM to exit ${stopMs} ms (code ${exitCode}), out of HAProxy after ${takenOutMs} ms, ` +
          `its sockets back with state after ${recoveries.join(', ')} ms; ${moved.length} sockets moved so far; ` +
          `${onDraining} of the ${answers.length} buys in flight at SIGTERM answered by ${name} as it drained`,
      );
      expect(Math.max(...recoveries)).toBeLessThanOrEqual(2000);

      // Back, and in rotation again before the next replica goes.
      const upsBefore = proxyLog(new RegExp(`Server api/${name} is UP`, 'g'));
      const restartedAt = Date.now();
      await cluster.startApi(index);
      await expect
        .poll(() => proxyLog(new RegExp(`Server api/${name} is UP`, 'g')), { timeout: 30_000 })
        .toBeGreaterThan(upsBefore);
      console.log(`[rolling] ${name}: restarted and back in rotation after ${Date.now() - restartedAt} ms`);
    }

    await expectShowCompleted(showId, 60_000);
    await polling.stop();
    console.log(
      `[rolling] ${polling.answered()} state polls through the restarts, ${polling.failures.length} failed; ` +
        `${bought.length} buys won, ${buyFailures.length} failed`,
    );
    expect(polling.failures).toEqual([]);
    expect(buyFailures).toEqual([]);

    // No transition lost or doubled, no purchase lost, none doubled, nothing left half done.
    const finalStep = await expectEveryStepOnce(showId);
    for (const w of watchers) expectEveryTransitionSeen(w, finalStep);
    const purchases = await database.db
      .selectFrom('purchases')
      .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
      .select(['purchases.id', 'purchases.showItemId'])
      .where('showItems.showId', '=', showId)
      .execute();
    expect(purchases.map((p) => p.id).sort()).toEqual(bought.map((b) => b.purchaseId).sort());
    expect(new Set(purchases.map((p) => p.showItemId)).size).toBe(purchases.length);
    const pending = await database.db.selectFrom('saleClaims').select('id').where('status', '=', 'pending').execute();
    expect(pending).toEqual([]);
  }, 240_000);
});
