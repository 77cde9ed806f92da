// pnpm bench:buy — K members (default 2,000; distinct sessions, already onboarded) press Buy on the
// same live item at the same instant, against scaled mode as it runs in production: API replicas
// (default 2) and a BullMQ worker on Postgres and Redis, the buyers spread over the replicas as a
// load balancer would. Prints winners, 409s, other 4xx, 5xx and latency p50 / p99 / max, then checks
// the database: one purchase, one authorisation. Target: 1 winner, 0 × 5xx, p99 ≤ 150 ms.
// Every member first loads the show state once, as a member watching the show has; that is also
// what warms each replica's session cache, as in a real show.

import http from 'node:http';
import { simulatorDb } from '@vault/authnet-simulator';
import { startScaledStack } from './scaled-stack';
import { ms, summarize } from './stats';

const BUYERS = Number(process.env.BUYERS ?? 2000);
const REPLICAS = Number(process.env.REPLICAS ?? 2);
/** PROFILE_DIR=/tmp/x writes a CPU profile of each API replica there (open it in Chrome DevTools). */
const nodeArgs = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];

// Production-like, with the simulator chosen explicitly and credentials of its own for this run.
const stack = await startScaledStack({
  replicas: REPLICAS,
  members: BUYERS,
  env: { SERVE_WEB: 'false', NODE_ENV: 'production' },
  apiNodeArgs: nodeArgs,
});
const { bases, handle, admin, members } = stack;

try {
  console.log(`seeded ${BUYERS} onboarded members with sessions in ${(stack.seedMs / 1000).toFixed(1)} s`);

  // node:http with keep-alive rather than fetch: the client shares the 2 cores with the servers,
  // and fetch costs several times more CPU per request than the thing being measured.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const call = (base: string, cookie: string, method: string, url: string, body?: unknown) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        `${base}${url}`,
        {
          method,
          agent,
          headers: {
            origin: base,
            cookie,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) });
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const first = bases[0] ?? '';
  const show = (
    await call(first, admin.cookie, 'POST', '/api/shows', {
      title: 'Buy bench',
      perKnifeSeconds: 600,
      prerollSeconds: 0,
    })
  ).json;
  const item = (
    await call(first, admin.cookie, 'POST', '/api/show-items', { showId: show.id, title: 'The One', price: '450' })
  ).json;
  await call(first, admin.cookie, 'POST', '/api/show/start', { showId: show.id });

  // Every member watches the show (state loads on their replica, all at once, as the screens poll)
  // until the item is on sale. This also opens each member's keep-alive connection.
  const baseOf = (i: number) => bases[i % bases.length] ?? first;
  await Promise.all(
    members.map(async (m, i) => {
      for (;;) {
        const state = await call(baseOf(i), m.cookie, 'GET', '/api/show/state');
        if ((state.json.currentItem as { status?: string } | null)?.status === 'showing') return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 200));

  // Baseline: the same burst of requests through the same connections, sessions and replicas, on
  // the cheapest route there is (the state view, no database). What is left above this in the Buy
  // burst is the sale itself.
  const baseline: number[] = [];
  await Promise.all(
    members.map(async (m, i) => {
      const sent = performance.now();
      await call(baseOf(i), m.cookie, 'GET', '/api/show/state');
      baseline.push(performance.now() - sent);
    }),
  );
  const b = summarize(baseline);
  console.log(`baseline (${BUYERS} state loads at once): p50 ${ms(b.p50)} · p99 ${ms(b.p99)} · max ${ms(b.max)}`);
  await new Promise((r) => setTimeout(r, 200));

  console.log(
    `bench:buy — ${BUYERS} members press Buy on one item at once; ${REPLICAS} API replicas + 1 worker (scaled: Postgres + Redis)`,
  );
  const latencies: number[] = [];
  const counts = { winners: 0, sold409: 0, other4xx: 0, fivexx: 0, failed: 0 };
  const started = performance.now();
  await Promise.all(
    members.map(async (m, i) => {
      const sent = performance.now();
      try {
        const res = await call(baseOf(i), m.cookie, 'POST', '/api/show/buy', { showItemId: item.id });
        latencies.push(performance.now() - sent);
        if (res.status === 200) counts.winners++;
        else if (res.status === 409 && /sold/.test(String(res.json.message))) counts.sold409++;
        else if (res.status >= 500) counts.fivexx++;
        else counts.other4xx++;
      } catch {
        counts.failed++;
      }
    }),
  );
  const wall = performance.now() - started;
  const s = summarize(latencies);
  console.log(
    `winners ${counts.winners} · 409 sold ${counts.sold409} · other 4xx ${counts.other4xx} · 5xx ${counts.fivexx} · network errors ${counts.failed}`,
  );
  console.log(
    `latency p50 ${ms(s.p50)} · p99 ${ms(s.p99)} · max ${ms(s.max)} (target p99 ≤ 150 ms); all answered in ${ms(wall)}`,
  );

  const purchases = await handle.db
    .selectFrom('purchases')
    .select('id')
    .where('showItemId', '=', String(item.id))
    .execute();
  const auths = await simulatorDb(handle)
    .selectFrom('authnetSimTransactions')
    .select('id')
    .where('type', '=', 'authOnlyTransaction')
    .execute();
  console.log(`database: ${purchases.length} purchase(s), ${auths.length} authorisation(s) at the gateway`);
  const ok = counts.winners === 1 && counts.fivexx === 0 && purchases.length === 1 && auths.length === 1;
  console.log(ok ? 'exactly once: yes' : 'exactly once: NO');
  if (!ok) process.exitCode = 1;
} finally {
  await stack.stop();
}
