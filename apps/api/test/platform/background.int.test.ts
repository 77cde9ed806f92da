import {
  type BackgroundMode,
  type BackgroundStart,
  type BackgroundTaskName,
  backgroundIn,
  onBackgroundStart,
  RECONCILE_CLAIMS_EVERY_MS,
  tasksOf,
} from '@vault/server';
import { type Backend, eventually } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app';

/**
 * The API's side of the one registry of background work (packages/server/src/background): in
 * each mode, an API process starts exactly the tasks the registry puts in the API, heard through
 * the registry's start hook as they start — never one that the registry gives the workers.
 * (apps/worker/test/background.int.test.ts walks the workers' side.)
 */
const modes: Array<[Backend, BackgroundMode]> = [
  ['pglite', 'embedded'],
  ['postgres', 'scaled'],
];

/** Every start heard in this process, and a promise per task for the first one. */
function hearStarts() {
  const started: BackgroundStart[] = [];
  const waiting = new Map<BackgroundTaskName, () => void>();
  const off = onBackgroundStart((start) => {
    started.push(start);
    waiting.get(start.task)?.();
  });
  const heard = (task: BackgroundTaskName) =>
    started.some((s) => s.task === task)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.set(task, resolve));
  return { started, heard, off };
}

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe.each(modes)('the API starts what the background registry gives it (%s, %s)', (backend, mode) => {
  it('starts each of the API’s tasks for this mode once, and nothing else', async () => {
    const hear = hearStarts();
    cleanup.push(hear.off);
    const t: TestApp = await buildTestApp(backend, { listen: true });
    cleanup.push(() => t.close());
    const expected = tasksOf('api', mode);
    // Started on ready, on listen (the reconciler's first pass) and when draining begins.
    await Promise.all(expected.filter((task) => task !== 'idle-connection-sweep').map(hear.heard));
    await t.app.drain.start(Date.now() + 1000);
    await hear.heard('idle-connection-sweep');

    expect(hear.started.map((s) => s.task).sort()).toEqual([...expected].sort());
    for (const start of hear.started) expect(start).toEqual({ task: start.task, process: 'api', mode });
    if (mode === 'embedded') {
      // Embedded there is no worker: the API runs every task of the registry.
      expect(expected).toEqual(tasksOf('api', 'embedded'));
      expect(tasksOf('worker', 'embedded')).toEqual([]);
    } else {
      // Scaled, the queues are the workers' alone: the API runs none of them.
      for (const task of tasksOf('worker', 'scaled')) expect(expected).not.toContain(task);
      // The reconciler's first pass took the cluster's lock on the real Redis, for less than its period.
      const redis = t.redis;
      if (!redis) throw new Error('scaled without Redis');
      const key = `${redis.prefix}:lock:reconcile`;
      // Its first pass starts as the reconciler does: the lock is taken a moment after.
      const token = await eventually(() => redis.redis.get(key), { within: 5000, what: 'the reconciler lock' });
      expect(token).toMatch(new RegExp(`^${process.pid}:`));
      expect(await redis.redis.pttl(key)).toBeLessThanOrEqual(RECONCILE_CLAIMS_EVERY_MS - 1000);
    }
  });

  it('refuses to start, in the API, a task the registry gives the workers', () => {
    const api = backgroundIn('api', mode);
    for (const task of tasksOf('worker', mode)) {
      expect(() => api.start(task, () => undefined)).toThrow(`${task} runs in the worker when ${mode}`);
    }
  });
});
