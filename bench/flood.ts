// pnpm bench:flood — one member must not be able to hold back every other member's Buy. HONEST
// members (default 200; distinct sessions, onboarded) race for one live item at the same instant,
// as in bench:buy, against scaled mode (1 API replica + a worker on Postgres and Redis), once with
// nobody else pressing and once while one more member floods Buy with made-up item ids as fast as
// one connection allows:
//   HTTP     one keep-alive connection, each POST /api/show/buy sent the instant the last was answered
//   socket   one Socket.IO connection, `show:buy` 64 at a time, the next 64 the instant those are acked
// (bench/flood-client.ts, in a process of its own, so its answers do not queue in the timing client).
// Before the press budget every made-up id cost a claim and an explain query on the item's gate, and
// 300 of them took another member's Buy from 23 ms to 0.6–2.4 s. ROUNDS rounds (default 3) per
// transport, quiet and flooded alternating which goes first, each race on a fresh item; the p99s are
// of every honest answer of a condition, pooled over its rounds. Each race is preceded by the same
// burst from the same client against the bare server (bench/bare-http.ts): its floor, printed with
// the ratio, as in bench:buy. In a flooded race the bare burst is flooded too, by the same flooder
// against the bare server: on a 2-core machine the flooder's own process takes a core from every
// other, so the bare server's flooded/quiet ratio is what the flood costs the machine itself, and
// the vault's ratio over it is what it costs the vault beyond that.
//
// Targets: flooded honest p99 ≤ 1.2 × quiet honest p99, per transport; exactly one winner among the
// honest members in every race (one purchase, one authorisation). Exit 1 when a race is not exactly
// once; a missed latency ratio prints FAIL and exits 0 (STRICT=1: exit 1), as bench:buy does.

import { setTimeout as sleep } from 'node:timers/promises';
import { ShowStateView } from '@vault/contracts';
import { eventually, startProcess } from '@vault/testing';
import type { Socket } from 'socket.io-client';
import { apiClient, type BareServer, BENCH_ENV, startBare, startLiveShow } from './bench-app';
import { type Answer, type BurstResult, burst, connectSockets, emitBuy, keepAliveAgent, send } from './buy-client';
import { recordResult, series } from './record';
import { salesOf, startScaledStack } from './scaled-stack';
import { ms, summarize, summaryLine } from './stats';

const HONEST = Number(process.env.HONEST ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const STRICT = process.env.STRICT === '1';
const LIMIT = 1.2;
const SETTLE_MS = 500;
/** The flood runs this long before the honest burst, so the burst meets it at full rate. */
const LEAD_MS = 300;
const SOCKET_WINDOW = 64;
const WAIT_MS = 30_000;

type Transport = 'http' | 'socket';
const p99 = (latencies: readonly number[]) => summarize(latencies).p99;

const stack = await startScaledStack({ replicas: 1, members: HONEST + 1, env: BENCH_ENV });
const { bases, handle, admin, members } = stack;
const base = bases[0] ?? '';
const flooder = members.pop();
if (!flooder) throw new Error('no flooder was seeded');
const cookies = members.map((m) => m.cookie);
let bare: BareServer | undefined;
const vaultAgent = keepAliveAgent();
const bareAgent = keepAliveAgent();
let vaultSockets: Socket[] = [];
let bareSockets: Socket[] = [];
/** The flooders' processes, by transport and server, stopped at the end. */
const flooders = new Map<string, { flood(): Promise<unknown>; stop(): Promise<unknown> }>();

try {
  bare = await startBare();
  const bareBase = bare.base;
  console.log(
    `bench:flood — ${HONEST} honest members + 1 flooder; 1 API replica + 1 worker (scaled: Postgres + Redis); ${ROUNDS} rounds per transport; ${new Date().toISOString()}`,
  );
  const adminCall = apiClient(base, admin.cookie);
  const races = 1 + 2 * 2 * ROUNDS;
  const { itemIds: items } = await startLiveShow(
    adminCall,
    { title: 'Flood bench', perKnifeSeconds: 600, prerollSeconds: 0, intermissionSeconds: 0, soldHoldSeconds: 0 },
    Array.from({ length: races + 2 }, (_, k) => ({ title: `Race ${k}`, price: '450' })),
  );

  async function onSale(itemId: string) {
    await eventually(
      async () => {
        const view = ShowStateView.parse(await adminCall('/api/show/state'));
        return view.currentItem?.id === itemId && view.currentItem.status === 'showing';
      },
      { within: WAIT_MS, what: `item ${itemId} coming on sale` },
    );
  }

  function buy(server: 'vault' | 'bare', transport: Transport, i: number, itemId: string): Promise<Answer> {
    if (transport === 'socket') {
      const socket = (server === 'vault' ? vaultSockets : bareSockets)[i];
      if (!socket) throw new Error(`buyer ${i} has no socket to the ${server} server`);
      return emitBuy(socket, itemId);
    }
    const body = { showItemId: itemId };
    return server === 'vault'
      ? send(vaultAgent, base, cookies[i] ?? '', 'POST', '/api/show/buy', body)
      : send(bareAgent, bareBase, cookies[i] ?? '', 'POST', '/bare/buy', body);
  }

  /**
   * A flooder (bench/flood-client.ts) in a process of its own, started once per transport and
   * server and kept idle between races, so no flooded race pays for a process starting up.
   */
  async function startFlooder(transport: Transport, server: 'vault' | 'bare') {
    const proc = startProcess('bench/flood-client.ts', {
      BASE: server === 'vault' ? base : bareBase,
      BUY_PATH: server === 'vault' ? '/api/show/buy' : '/bare/buy',
      COOKIE: flooder?.cookie ?? '',
      TRANSPORT: transport,
      WINDOW: String(SOCKET_WINDOW),
      NODE_ENV: 'production',
    });
    await proc.waitFor('ready');
    let round = 0;
    return {
      /** Floods until stop(): how its presses were answered (status → count). */
      async flood() {
        round += 1;
        const mine = round;
        proc.child.kill('SIGUSR1');
        await proc.waitFor(`flooding#${mine}`);
        return {
          async stop(): Promise<Map<number, number>> {
            proc.child.kill('SIGUSR2');
            await proc.waitFor(new RegExp(`answers#${mine} .*\n`), 30_000);
            const line = new RegExp(`answers#${mine} (.*)\n`).exec(proc.output())?.[1] ?? '{}';
            return new Map(Object.entries(JSON.parse(line) as Record<string, number>).map(([k, n]) => [Number(k), n]));
          },
        };
      },
      stop: () => {
        proc.child.kill('SIGTERM');
        return proc.stop(10_000);
      },
    };
  }
  async function flood(transport: Transport, server: 'vault' | 'bare' = 'vault') {
    const name = `${transport}-${server}`;
    let one = flooders.get(name) as Awaited<ReturnType<typeof startFlooder>> | undefined;
    if (!one) {
      one = await startFlooder(transport, server);
      flooders.set(name, one);
    }
    return one.flood();
  }

  let exactlyOnce = true;
  let next = 0;
  const pooled = {
    http: { quiet: [] as number[], flooded: [] as number[], bare: [] as number[], bareFlooded: [] as number[] },
    socket: { quiet: [] as number[], flooded: [] as number[], bare: [] as number[], bareFlooded: [] as number[] },
  };
  const flooderAnswers = { http: new Map<number, number>(), socket: new Map<number, number>() };
  /** Each counted race's honest p99: the median over rounds is not decided by one noisy round. */
  const roundP99s = {
    http: { quiet: [] as number[], flooded: [] as number[] },
    socket: { quiet: [] as number[], flooded: [] as number[] },
  };

  async function race(transport: Transport, flooded: boolean, counted = true) {
    const itemId = items[next++] ?? '';
    await onSale(itemId);
    await sleep(SETTLE_MS);
    const floodingBare = flooded ? await flood(transport, 'bare') : undefined;
    if (floodingBare) await sleep(LEAD_MS);
    let floor: BurstResult;
    try {
      floor = await burst(HONEST, (i) => buy('bare', transport, i, itemId));
    } finally {
      await floodingBare?.stop();
    }
    await sleep(SETTLE_MS);
    const flooding = flooded ? await flood(transport) : undefined;
    if (flooding) await sleep(LEAD_MS);
    let vault: BurstResult;
    try {
      vault = await burst(HONEST, (i) => buy('vault', transport, i, itemId));
    } finally {
      const answered = await flooding?.stop();
      for (const [status, n] of answered ?? [])
        flooderAnswers[transport].set(status, (flooderAnswers[transport].get(status) ?? 0) + n);
    }
    const c = vault.counts;
    const db = await salesOf(handle, itemId);
    const once = c.won === 1 && c.sold === HONEST - 1 && db.purchases === 1 && db.auths === 1;
    exactlyOnce &&= once;
    const label = `${transport.padEnd(6)} ${flooded ? 'flooded' : 'quiet  '}`;
    console.log(
      `${label} ${summaryLine(vault.latencies)} · bare p99 ${ms(p99(floor.latencies))} (${(p99(vault.latencies) / p99(floor.latencies)).toFixed(2)}×) · winners ${c.won}, 409 sold ${c.sold}, other ${c.other4xx + c.fivexx + c.failed}${once ? '' : ' — NOT exactly once'}${counted ? '' : ' (warm-up)'}`,
    );
    if (!counted) return;
    pooled[transport][flooded ? 'flooded' : 'quiet'].push(...vault.latencies);
    roundP99s[transport][flooded ? 'flooded' : 'quiet'].push(p99(vault.latencies));
    pooled[transport][flooded ? 'bareFlooded' : 'bare'].push(...floor.latencies);
  }

  // Warm-up on HTTP (not counted): no timed burst is the first run of its code path.
  await Promise.all(members.map((m) => send(vaultAgent, base, m.cookie, 'GET', '/api/show/state')));
  await Promise.all(members.map((m) => send(bareAgent, bareBase, m.cookie, 'GET', '/bare')));
  await race('http', true, false);
  for (const transport of ['http', 'socket'] as const) {
    if (transport === 'socket') {
      vaultSockets = await connectSockets(base, cookies);
      bareSockets = await connectSockets(bareBase, cookies);
    }
    // The flooders connect now and wait idle: a flooded race only tells them to start.
    await Promise.all([flood(transport, 'vault'), flood(transport, 'bare')].map(async (f) => (await f).stop()));
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so a machine that drifts during the run favours neither.
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const flooded of order) await race(transport, flooded);
    }
  }

  const ratio = (t: Transport) => p99(pooled[t].flooded) / p99(pooled[t].quiet);
  const median = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  /** The same comparison with each condition's median round: one noisy race cannot decide it. */
  const medianRatio = (t: Transport) => median(roundP99s[t].flooded) / median(roundP99s[t].quiet);
  /** The same flood's cost to the bare server: the machine's share of the vault's ratio. */
  const bareRatio = (t: Transport) => p99(pooled[t].bareFlooded) / p99(pooled[t].bare);
  const targets = (['http', 'socket'] as const).flatMap((t) => [
    { what: `${t === 'http' ? 'HTTP' : 'socket'} honest Buy p99, flooded / quiet`, value: ratio(t), limit: LIMIT },
    {
      what: `${t === 'http' ? 'HTTP' : 'socket'} honest Buy p99 of the median round, flooded / quiet`,
      value: medianRatio(t),
      limit: LIMIT,
    },
  ]);
  const pressesOf = (t: Transport) =>
    [...flooderAnswers[t]].reduce((sum, [status, n]) => (status === -1 ? sum : sum + n), 0);
  const reconnectsOf = (t: Transport) => flooderAnswers[t].get(-1) ?? 0;
  const refusedOf = (t: Transport) => flooderAnswers[t].get(429) ?? 0;
  console.log('\ntargets (ratios measured in this run):');
  let missed = 0;
  for (const t of ['http', 'socket'] as const) {
    console.log(
      `  ${t}: honest p99 quiet ${ms(p99(pooled[t].quiet))}, flooded ${ms(p99(pooled[t].flooded))}; bare floor p99 ${ms(p99(pooled[t].bare))} (vault quiet / bare ${(p99(pooled[t].quiet) / p99(pooled[t].bare)).toFixed(2)}×), bare flooded ${ms(p99(pooled[t].bareFlooded))} (the flood costs the bare server ${bareRatio(t).toFixed(2)}×; the vault's rise over it ${(ratio(t) / bareRatio(t)).toFixed(2)}×); the flooder pressed ${pressesOf(t)} times, ${refusedOf(t)} answered 429${t === 'socket' ? `, reconnected ${reconnectsOf(t)} times after the API closed its socket` : ''}`,
    );
  }
  for (const t of targets) {
    const pass = t.value <= t.limit;
    if (!pass) missed++;
    console.log(`  ${t.what}: ${t.value.toFixed(2)}× (≤ ${t.limit}×) ${pass ? 'PASS' : 'FAIL'}`);
  }
  console.log(`  exactly one honest winner in every race: ${exactlyOnce ? 'PASS' : 'FAIL'}`);
  await recordResult({
    bench: 'flood',
    title: 'Flooded Buy race: one member floods Buy while the others race for a knife',
    setup: `${HONEST} onboarded members race for one item, ${ROUNDS} rounds per transport, each once quiet and once while one more member floods Buy with made-up item ids as fast as one connection allows (HTTP: one keep-alive connection, one request after another; socket: ${SOCKET_WINDOW} show:buy in flight). 1 scaled replica on Postgres + Redis; each race is preceded by the same burst against a bare Fastify / Socket.IO server, flooded by the same flooder in a flooded race.`,
    figures: [
      ...targets.map((t) => ({
        label: t.what,
        value: t.value,
        unit: '×' as const,
        target: { op: '≤' as const, value: t.limit },
      })),
      ...(['http', 'socket'] as const).map((t) => ({
        label: `${t === 'http' ? 'HTTP' : 'socket'} bare server p99, flooded / quiet (the machine's share)`,
        value: bareRatio(t),
        unit: '×' as const,
      })),
      { label: 'HTTP honest Buy p99, quiet', value: p99(pooled.http.quiet), unit: 'ms' },
      { label: 'HTTP honest Buy p99, flooded', value: p99(pooled.http.flooded), unit: 'ms' },
      { label: 'socket honest Buy p99, quiet', value: p99(pooled.socket.quiet), unit: 'ms' },
      { label: 'socket honest Buy p99, flooded', value: p99(pooled.socket.flooded), unit: 'ms' },
      { label: 'HTTP flooder presses answered 429', value: refusedOf('http'), unit: '' },
      { label: 'socket flooder presses answered 429', value: refusedOf('socket'), unit: '' },
      { label: 'socket flooder reconnections (its socket closed)', value: reconnectsOf('socket'), unit: '' },
      {
        label: 'exactly one honest winner per race',
        value: exactlyOnce ? 1 : 0,
        unit: '',
        target: { op: '≥', value: 1 },
      },
    ],
    series: [
      series('HTTP honest Buy, flooded', pooled.http.flooded),
      series('HTTP honest Buy, quiet', pooled.http.quiet),
      series('bare HTTP (calibration)', pooled.http.bare, true),
      series('bare HTTP, flooded (calibration)', pooled.http.bareFlooded, true),
      series('socket honest Buy, flooded', pooled.socket.flooded),
      series('socket honest Buy, quiet', pooled.socket.quiet),
      series('bare socket (calibration)', pooled.socket.bare, true),
      series('bare socket, flooded (calibration)', pooled.socket.bareFlooded, true),
    ],
    notes: [
      "A latency is one honest member's press to its answer (200 for the winner, 409 Sold for the rest).",
      'The flooder is refused by its press budget (429 after a burst of 6) and its made-up ids are answered from memory: neither costs a query. A socket refused 30 presses in a row is closed; the flooder connects again at once.',
    ],
  });
  if (!exactlyOnce || (STRICT && missed > 0)) process.exitCode = 1;
} finally {
  for (const socket of [...vaultSockets, ...bareSockets]) socket.disconnect();
  vaultAgent.destroy();
  bareAgent.destroy();
  await Promise.all([...flooders.values()].map((f) => f.stop()));
  await Promise.all([bare?.stop(10_000), stack.stop()]);
}
