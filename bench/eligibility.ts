// pnpm bench:eligibility — what the eligibility check costs the Buy race. The calibrated warm-HTTP
// race of bench:buy (K members, default 2,000, press Buy on the same live item at once, against one
// scaled API replica and a worker on Postgres and Redis, each burst preceded by the identical burst
// against the bare Fastify server), run in one run against one server build:
//   (a) with no eligibility rules: every press still runs the check (built-in checks only);
//   (b) with 40 rules of the shape an operator keeps (bench/eligibility-rules.ts), seven of which
//       match the members, so each press walks all 40 and the sale is allowed by three of them.
// The two alternate in rounds (b a, a b, b a, …: one switch per round, so a drift of the machine
// weighs on both alike); each round gives p99(b) / p99(a), and the figure is the median of those
// ratios (target ≤ 1.05). The rules are added and retired through the admin API, as an operator
// does; a member the bench moves to the one ZIP a rule forbids shows when the replica holds them.
// Before each race every member loads GET /api/show/state once, as their screen does: that loads
// their facts into the judge (one query, on their first view), so Buy is judged from memory.
// After each race: one winner, everyone else 409 Sold, one purchase, one authorisation, and the
// winner's claim records the rules that allowed it (none in (a); the expected three in (b)).
// Each race waits (up to 20 s) for a mostly idle machine first, and reads the CPU time the API
// replica's event loop spent on its burst from /proc: a figure other processes disturb far less
// than a latency.
// Before the races, decide() alone is timed (bench/eligibility-decide.ts).
//
// Exit code 1 when a race is not exactly once or not allowed by the expected rules; a missed
// ratio prints FAIL and exits 0 unless STRICT=1 (a ratio on a shared machine is a measurement).

import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { EligibilityBasis, EligibilityRuleList, EligibilityRuleView, ShowStateView } from '@vault/contracts';
import { eventually } from '@vault/testing';
import { apiClient, type BareServer, BENCH_ENV, startBare, startLiveShow } from './bench-app';
import { burst, keepAliveAgent, send } from './buy-client';
import { measureDecide } from './eligibility-decide';
import { type Mode, p99, type Race, type Round, reportRounds } from './eligibility-report';
import { ATTESTATION_KINDS, BENCH_KNIFE, BENCH_RULES, EXPECTED_WINNERS, SENTINEL_ZIP } from './eligibility-rules';
import { cpuMsOfTree, machineBusyMs } from './fanout-cpu';
import { salesOf, startScaledStack } from './scaled-stack';
import { ms, summaryLine } from './stats';

const BUYERS = Number(process.env.BUYERS ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const STRICT = process.env.STRICT === '1';
/** PROFILE_DIR=/tmp/x writes a CPU profile of the API replica and of the bare server there. */
const nodeArgs = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
const SETTLE_MS = 500;
const WAIT_MS = 30_000;
/** Before a race, wait (at most QUIET_TRIES × 0.5 s) until this share of the machine is idle: other work skews one race, not its pair. */
const QUIET_IDLE = 0.8;
const QUIET_TRIES = 40;
/**
 * A race whose bursts shared the machine with other processes (more than this share of all cores
 * went to neither the client, the API nor the bare server) is run again on the next item, up to
 * ATTEMPTS times in all; the last attempt counts whatever happened, and the table says so.
 */
const OTHERS_LIMIT = 0.1;
const ATTEMPTS = 4;
/** One warm-up race in each mode, then the rounds with their re-runs; two spare items keep the show from ending mid-run. */
const ITEMS = 2 + 2 * ROUNDS * ATTEMPTS + 2;

/**
 * CPU time (ms, to the ns) the process's main thread, its event loop, has run: /proc's schedstat,
 * finer than the 10 ms ticks of /proc/<pid>/stat. NaN without /proc.
 */
function eventLoopCpuMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

const modeName = { none: '(a) no rules', rules: `(b) ${BENCH_RULES.length} rules` } as const;

console.log('timing decide() alone…');
const decideCost = measureDecide();
console.log(
  `decide(): ${decideCost.withRules.toFixed(2)} µs per call with ${decideCost.rules} rules (${decideCost.withRulesAndDay.toFixed(2)} µs with the day computed per call, as the judge does), ${decideCost.noRules.toFixed(2)} µs with none`,
);

const stack = await startScaledStack({ replicas: 1, members: BUYERS, env: BENCH_ENV, apiNodeArgs: nodeArgs });
const { handle, admin, members } = stack;
const apiPid = stack.apiPids[0] ?? 0;
const base = stack.bases[0] ?? '';
const vaultAgent = keepAliveAgent();
const bareAgent = keepAliveAgent();
let bare: BareServer | undefined;

try {
  bare = await startBare(nodeArgs);
  const bareBase = bare.base;
  const barePid = bare.pid;
  // Members are of age; the admin lives in the ZIP one rule forbids (nobody has been judged yet).
  await handle.db.updateTable('users').set({ dateOfBirth: '1990-01-01' }).where('dateOfBirth', 'is', null).execute();
  await handle.db.updateTable('users').set({ zip: SENTINEL_ZIP }).where('id', '=', admin.userId).execute();
  console.log(`seeded ${BUYERS} onboarded members with sessions in ${(stack.seedMs / 1000).toFixed(1)} s`);
  console.log(
    `bench:eligibility — ${BUYERS} members, warm HTTP; 1 API replica + 1 worker (Postgres + Redis); ${ROUNDS} rounds of ${modeName.none} and ${modeName.rules}, interleaved; floor: bare Fastify; ${new Date().toISOString()}`,
  );
  const adminCall = apiClient(base, admin.cookie);
  const retireRule = async (id: string) => {
    const res = await fetch(`${base}/api/admin/eligibility-rules/${id}`, {
      method: 'DELETE',
      headers: { origin: base, cookie: admin.cookie },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`retiring rule ${id}: ${res.status} ${await res.text()}`);
  };
  const inForce = EligibilityRuleList.parse(await adminCall('/api/admin/eligibility-rules')).filter(
    (r) => !r.retiredAt,
  );
  if (inForce.length > 0) throw new Error(`the scratch database has ${inForce.length} rules in force already`);
  for (const kind of ATTESTATION_KINDS) await adminCall('/api/admin/attestation-kinds', kind);

  const { itemIds } = await startLiveShow(
    adminCall,
    { title: 'Eligibility bench', perKnifeSeconds: 600, prerollSeconds: 0, intermissionSeconds: 0 },
    Array.from({ length: ITEMS }, (_, k) => ({ title: `Race ${k}`, price: '450', ...BENCH_KNIFE })),
  );
  const until = (what: string, done: () => boolean | Promise<boolean>) =>
    eventually(done, { within: WAIT_MS, what: `waiting until ${what}` });
  const adminView = async () => ShowStateView.parse(await adminCall('/api/show/state'));

  let mode: Mode = 'none';
  /** Rule key → id of the rules in force (empty in mode (a)). */
  let ruleIds = new Map<string, string>();
  /**
   * Adds the 40 rules (the sentinel last) or retires them (the sentinel last), then waits until the
   * replica judges the sentinel member by them: the reload that saw the last change has landed.
   */
  async function switchTo(next: Mode) {
    if (next === mode) return;
    const started = performance.now();
    if (next === 'rules') {
      for (const { key, body } of BENCH_RULES) {
        ruleIds.set(key, EligibilityRuleView.parse(await adminCall('/api/admin/eligibility-rules', body)).id);
      }
    } else {
      for (const id of ruleIds.values()) await retireRule(id);
      ruleIds = new Map();
    }
    const refused = next === 'rules';
    await until(`the replica ${refused ? 'holds' : 'dropped'} the rules`, async () => {
      const verdict = (await adminView()).currentItem?.eligibility;
      return verdict !== undefined && verdict.ok === !refused;
    });
    mode = next;
    console.log(`rules ${refused ? 'added' : 'retired'} through the admin API in ${ms(performance.now() - started)}`);
  }

  /** Every member's screen loads the state once (loading their facts on a first view) and shows the item. */
  async function watch(itemId: string) {
    const loads = await Promise.all(members.map((m) => send(vaultAgent, base, m.cookie, 'GET', '/api/show/state')));
    const blind = loads.filter((load) => {
      const item = (JSON.parse(load.body) as ShowStateView).currentItem;
      return item?.id !== itemId || item.status !== 'showing' || item.eligibility?.ok !== true;
    }).length;
    if (blind > 0) throw new Error(`${blind} members' state loads do not show the item on sale and allowed`);
  }

  /** CPU ms used so far by the bench's own processes: this client, the API replica, the bare server. */
  const ownCpuMs = () => {
    const client = process.cpuUsage();
    return (client.user + client.system) / 1000 + cpuMsOfTree(apiPid) + cpuMsOfTree(barePid);
  };

  /** One burst, and the share of the machine other processes took while it ran. */
  async function timed(label: string, server: 'vault' | 'bare', itemId: string) {
    const body = { showItemId: itemId };
    const [busy, own, started] = [machineBusyMs(), ownCpuMs(), performance.now()];
    const result = await burst(BUYERS, (i) => {
      const cookie = members[i]?.cookie ?? '';
      return server === 'vault'
        ? send(vaultAgent, base, cookie, 'POST', '/api/show/buy', body)
        : send(bareAgent, bareBase, cookie, 'POST', '/bare/buy', body);
    });
    const capacity = (performance.now() - started) * cpus().length;
    const others = Math.max(0, (machineBusyMs() - busy - (ownCpuMs() - own)) / capacity);
    console.log(`${label.padEnd(6)} ${summaryLine(result.latencies)} (others took ${(100 * others).toFixed(0)}%)`);
    return { result, others };
  }

  /** The rule ids the winner's claim recorded as allowing the sale. */
  async function allowedBy(itemId: string): Promise<string[] | undefined> {
    const claim = await handle.db
      .selectFrom('saleClaims')
      .select('eligibility')
      .where('showItemId', '=', itemId)
      .executeTakeFirst();
    const basis = EligibilityBasis.safeParse(claim?.eligibility);
    return basis.success ? basis.data.rules.map((r) => r.id) : undefined;
  }

  /** The machine's idle share over half a second, once it reached QUIET_IDLE or after QUIET_TRIES tries. */
  async function quiet(): Promise<number> {
    let idle = 0;
    for (let i = 0; i < QUIET_TRIES && idle < QUIET_IDLE; i++) {
      const before = machineBusyMs();
      await sleep(500);
      idle = Math.max(0, 1 - (machineBusyMs() - before) / (500 * cpus().length));
    }
    return idle;
  }

  let correct = true;
  let n = 0;
  /** A race in this mode, run again on the next item while other processes disturbed it (up to ATTEMPTS in all). */
  async function race(next: Mode, label: string, attempts = ATTEMPTS): Promise<Race> {
    for (let attempt = 1; ; attempt++) {
      const run = await raceOnce(next, `${label}${attempt > 1 ? `, attempt ${attempt}` : ''}`);
      if (run.others <= OTHERS_LIMIT || attempt >= attempts || n + 2 >= itemIds.length) return run;
      reruns++;
      console.log('other processes shared the machine during a burst: run again on the next item');
    }
  }

  let reruns = 0;
  async function raceOnce(next: Mode, label: string): Promise<Race> {
    const itemId = itemIds[n++] ?? '';
    console.log(`\n── ${label}: ${modeName[next]}`);
    await until('the item is on sale', async () => {
      const item = (await adminView()).currentItem;
      return item?.id === itemId && item.status === 'showing';
    });
    await switchTo(next);
    await watch(itemId);
    await Promise.all(members.map((m) => send(bareAgent, bareBase, m.cookie, 'GET', '/bare')));
    await sleep(SETTLE_MS);
    const idle = await quiet();
    const { result: floor, others: floorOthers } = await timed('bare', 'bare', itemId);
    await sleep(SETTLE_MS);
    const cpuBefore = eventLoopCpuMs(apiPid);
    const { result: vault, others: vaultOthers } = await timed('vault', 'vault', itemId);
    const cpuMs = eventLoopCpuMs(apiPid) - cpuBefore;
    const c = vault.counts;
    const db = await salesOf(handle, itemId);
    const expected = next === 'rules' ? Object.values(EXPECTED_WINNERS).map((key) => ruleIds.get(key) ?? key) : [];
    const allowed = await allowedBy(itemId);
    const once = c.won === 1 && c.sold === BUYERS - 1 && db.purchases === 1 && db.auths === 1;
    const byRules = allowed?.join() === expected.join();
    console.log(
      `machine ${(100 * idle).toFixed(0)}% idle before; API event loop's CPU for the burst ${ms(cpuMs)}; vault/bare p99 ${(p99(vault) / p99(floor)).toFixed(2)}×; winners ${c.won} · 409 sold ${c.sold} · other 4xx ${c.other4xx} · 5xx ${c.fivexx} · network errors ${c.failed}; ${db.purchases} purchase(s), ${db.auths} authorisation(s); allowed by ${allowed?.length ?? 'no recorded'} rule(s)${byRules ? '' : ` — expected ${expected.length}`}: ${once && byRules ? 'ok' : 'WRONG'}`,
    );
    correct &&= once && byRules;
    return { vault, floor, cpuMs, others: Math.max(floorOthers, vaultOthers) };
  }

  await race('none', 'warm-up (not measured)', 1);
  await race('rules', 'warm-up (not measured)', 1);
  const rounds: Round[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const order: Mode[] = k % 2 === 0 ? ['rules', 'none'] : ['none', 'rules'];
    const done: Partial<Record<Mode, Race>> = {};
    for (const m of order) done[m] = await race(m, `round ${k + 1}/${ROUNDS}`);
    if (!done.none || !done.rules) throw new Error('a round ran without both modes');
    rounds.push({ none: done.none, rules: done.rules, order: order.map((m) => (m === 'none' ? 'a' : 'b')).join(' ') });
  }

  const { pass } = await reportRounds(rounds, { buyers: BUYERS, decide: decideCost, correct, reruns });
  if (!correct || (STRICT && !pass)) process.exitCode = 1;
} finally {
  vaultAgent.destroy();
  bareAgent.destroy();
  await Promise.all([bare?.stop(10_000), stack.stop()]);
}
