// pnpm bench:buy — K members (default 2,000; distinct sessions, already onboarded) press Buy on the
// same live item at the same instant, against scaled mode as it runs in production: API replicas
// (default 1: the targets are for one replica) and a BullMQ worker on Postgres and Redis. Four
// races, each on a fresh item of a live show, so each has exactly one winner:
//   1 warm HTTP    every buyer on the keep-alive connection its watching opened, POST /api/show/buy
//   2 cold HTTP    a new TCP connection per buyer (a phone whose idle connection was closed)
//   3 warm socket  every buyer's Socket.IO connection open, `show:buy` with an acknowledgement
//   4 mixed        half on HTTP, half on the socket, at once
// A warm-up race (mixed, on an item of its own, checked but not a target) runs first, so no timed
// burst is the first run of its code path in the client or either server. The HTTP races run with
// no socket open, as for members whose socket is down (they poll and buy over HTTP); cold runs
// second so it is compared with warm HTTP under the same conditions. Each race is preceded by the identical burst, from the identical client on the
// identical connections model, against a bare Fastify + Socket.IO server in its own process
// (bench/bare-http.ts): that is the floor, printed beside every figure with the ratio. Then the
// database: one purchase and one authorisation at the gateway for that item.
//
// Exit code: 1 when a race is not exactly once (one winner, everyone else 409 Sold, no 5xx or
// network error, one purchase, one authorisation). A missed latency target prints FAIL but exits
// 0: a ratio on a shared 2-core machine is a measurement, not a correctness check. STRICT=1 makes
// a missed target exit 1 too.

import { setTimeout as sleep } from 'node:timers/promises';
import { applyJsonPatch, type ShowChange, ShowStateView, socketEvents } from '@vault/contracts';
import { eventually } from '@vault/testing';
import type { Socket } from 'socket.io-client';
import { apiClient, type BareServer, BENCH_ENV, startBare, startLiveShow } from './bench-app';
import {
  type Answer,
  type BurstResult,
  burst,
  connectSockets,
  emitBuy,
  idleConnections,
  keepAliveAgent,
  send,
} from './buy-client';
import { recordResult, series } from './record';
import { salesOf, startScaledStack } from './scaled-stack';
import { ms, summarize, summaryLine } from './stats';

const BUYERS = Number(process.env.BUYERS ?? 2000);
const REPLICAS = Number(process.env.REPLICAS ?? 1);
const STRICT = process.env.STRICT === '1';
/** PROFILE_DIR=/tmp/x writes a CPU profile of each API replica and of the bare server there. */
const nodeArgs = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
/** Lets the servers finish what the previous burst left (GC, pushes) before the next one. */
const SETTLE_MS = 500;
const RACES = 4;
/** Items beyond the warm-up's and the races': the lineup stays several long and the show never ends mid-run. */
const EXTRA_ITEMS = 2;
const WAIT_MS = 30_000;

type Transport = 'http' | 'cold' | 'socket';

const p99 = (r: BurstResult) => summarize(r.latencies).p99;
/** The id of the item a state view shows on sale, if any. */
const onSaleIn = (view: ShowStateView | undefined) =>
  view?.currentItem?.status === 'showing' ? view.currentItem.id : undefined;

const stack = await startScaledStack({ replicas: REPLICAS, members: BUYERS, env: BENCH_ENV, apiNodeArgs: nodeArgs });
const { bases, handle, admin, members } = stack;
const cookies = members.map((m) => m.cookie);
let bare: BareServer | undefined;
const vaultAgent = keepAliveAgent();
const bareAgent = keepAliveAgent();
let vaultSockets: Socket[] = [];
let bareSockets: Socket[] = [];
/**
 * Each buyer's screen as its vault socket draws it: the full view pushed on connect, kept current by
 * the changes after it (undefined if a change did not fit). Not validated (typed as what the API
 * sends): the client must stay light while it times a burst, and a malformed push only fails the
 * check that reads it.
 */
const screens: Array<{ rev: number; view: ShowStateView } | undefined> = [];

try {
  bare = await startBare(nodeArgs);
  const bareBase = bare.base;
  console.log(`seeded ${BUYERS} onboarded members with sessions in ${(stack.seedMs / 1000).toFixed(1)} s`);
  console.log(
    `bench:buy — ${BUYERS} members; ${REPLICAS} API replica(s) + 1 worker (scaled: Postgres + Redis); floor: bare Fastify + Socket.IO in its own process; ${new Date().toISOString()}`,
  );
  const first = bases[0] ?? '';
  const baseOf = (i: number) => bases[i % bases.length] ?? first;
  const adminCall = apiClient(first, admin.cookie);
  const { itemIds: items } = await startLiveShow(
    adminCall,
    { title: 'Buy bench', perKnifeSeconds: 600, prerollSeconds: 0, intermissionSeconds: 0 },
    Array.from({ length: RACES + EXTRA_ITEMS + 1 }, (_, k) => ({ title: `Race ${k}`, price: '450' })),
  );

  const until = (what: string, done: () => boolean | Promise<boolean>) =>
    eventually(done, { within: WAIT_MS, what: `waiting until ${what}` });

  /**
   * Every member's screen shows the item: one state load each, all at once, as the screens poll
   * (that also opens or reuses each buyer's keep-alive connection), and on every open socket the
   * push that put it on sale.
   */
  async function watch(itemId: string) {
    await until(
      'the item is on sale',
      async () => onSaleIn(ShowStateView.parse(await adminCall('/api/show/state'))) === itemId,
    );
    const loads = await Promise.all(
      members.map((m, i) => send(vaultAgent, baseOf(i), m.cookie, 'GET', '/api/show/state')),
    );
    const blind = loads.filter((load) => onSaleIn(JSON.parse(load.body) as ShowStateView) !== itemId).length;
    if (blind > 0) throw new Error(`${blind} members' state loads do not show the item on sale`);
    await until('every socket shows it', () => vaultSockets.every((_, i) => onSaleIn(screens[i]?.view) === itemId));
  }

  function buy(server: 'vault' | 'bare', transport: Transport, i: number, itemId: string): Promise<Answer> {
    if (transport === 'socket') {
      const socket = (server === 'vault' ? vaultSockets : bareSockets)[i];
      if (!socket) throw new Error(`buyer ${i} has no socket to the ${server} server`);
      return emitBuy(socket, itemId);
    }
    const agent = transport === 'cold' ? false : server === 'vault' ? vaultAgent : bareAgent;
    const cookie = cookies[i] ?? '';
    const body = { showItemId: itemId };
    return server === 'vault'
      ? send(agent, baseOf(i), cookie, 'POST', '/api/show/buy', body)
      : send(agent, bareBase, cookie, 'POST', '/bare/buy', body);
  }

  /**
   * The connections a burst is about to use, counted the instant before it: the client must not be
   * the bottleneck, so a warm burst needs one idle keep-alive connection (or open socket) per buyer.
   */
  function connections(server: 'vault' | 'bare', via: (buyer: number) => Transport) {
    const need = { http: 0, cold: 0, socket: 0 };
    for (let i = 0; i < BUYERS; i++) need[via(i)]++;
    const idle = idleConnections(server === 'vault' ? vaultAgent : bareAgent);
    const open = (server === 'vault' ? vaultSockets : bareSockets).filter((s) => s.connected).length;
    return [
      need.http > 0 ? `${idle} idle keep-alive connections for ${need.http} HTTP buyers` : '',
      need.socket > 0 ? `${open} open sockets for ${need.socket} socket buyers` : '',
      need.cold > 0 ? `a new connection for each of ${need.cold} buyers` : '',
    ]
      .filter(Boolean)
      .join(', ');
  }

  async function timed(label: string, server: 'vault' | 'bare', via: (buyer: number) => Transport, itemId: string) {
    const pool = connections(server, via);
    const result = await burst(BUYERS, (i) => buy(server, via(i), i, itemId));
    const { sold, failed } = result.counts;
    const answers = server === 'bare' ? ` (${sold} × 409, ${failed} errors)` : '';
    console.log(`${label.padEnd(9)} ${summaryLine(result.latencies)}${answers} [${pool}]`);
    return result;
  }

  async function openSockets() {
    const started = performance.now();
    vaultSockets = await connectSockets(first, cookies, (socket, i) => {
      socket.on(socketEvents.state, (view: ShowStateView, rev: number) => {
        screens[i] = { rev, view };
      });
      socket.on(socketEvents.change, (change: ShowChange) => {
        const screen = screens[i];
        screens[i] =
          screen?.rev === change.base ? { rev: change.rev, view: applyJsonPatch(screen.view, change.ops) } : undefined;
      });
    });
    bareSockets = await connectSockets(bareBase, cookies);
    console.log(
      `opened ${BUYERS} sockets to the vault and ${BUYERS} to the bare server in ${ms(performance.now() - started)}`,
    );
  }
  function closeSockets() {
    for (const s of [...vaultSockets, ...bareSockets]) s.disconnect();
    vaultSockets = [];
    bareSockets = [];
    screens.length = 0;
  }

  let exactlyOnce = true;
  /** Race n (0 is the warm-up) on item n; buyer i sends Buy `via(i)`. */
  async function race(n: number, name: string, via: (buyer: number) => Transport, options = { httpFloor: false }) {
    const itemId = items[n] ?? '';
    const needsSockets = members.some((_, i) => via(i) === 'socket');
    console.log(`\n── ${n === 0 ? 'warm-up (not a target)' : `race ${n}/${RACES}`}: ${name}`);
    if (!needsSockets) closeSockets();
    else if (vaultSockets.length === 0) await openSockets();
    await watch(itemId);
    await Promise.all(members.map((m) => send(bareAgent, bareBase, m.cookie, 'GET', '/bare')));
    await sleep(SETTLE_MS);

    const httpFloor = options.httpFloor ? await timed('bare HTTP', 'bare', () => 'http', itemId) : undefined;
    if (httpFloor) await sleep(SETTLE_MS);
    const floor = await timed('bare', 'bare', via, itemId);
    await sleep(SETTLE_MS);
    const vault = await timed('vault', 'vault', via, itemId);
    console.log(
      `vault/bare p99 ${(p99(vault) / p99(floor)).toFixed(2)}×; the vault answered all in ${ms(vault.wallMs)}`,
    );
    const c = vault.counts;
    console.log(
      `winners ${c.won} · 409 sold ${c.sold} · other 4xx ${c.other4xx} · 5xx ${c.fivexx} · network errors ${c.failed}`,
    );
    const db = await salesOf(handle, itemId);
    const once = c.won === 1 && c.sold === BUYERS - 1 && db.purchases === 1 && db.auths === 1;
    console.log(
      `database: ${db.purchases} purchase(s), ${db.auths} authorisation(s) for this item — exactly once: ${once ? 'yes' : 'NO'}`,
    );
    exactlyOnce &&= once;
    return { vault, floor, httpFloor };
  }

  const mixed = (i: number): Transport => (i % 2 === 0 ? 'http' : 'socket');
  await race(0, 'mixed — even buyers on HTTP, odd on the socket', mixed);
  const warm = await race(1, 'warm HTTP — POST /api/show/buy on keep-alive connections', () => 'http');
  const cold = await race(2, 'cold HTTP — a new connection per buyer', () => 'cold');
  const socket = await race(3, 'warm socket — show:buy with an acknowledgement', () => 'socket', { httpFloor: true });
  await race(4, 'mixed — even buyers on HTTP, odd on the socket, one item', mixed);

  const targets = [
    { what: 'warm HTTP Buy p99 / bare HTTP p99 (race 1)', value: p99(warm.vault) / p99(warm.floor), limit: 1.3 },
    {
      what: 'socket Buy p99 / bare HTTP p99 (race 3)',
      value: socket.httpFloor ? p99(socket.vault) / p99(socket.httpFloor) : Number.NaN,
      limit: 1.0,
    },
    {
      what: 'cold HTTP Buy p99 / warm HTTP Buy p99 (races 2, 1)',
      value: p99(cold.vault) / p99(warm.vault),
      limit: 1.5,
    },
  ];
  console.log('\ntargets (one replica, ratios measured in this run):');
  let missed = 0;
  for (const t of targets) {
    const pass = t.value <= t.limit;
    if (!pass) missed++;
    console.log(`  ${t.what}: ${t.value.toFixed(2)}× (≤ ${t.limit}×) ${pass ? 'PASS' : 'FAIL'}`);
  }
  console.log(`  bare socket floor (race 3): ${summaryLine(socket.floor.latencies)}`);
  console.log(`  exactly once in every race (and the warm-up): ${exactlyOnce ? 'PASS' : 'FAIL'}`);
  await recordResult({
    bench: 'buy',
    title: 'Buy race: every buyer presses Buy on the same knife at once',
    setup: `${BUYERS} onboarded members, ${REPLICAS} scaled replica(s) on Postgres + Redis; each race is timed against a bare Fastify / Socket.IO server answering the same requests from the same client in the same run.`,
    figures: [
      ...targets.map((t) => ({
        label: t.what,
        value: t.value,
        unit: '×' as const,
        target: { op: '≤' as const, value: t.limit },
      })),
      { label: 'warm HTTP Buy p99', value: p99(warm.vault), unit: 'ms' },
      { label: 'socket Buy p99', value: p99(socket.vault), unit: 'ms' },
      { label: 'exactly one sale per race', value: exactlyOnce ? 1 : 0, unit: '', target: { op: '≥', value: 1 } },
    ],
    series: [
      series('warm HTTP Buy (race 1)', warm.vault.latencies),
      series('bare HTTP, warm (calibration, race 1)', warm.floor.latencies, true),
      series('socket Buy (race 3)', socket.vault.latencies),
      ...(socket.httpFloor ? [series('bare HTTP (calibration, race 3)', socket.httpFloor.latencies, true)] : []),
      series('cold HTTP Buy (race 2)', cold.vault.latencies),
      series('bare HTTP, cold (calibration, race 2)', cold.floor.latencies, true),
    ],
    notes: ["A latency is one buyer's press to its answer (200 for the winner, 409 Sold for everyone else)."],
  });
  if (!exactlyOnce || (STRICT && missed > 0)) process.exitCode = 1;
} finally {
  for (const socket of [...vaultSockets, ...bareSockets]) socket.disconnect();
  vaultAgent.destroy();
  bareAgent.destroy();
  await Promise.all([bare?.stop(10_000), stack.stop()]);
}
