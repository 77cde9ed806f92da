// pnpm bench:state — what the state poll costs against what a route costs at all: wrk (Debian's
// /usr/bin/wrk) runs of equal length, in one run, against
//   1. a bare Fastify server's GET /bare (bench/bare-http.ts, its own process; the floor),
//   2. the app's GET /api/health (Fastify plus the app's hooks, no session),
//   3. the app's GET /api/show/state with a member's session cookie, a live show on screen (a
//      current item and a lineup of several), as a watching member polls it.
// One app process: embedded by default, or SCALED=1 for one replica of the scaled stack (Postgres,
// Redis, a worker). The servers never run at once: the bare one stops before the app starts.
// Targets: state ≥ 0.8 × health req/s and ≥ 0.4 × bare req/s. A missed target prints FAIL and
// exits 0 (a ratio on a shared 2-core machine is a measurement); STRICT=1 exits 1 on a miss. A run
// with non-2xx answers or socket errors measured something else: that always exits 1.
//   DURATION (s, default 10) · WARMUP (s, default 2, unreported, before each run) ·
//   CONNECTIONS (default 64) · THREADS (default 1)

import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { ShowStateView } from '@vault/contracts';
import type { SeededMember } from '@vault/testing';
import { apiClient, BENCH_ENV, logIn, startBare, startBenchApp, startLiveShow } from './bench-app';
import { recordResult } from './record';
import { startScaledStack } from './scaled-stack';

const WRK = '/usr/bin/wrk';
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);
const THREADS = Number(process.env.THREADS ?? 1);
const SCALED = process.env.SCALED === '1';
const STRICT = process.env.STRICT === '1';
const ITEMS = 6;

if (spawnSync(WRK, ['--version']).error) {
  console.error(`bench:state needs wrk at ${WRK} (Debian: apt-get install wrk)`);
  process.exit(1);
}

interface WrkRun {
  rps: number;
  p50: string;
  p99: string;
  /** Non-2xx/3xx answers and socket errors: a run with any measured something else. */
  problems: string[];
}

function wrk(url: string, headers: Record<string, string>, seconds: number): Promise<WrkRun> {
  const args = [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const child = spawn(WRK, [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
      if (code !== 0 || Number.isNaN(rps)) return reject(new Error(`wrk failed (${code}):\n${out}`));
      const problems = [out.match(/Non-2xx or 3xx responses: \d+/)?.[0], out.match(/Socket errors: .+/)?.[0]];
      resolve({
        rps,
        p50: out.match(/ 50%\s+(\S+)/)?.[1] ?? '?',
        p99: out.match(/ 99%\s+(\S+)/)?.[1] ?? '?',
        problems: problems.filter((p): p is string => p !== undefined),
      });
    });
  });
}

/** One request's header and body sizes in bytes, as they go over the wire. */
function sizes(url: string, headers: Record<string, string>): Promise<{ header: number; body: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let body = 0;
        res.on('data', (chunk: Buffer) => {
          body += chunk.length;
        });
        res.on('end', () => {
          const fields = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            fields.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
          const head = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n${fields.join('')}\r\n`;
          resolve({ header: Buffer.byteLength(head), body });
        });
      })
      .on('error', reject);
  });
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

const results = new Map<string, WrkRun>();
async function measure(target: Target) {
  const size = await sizes(target.url, target.headers);
  if (WARMUP > 0) await wrk(target.url, target.headers, WARMUP);
  const run = await wrk(target.url, target.headers, DURATION);
  results.set(target.name, run);
  console.log(
    `${target.name.padEnd(22)} ${run.rps.toFixed(0).padStart(7)} req/s · p50 ${run.p50} · p99 ${run.p99} · response ${size.header} B headers + ${size.body} B body${run.problems.length > 0 ? ` · ${run.problems.join(' · ')}` : ''}`,
  );
}

/** The app under test, with an admin and a member signed in. */
async function startApp(): Promise<{ base: string; admin: string; member: string; stop(): Promise<unknown> }> {
  if (SCALED) {
    const stack = await startScaledStack({ replicas: 1, members: 1, env: BENCH_ENV });
    const member = stack.members[0] as SeededMember;
    return { base: stack.bases[0] ?? '', admin: stack.admin.cookie, member: member.cookie, stop: stack.stop };
  }
  const bench = await startBenchApp();
  try {
    const base = bench.app.baseUrl;
    // The embedded app's members are created through its own API.
    const account = {
      firstName: 'Bench',
      lastName: 'Member',
      email: 'bench@example.com',
      password: 'bench-password-1',
    };
    await apiClient(base)('/api/auth/register', account);
    return {
      base,
      admin: bench.adminCookie,
      member: await logIn(base, account.email, account.password),
      stop: bench.stop,
    };
  } catch (error) {
    await bench.stop();
    throw error;
  }
}

console.log(
  `bench:state — wrk -t${THREADS} -c${CONNECTIONS}, ${DURATION} s per route (after ${WARMUP} s unreported); app: ${SCALED ? 'one scaled replica' : 'embedded'}; ${new Date().toISOString()}`,
);

const bare = await startBare();
try {
  await measure({ name: 'bare GET /bare', url: `${bare.base}/bare`, headers: {} });
} finally {
  await bare.stop();
}

const app = await startApp();
try {
  const call = apiClient(app.base, app.admin);
  await startLiveShow(
    call,
    { title: 'State bench', perKnifeSeconds: 3600, prerollSeconds: 0 },
    Array.from({ length: ITEMS }, (_, k) => ({ title: `Knife ${k + 1}`, price: `${100 * (k + 1)}` })),
  );
  // Validated once, here: nothing is parsed while wrk runs.
  const view = ShowStateView.parse(await call('/api/show/state'));
  if (!view.currentItem || (view.show?.lineup.length ?? 0) < ITEMS)
    throw new Error('the show is not live with its lineup');

  // wrk talks to 127.0.0.1 (the embedded app's PUBLIC_URL says localhost, which may resolve to ::1).
  const origin = new URL(app.base);
  const url = (path: string) => `http://127.0.0.1:${origin.port}${path}`;
  const asMember = { Cookie: app.member, Origin: app.base };
  await measure({ name: 'app GET /api/health', url: url('/api/health'), headers: {} });
  await measure({ name: 'app GET /api/show/state', url: url('/api/show/state'), headers: asMember });
} finally {
  await app.stop();
}

const rps = (name: string) => results.get(name)?.rps ?? Number.NaN;
const state = rps('app GET /api/show/state');
const ratios = [
  { what: 'state / health', value: state / rps('app GET /api/health'), limit: 0.8 },
  { what: 'state / bare', value: state / rps('bare GET /bare'), limit: 0.4 },
];
let missed = 0;
for (const r of ratios) {
  const pass = r.value >= r.limit;
  if (!pass) missed++;
  console.log(`${r.what}: ${r.value.toFixed(2)} (target ≥ ${r.limit}) ${pass ? 'PASS' : 'FAIL'}`);
}
await recordResult({
  bench: 'state',
  title: 'Show state poll: GET /api/show/state under wrk',
  setup: `wrk -t${THREADS} -c${CONNECTIONS}, ${DURATION} s per route after ${WARMUP} s unreported; app ${SCALED ? 'one scaled replica' : 'embedded'}; a bare Fastify route in the same run is the calibration.`,
  figures: [
    { label: 'GET /api/show/state', value: state, unit: 'req/s' },
    ...ratios.map((r) => ({
      label: r.what,
      value: r.value,
      unit: '×' as const,
      target: { op: '≥' as const, value: r.limit },
    })),
  ],
  series: [],
  bars: {
    unit: 'req/s',
    values: [...results].map(([name, run]) => ({ label: name, value: run.rps, calibration: name.startsWith('bare') })),
  },
  notes: [...results].map(([name, run]) => `${name}: p50 ${run.p50}, p99 ${run.p99}`),
});
const invalid = [...results.values()].some((run) => run.problems.length > 0);
if (invalid) console.error('some runs had non-2xx answers or socket errors: their figures do not measure the route');
if (invalid || (STRICT && missed > 0)) process.exitCode = 1;
