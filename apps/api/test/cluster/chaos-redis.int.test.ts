import { setTimeout as sleep } from 'node:timers/promises';
import {
  createScratchDatabase,
  msUntil,
  type PrivateRedis,
  startLinkProxy,
  startPrivateRedis,
  uniqueId,
} from '@vault/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appliedSteps,
  cleanupList,
  endShowDuringCut,
  followShow,
  oneTo,
  readShow,
  setUpChaosShow,
} from '../support/chaos-show';

const cleanups = cleanupList();
afterAll(cleanups.run);

const OUTAGE_MS = 3000;

/** How often a process logged `message` (pino JSON lines). */
const logged = (output: string, message: string) => output.split(`"msg":"${message}"`).length - 1;
const UNHANDLED = '[ioredis] Unhandled error event';

describe('chaos: Redis restarted mid-show (1 API + 1 worker, real processes)', () => {
  it('polling answers through the outage; the clock and the pushes resume, every step once (data kept, then data lost)', async () => {
    const redis: PrivateRedis = await startPrivateRedis();
    cleanups.add(() => redis.dispose());
    const scratch = await createScratchDatabase();
    cleanups.add(() => scratch.drop());
    const services = { databaseUrl: scratch.url, redisUrl: redis.url, redisPrefix: uniqueId('chaos') };
    const { stack, db, member, showId, start } = await setUpChaosShow(
      services,
      { title: 'Chaos: Redis', items: 9 },
      cleanups,
    );

    const { socket, pushes } = await followShow(stack.url, member.cookie, cleanups);

    await start();

    /**
     * Stops Redis for OUTAGE_MS, polling the show state meanwhile, and starts it again (emptied
     * first when `wipe`); then waits for a push after the restart. The restart's wall time.
     */
    const outage = async (label: string, wipe: boolean) => {
      await redis.stop();
      const downAt = performance.now();
      const polls: Array<{ status: number; ms: number }> = [];
      while (performance.now() - downAt < OUTAGE_MS) {
        const answer = await stack.call('GET', '/api/show/state', { cookie: member.cookie, timeoutMs: 10_000 });
        polls.push({ status: answer.status, ms: answer.ms });
        await sleep(200);
      }
      if (wipe) redis.wipe();
      await redis.start();
      const upAt = Date.now();
      const slowest = Math.max(...polls.map((p) => p.ms));
      console.log(`[chaos] redis down (${label}): ${polls.length} state polls, slowest: ${slowest.toFixed(0)} ms`);
      // Polling covers the gap: the state is answered from memory with Redis gone.
      expect(polls.every((p) => p.status === 200)).toBe(true);
      expect(slowest).toBeLessThan(2000);
      const pushed = await msUntil(async () => pushes.some((p) => p.at > upAt), {
        within: 15_000,
        every: 25,
        what: 'a push after the restart',
      });
      console.log(`[chaos] redis back (${label}): first push after ${pushed.toFixed(0)} ms`);
      return upAt;
    };
    const stepNow = async () => (await readShow(db, showId))?.step ?? 0;

    await msUntil(async () => (await stepNow()) >= 3, { within: 20_000, every: 25, what: 'the show at step 3' });
    const keptUpAt = await outage('data kept', false);
    // The socket's link drops after the restart: the client reconnects and asks to recover its
    // session, which the streams adapter looks up in Redis; the full state comes either way.
    const droppedAt = Date.now();
    socket.io.engine.close();
    const resynced = await msUntil(async () => pushes.some((p) => p.at > droppedAt && p.view?.show), {
      within: 10_000,
      every: 25,
      what: 'the state after a reconnect',
    });
    console.log(`[chaos] redis back (data kept): a dropped socket had the state again after ${resynced.toFixed(0)} ms`);
    const afterFirst = await stepNow();
    await msUntil(async () => (await stepNow()) >= afterFirst + 2, {
      within: 15_000,
      every: 25,
      what: 'two more transitions',
    });
    // Redis back empty: every delayed wake-up is gone; the worker re-arms from phase_ends_at.
    const wipedUpAt = await outage('data lost', true);

    await msUntil(async () => (await readShow(db, showId))?.status === 'completed', {
      within: 40_000,
      every: 25,
      what: 'the show completes',
    });
    const show = await readShow(db, showId);
    const steps = await appliedSteps(db, showId);
    expect(steps.map((s) => s.step)).toEqual(oneTo(show?.step ?? 0));
    for (const [label, upAt] of [
      ['data kept', keptUpAt],
      ['data lost', wipedUpAt],
    ] as const) {
      const resumed = steps.find((s) => s.at >= upAt);
      if (!resumed) throw new Error(`no transition after the restart (${label})`);
      console.log(`[chaos] redis back (${label}): next show transition after ${resumed.at - upAt} ms`);
      expect(resumed.at - upAt).toBeLessThan(5000);
    }
    // The member's screen ends where the show did: the pushes resumed and carried it to the end.
    await msUntil(async () => pushes.at(-1)?.view?.show === null, {
      within: 5000,
      every: 25,
      what: 'the socket shows the show ended',
    });
    expect(pushes.every((p) => p.view !== null)).toBe(true); // every change followed from the last
    expect(stack.api.child.exitCode).toBeNull();
    expect(stack.worker.child.exitCode).toBeNull();

    // Each outage logged once per connection — the worker's one, the API's three (commands, the
    // bus, the socket adapter) — and its end once; not a line per failed retry.
    const [api, worker] = [stack.api.output(), stack.worker.output()];
    // Nor printed by other means (BullMQ's queues and workers print errors nobody listens to).
    const counts = (output: string) =>
      `${logged(output, 'Redis connection lost; reconnecting')} lost, ${logged(output, 'Redis connection back')} back, ` +
      `${output.split(UNHANDLED).length - 1} unhandled, ${output.split(/^Error: /m).length - 1} other errors`;
    console.log(`[chaos] redis outages logged: worker ${counts(worker)}; api ${counts(api)}`);
    expect(worker).not.toContain(UNHANDLED);
    expect(api).not.toContain(UNHANDLED);
    expect(worker).not.toMatch(/^Error: /m);
    expect(api).not.toMatch(/^Error: /m);
    expect(logged(worker, 'Redis connection lost; reconnecting')).toBe(2);
    expect(logged(worker, 'Redis connection back')).toBe(2);
    expect(logged(api, 'Redis connection lost; reconnecting')).toBe(6);
    expect(logged(api, 'Redis connection back')).toBe(6);
  });

  it("a show's last transition, published while the API was cut off from Redis, reaches the member once it is back", async () => {
    const redis: PrivateRedis = await startPrivateRedis();
    cleanups.add(() => redis.dispose());
    // The API's only way to Redis; the worker's is direct, so the clock runs on while the API is deaf.
    const link = await startLinkProxy({ target: { port: redis.port } });
    cleanups.add(() => link.close());
    const scratch = await createScratchDatabase();
    cleanups.add(() => scratch.drop());
    const services = {
      databaseUrl: scratch.url,
      redisUrl: redis.url,
      apiRedisUrl: `redis://127.0.0.1:${link.port}`,
      redisPrefix: uniqueId('chaos'),
    };
    const { stack, endedIntoCutMs, endSeenInCut, seenAfterMs } = await endShowDuringCut(services, cleanups, {
      title: 'Chaos: the last push',
      // Every API connection to Redis reset, and new ones refused, while the last phase runs out.
      cut: (ms) => link.reset(ms),
      outageMs: OUTAGE_MS,
    });
    console.log(
      `[chaos] api cut off from redis: the show ended ${endedIntoCutMs} ms into the cut; the member saw it ${seenAfterMs.toFixed(0)} ms after the link came back`,
    );
    expect(endedIntoCutMs).toBeGreaterThan(0); // the end was published while the API could not hear it
    expect(endSeenInCut).toBe(false);
    // Not the next transition (there is none): the API reads the show again once its bus is back.
    expect(seenAfterMs).toBeLessThan(5000);
    expect(logged(stack.api.output(), 'show bus subscribed again: reloading the show')).toBe(1);
    expect(stack.api.output()).not.toContain(UNHANDLED);
  });
});
