// pnpm bench:draw — the draw burst of issue 31: ENTRANTS members (default 5,000; distinct sessions,
// onboarded, each with an open socket as the show screen keeps one) enter one draw within ONE second,
// against scaled mode as bench:buy runs it (1 API replica and a worker on Postgres and Redis). The
// presses are spread evenly through the second by the Buy bench's burst runner (bench/buy-client.ts,
// paced), each a `show:buy` acknowledged with an entry number; the identical paced burst, from the
// same client on the same connections model, against the bare Fastify + Socket.IO server
// (bench/bare-http.ts) just before is the floor, printed beside it with the ratio (the floor acks
// every press with the same small refusal; numbering it in a Map would add well under a µs).
// Nobody polls over HTTP before pressing, as on the show screen while its socket is up.
// Meanwhile, the live show's health as members who do not enter see it: WATCHERS (default 5) poll
// the state and ping the clock over their sockets every 50 ms each, and every socket times the
// server's ticks; each is compared with the quiet second before the bursts. Then the close: from the
// draw's closesAt to the push that shows the item Sold on each socket. Last, the draw is checked as a
// stranger would: one purchase and one authorisation, every entrant's number distinct in 1..N, the
// public record's count, its seed hashing to the commitment shown at the reveal, a winner.
// A warm-up draw (the same round, not a target) runs first, so no timed burst is the first run of
// its code path in the client or either server.
//
// Exit code 1 when an entry was not answered with an entry number, the floor failed an answer, or
// the draw does not check out; a missed latency target prints FAIL and exits 0 (STRICT=1: exit 1),
// as bench:buy does.

import { setTimeout as sleep } from 'node:timers/promises';
import { type CreateShowItemBody, socketEvents } from '@vault/contracts';
import { eventually, type KnifeToAdd } from '@vault/testing';
import type { Socket } from 'socket.io-client';
import { apiClient, type BareServer, BENCH_ENV, connectSocket, inBatches, startBare, startLiveShow } from './bench-app';
import { burst, connectSockets, emitBuy, keepAliveAgent, send } from './buy-client';
import { startProbe } from './draw-probes';
import { printTable, quantiles, recordRound, TARGETS, type TimedRound } from './draw-report';
import { createScreens, openDrawIn } from './draw-screens';
import { checkDraw, refusalsOf } from './draw-verify';
import { cpuMsOfTree } from './fanout-cpu';
import { startScaledStack } from './scaled-stack';
import { ms } from './stats';

const ENTRANTS = Number(process.env.ENTRANTS ?? 5000);
/** The warm-up draw's entrants: enough to run every code path hot, few enough to be over quickly. */
const WARMUP_ENTRANTS = Math.min(ENTRANTS, 1000);
const WATCHERS = Number(process.env.WATCHERS ?? 5);
/**
 * The timed draw's window: the screens catching up, a quiet second, two bursts and every answer
 * must land inside it (an entry answered after the close is refused). On this 2-core machine,
 * shared, the vault took 6 s to answer 1,000 entries sent within a second: room for 5,000 and more.
 */
const WINDOW_S = Number(process.env.DRAW_WINDOW ?? 90);
const WARMUP_WINDOW_S = 30;
const STRICT = process.env.STRICT === '1';
/** PROFILE_DIR=/tmp/x writes a CPU profile of the API replica and of the bare server there. */
const nodeArgs = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
/** Every entrant presses within this: ENTRANTS evenly spaced presses. */
const SPREAD_MS = 1000;
const PROBE_EVERY_MS = 50;
const QUIET_MS = 1000;
const SETTLE_MS = 500;
const WAIT_MS = 30_000;
const CONNECT_ATTEMPTS = 5;
/** Window left, at the least, when a round begins its quiet second: both bursts and their tails must land inside it. */
const NEEDED_MS = QUIET_MS + 2 * (SPREAD_MS + SETTLE_MS) + 4000;

type DrawKnife = KnifeToAdd & Pick<CreateShowItemBody, 'saleMode' | 'drawWindowSeconds'>;

const stack = await startScaledStack({
  replicas: 1,
  members: ENTRANTS + WATCHERS,
  env: BENCH_ENV,
  apiNodeArgs: nodeArgs,
});
const { bases, handle, admin, members, apiPids } = stack;
const base = bases[0] ?? '';
const apiPid = apiPids[0] ?? 0;
const cookies = members.map((m) => m.cookie);
const watcherCookie = (w: number) => cookies[ENTRANTS + w] ?? '';
const SOCKETS = ENTRANTS + WATCHERS;
let bare: BareServer | undefined;
const probeAgent = keepAliveAgent();
let vaultSockets: Socket[] = [];
let bareSockets: Socket[] = [];
const screens = createScreens();

try {
  bare = await startBare(nodeArgs);
  const { base: bareBase, pid: barePid } = bare;
  console.log(`seeded ${members.length} onboarded members with sessions in ${(stack.seedMs / 1000).toFixed(1)} s`);
  console.log(
    `bench:draw — ${ENTRANTS} entrants + ${WATCHERS} watchers; 1 API replica + 1 worker (scaled: Postgres + Redis); floor: bare Fastify + Socket.IO in its own process; ${new Date().toISOString()}`,
  );
  const adminCall = apiClient(base, admin.cookie);
  const until = <T>(what: string, check: () => T | undefined | false, within = WAIT_MS) =>
    eventually(check, { within, what: `waiting until ${what}` });

  // Every socket is open before the first draw is revealed: a draw warms the facts of the members
  // watching as it opens, as it would for members who came to the show before the drop. A
  // handshake refused as the API sheds load (503 when its database pool is exhausted by 500 at
  // once on a busy machine) is tried again after a second, as the show screen's socket reconnects.
  const opening = performance.now();
  let retried = 0;
  vaultSockets = [];
  await inBatches(SOCKETS, async (i) => {
    for (let attempt = 1; ; attempt++) {
      try {
        vaultSockets[i] = await connectSocket(base, cookies[i] ?? '', (socket) => screens.listen(socket, i));
        return;
      } catch (error) {
        if (attempt >= CONNECT_ATTEMPTS) throw error;
        retried++;
        await sleep(1000);
      }
    }
  });
  bareSockets = await connectSockets(bareBase, cookies.slice(0, ENTRANTS));
  console.log(
    `opened ${SOCKETS} sockets to the vault (${retried} handshakes tried again) and ${ENTRANTS} to the bare server in ${ms(performance.now() - opening)}`,
  );

  const drawKnife = (title: string, windowSeconds: number): DrawKnife => ({
    title,
    price: '450',
    saleMode: 'draw',
    drawWindowSeconds: windowSeconds,
  });
  const lineup: DrawKnife[] = [
    drawKnife('Warm-up draw', WARMUP_WINDOW_S),
    drawKnife('Timed draw', WINDOW_S),
    { title: 'After', price: '450' },
  ];
  const { itemIds } = await startLiveShow(
    adminCall,
    {
      title: 'Draw bench',
      perKnifeSeconds: Math.max(WINDOW_S, WARMUP_WINDOW_S) + 30,
      prerollSeconds: 0,
      intermissionSeconds: 0,
      soldHoldSeconds: 1,
    },
    lineup,
  );

  /** One paced burst of every entrant's `show:buy` on one server, with the CPU its process spent meanwhile. */
  async function timedBurst(sockets: Socket[], count: number, itemId: string, pid: number) {
    const cpuBefore = cpuMsOfTree(pid);
    const from = performance.now();
    const result = await burst(
      count,
      (i) => {
        const socket = sockets[i];
        if (!socket) throw new Error(`entrant ${i} has no socket`);
        return emitBuy(socket, itemId);
      },
      { spreadMs: SPREAD_MS },
    );
    return { result, from, to: performance.now(), cpuMs: cpuMsOfTree(pid) - cpuBefore };
  }

  /** One draw: the first `entrants` members enter it, the floor and the vault in turn, then its close. */
  async function round(label: string, itemId: string, entrants: number): Promise<TimedRound> {
    console.log(`\n── ${label}: ${entrants} entrants`);
    const draw = await until('every screen shows the draw open', () => {
      const open = openDrawIn(screens.view(0), itemId);
      for (let i = 1; open && i < SOCKETS; i++)
        if (openDrawIn(screens.view(i), itemId)?.id !== open.id) return undefined;
      return open;
    });
    const sold = screens.timeSold(itemId);
    const left = draw.closesAt - Date.now();
    if (left < NEEDED_MS)
      throw new Error(`the window has ${left} ms left, the round needs ${NEEDED_MS}: set DRAW_WINDOW higher`);
    console.log(`draw ${draw.id} open on all ${SOCKETS} screens; it closes in ${(left / 1000).toFixed(1)} s`);
    await sleep(SETTLE_MS);

    const probes = {
      poll: startProbe('state poll', WATCHERS, PROBE_EVERY_MS, async (w) => {
        const answer = await send(probeAgent, base, watcherCookie(w), 'GET', '/api/show/state');
        if (answer.status !== 200) throw new Error(`state poll ${answer.status}`);
      }),
      ping: startProbe('clock ping', WATCHERS, PROBE_EVERY_MS, (w) => {
        const socket = vaultSockets[ENTRANTS + w];
        if (!socket) throw new Error(`watcher ${w} has no socket`);
        return socket.timeout(WAIT_MS).emitWithAck(socketEvents.clockPing, { clientTime: Date.now() });
      }),
      barePoll: startProbe('bare poll', WATCHERS, PROBE_EVERY_MS, async () => {
        const answer = await send(probeAgent, bareBase, '', 'GET', '/bare');
        if (answer.status !== 200) throw new Error(`bare poll ${answer.status}`);
      }),
    };
    const stopTicks = screens.recordTicks();
    const quietFrom = performance.now();
    await sleep(QUIET_MS);
    const quietTo = performance.now();
    const floor = await timedBurst(bareSockets, entrants, itemId, barePid);
    await sleep(SETTLE_MS);
    const vault = await timedBurst(vaultSockets, entrants, itemId, apiPid);
    const ticks = stopTicks();
    await Promise.all(Object.values(probes).map((p) => p.stop()));
    const probeFailures = Object.values(probes).reduce((sum, p) => sum + p.failed(), 0);

    const slice = (probe: { within(a: number, b: number): number[] }, burstWindow: { from: number; to: number }) => ({
      quiet: probe.within(quietFrom, quietTo),
      burst: probe.within(burstWindow.from, burstWindow.to),
    });
    const tickWithin = (from: number, to: number) =>
      ticks.filter((t) => t.at >= from && t.at <= to).map((t) => t.lagMs);
    const c = vault.result.counts;
    const entryErrors = entrants - c.entered;
    const floorErrors = entrants - floor.result.counts.sold;
    for (const [name, b] of [['bare', floor] as const, ['vault', vault] as const])
      console.log(
        `${name.padEnd(5)} sent over ${ms(SPREAD_MS)} (latest ${ms(b.result.lateMs)} behind its slot), all answered in ${ms(b.result.wallMs)}; its process used ${ms(b.cpuMs)} of CPU`,
      );
    console.log(
      `vault: ${c.entered} entered · other 4xx ${c.other4xx + c.sold} · 5xx ${c.fivexx} · no answer ${c.failed}; bare: ${floor.result.counts.sold} answered, ${floorErrors} errors; probes failed: ${probeFailures}`,
    );
    const refusals = refusalsOf(vault.result.answers);
    if (refusals.length > 0) console.log(`refused: ${refusals.join('; ')}`);

    // The close: every screen shows Sold (or the wait gives up and counts the missing).
    const soldBy = draw.closesAt + WAIT_MS;
    await eventually(() => sold.seen(SOCKETS) === SOCKETS || Date.now() > soldBy, { within: left + WAIT_MS + 5000 });
    const { soldAt, soldServerTime } = sold.arrivals();
    const arrivals = (from: number, to: number) =>
      soldAt.slice(from, to).flatMap((t) => (t === undefined ? [] : [t - draw.closesAt]));
    const stamped = soldServerTime.filter((t) => t !== undefined);
    const serverMs = stamped.length > 0 ? Math.min(...stamped) - draw.closesAt : Number.NaN;

    // The draw as a stranger checks it.
    const { failed, record } = await checkDraw({
      handle,
      base,
      itemId,
      draw,
      entrants,
      answers: vault.result.answers,
    });
    console.log(
      `draw checked: ${failed.length === 0 ? `yes (winner #${record.winnerEntryNumber} of ${record.entryCount})` : `NO — ${failed.join('; ')}`}`,
    );

    const poll = slice(probes.poll, vault);
    const r: TimedRound = {
      entrants,
      watchers: WATCHERS,
      sockets: SOCKETS,
      vaultAcks: vault.result.latencies,
      bareAcks: floor.result.latencies,
      entryErrors,
      refusals,
      poll,
      barePoll: slice(probes.barePoll, floor),
      ping: slice(probes.ping, vault),
      tick: { quiet: tickWithin(quietFrom, quietTo), burst: tickWithin(vault.from, vault.to) },
      sold: {
        watchers: arrivals(ENTRANTS, SOCKETS),
        all: arrivals(0, SOCKETS),
        serverMs,
        missing: SOCKETS - sold.seen(SOCKETS),
      },
      vaultWallMs: vault.result.wallMs,
      apiCpuMs: vault.cpuMs,
      bareCpuMs: floor.cpuMs,
      verified: failed.length === 0,
      floorErrors,
      probeFailures,
      rows: [],
    };
    r.rows = [
      { what: `entry ack, vault (${entrants} in ${SPREAD_MS / 1000} s)`, samples: r.vaultAcks },
      { what: 'entry ack, bare Socket.IO (floor)', samples: r.bareAcks },
      { what: `state poll, quiet (${WATCHERS} watchers)`, samples: r.poll.quiet },
      { what: 'state poll, while they enter', samples: r.poll.burst },
      { what: 'clock ping, quiet', samples: r.ping.quiet },
      { what: 'clock ping, while they enter', samples: r.ping.burst },
      { what: `tick push lag, quiet (${SOCKETS} sockets)`, samples: r.tick.quiet },
      { what: 'tick push lag, while they enter', samples: r.tick.burst },
      { what: 'bare poll, quiet (floor)', samples: r.barePoll.quiet },
      { what: 'bare poll, during the bare burst', samples: r.barePoll.burst },
      { what: `Sold push, ${WATCHERS} watchers`, samples: r.sold.watchers },
      { what: `Sold push, every socket (${SOCKETS})`, samples: r.sold.all },
    ];
    printTable(r.rows);
    const acks = (v: number[]) => quantiles(v).p99;
    console.log(
      `entry ack p99 vault/bare ${(acks(r.vaultAcks) / acks(r.bareAcks)).toFixed(2)}×; API CPU ${((1000 * r.apiCpuMs) / entrants).toFixed(0)} µs an entry (bare ${((1000 * r.bareCpuMs) / entrants).toFixed(0)} µs)`,
    );
    console.log(
      `Sold: the server stamped the Sold view ${ms(serverMs)} after closesAt; ${r.sold.missing} of ${SOCKETS} screens never showed it`,
    );
    return r;
  }

  const answered = (r: TimedRound) => r.floorErrors === 0 && r.probeFailures === 0;
  const [warmUpItem = '', timedItem = ''] = itemIds;
  const warmUp = await round('warm-up draw (not a target)', warmUpItem, WARMUP_ENTRANTS);
  const timed = await round('timed draw', timedItem, ENTRANTS);

  const targets = [
    { what: 'entry errors', pass: timed.entryErrors === 0 },
    { what: 'the draw checked out, both rounds', pass: timed.verified && warmUp.verified },
    { what: 'the floor and the probes answered every time', pass: [timed, warmUp].every(answered) },
    {
      what: `state poll p99 while they enter ≤ ${TARGETS.pollP99Ms} ms`,
      pass: quantiles(timed.poll.burst).p99 <= TARGETS.pollP99Ms,
    },
    {
      what: `Sold push p95 ≤ ${TARGETS.soldP95Ms} ms, every screen`,
      pass: quantiles(timed.sold.all).p95 <= TARGETS.soldP95Ms && timed.sold.missing === 0,
    },
  ];
  console.log('\ntargets (timed draw):');
  for (const t of targets) console.log(`  ${t.what}: ${t.pass ? 'PASS' : 'FAIL'}`);
  await recordRound(
    timed,
    `${ENTRANTS} onboarded members each with an open socket enter one draw within one second (${WATCHERS} more watch), against 1 scaled replica on Postgres + Redis; the same paced burst against a bare Fastify / Socket.IO server in the same run is the floor. A warm-up draw runs first.`,
  );
  const correct = [timed, warmUp].every((r) => r.entryErrors === 0 && r.verified && answered(r));
  if (!correct || (STRICT && targets.some((t) => !t.pass))) process.exitCode = 1;
} finally {
  for (const socket of [...vaultSockets, ...bareSockets]) socket.disconnect();
  probeAgent.destroy();
  await Promise.all([bare?.stop(10_000), stack.stop()]);
}
