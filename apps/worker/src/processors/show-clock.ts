import { createRedisBus } from '@vault/bus';
import { ClockJob, clockQueueName } from '@vault/contracts';
import type { Database } from '@vault/db';
import { quietRedisErrors } from '@vault/server';
import {
  type AppliedTransition,
  createQueueScheduler,
  createShowDriver,
  dueAtOfClockJob,
  type ShowCommand,
  type ShowDriver,
} from '@vault/show';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

export interface ShowClockDeps {
  db: Kysely<Database>;
  redis: Redis;
  prefix: string;
  log: Logger;
  concurrency?: number;
  /** A transition the clock applied: what it moved to, and how late after its deadline (metrics). */
  onTransition?(transition: string, latenessMs: number): void;
}

/**
 * A worker killed mid-job (kill -9, OOM) holds the job's lock until it expires; another worker's
 * stalled check then runs it again. Together they bound how late a transition can be after a
 * crash. Jobs take milliseconds and the lock is renewed every half period, so a short lock only
 * costs a re-run when the event loop stalls that long — and a re-run is harmless (steps are
 * checked under a row lock).
 */
export const CLOCK_LOCK_MS = 1500;
export const CLOCK_STALLED_CHECK_MS = 500;

/**
 * The authoritative show clock when scaled. Each transition is one delayed job
 * (`advance-<showId>-<step>-<dueAt>`); the handler re-reads the show in a transaction and applies the
 * transition only if it is still due and still at that step, arms the next job, and publishes
 * the change. Short locks and a short stalled check let another worker take over within ~3 s
 * when one dies; a starting worker re-arms every running or scheduled show, and so does a worker
 * whose Redis connection comes back. A wake-up that fails (Postgres down) is retried each second.
 */
export async function startShowClock(deps: ShowClockDeps) {
  const bus = createRedisBus(deps.redis, { prefix: deps.prefix });
  const scheduler = createQueueScheduler(deps.redis, deps.prefix);
  const pushes = lazyHeartedPushes(deps);
  const driver = createShowDriver({
    db: deps.db,
    bus,
    scheduler,
    afterTransition: async (showId, result, cause) => (await pushes.hook())(showId, result, cause),
    log: deps.log,
  });
  const worker = new Worker<ClockJob>(
    clockQueueName,
    async (job: Job<ClockJob>) => {
      const parsed = ClockJob.safeParse(job.data);
      // Retrying a job that can never be read would only fill the log.
      if (!parsed.success) throw new UnrecoverableError(`malformed clock job: ${parsed.error.message}`);
      const { showId, step } = parsed.data;
      const result = await driver.wake(showId, step);
      const dueAt = dueAtOfClockJob(job.id);
      if (result.ok && result.changed && dueAt !== null) {
        const { state } = result;
        deps.onTransition?.(state.status === 'running' ? state.phase : state.status, Date.now() - dueAt);
      }
      return { changed: result.ok && result.changed };
    },
    {
      connection: deps.redis,
      prefix: deps.prefix,
      concurrency: deps.concurrency ?? 16,
      lockDuration: CLOCK_LOCK_MS,
      stalledInterval: CLOCK_STALLED_CHECK_MS,
      maxStalledCount: 10,
    },
  );
  // A Redis outage is logged once by its connection; these would print each failed retry.
  quietRedisErrors(worker, 'show clock worker', deps.log);
  quietRedisErrors(scheduler.queue, 'show clock queue', deps.log);
  worker.on('failed', (job, error) => {
    // Every failed attempt is reported; all but the last are retried (bullmq-scheduler.ts).
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1);
    deps.log[final ? 'error' : 'warn'](
      { err: error, jobId: job?.id, attempt: job?.attemptsMade },
      final ? 'show clock job failed' : 'show clock job failed, will retry',
    );
  });
  await worker.waitUntilReady();
  const rearmed = await driver.rearmAll();
  deps.log.info({ rearmed }, 'show clock started');
  void pushes.hook().catch(() => undefined); // loaded now, off the clock's start; a failure is retried at use
  const rearm = rearmOnReconnect(deps, driver);
  return {
    worker,
    driver,
    queue: scheduler.queue,
    async close() {
      rearm.stop();
      await worker.close();
      await scheduler.close();
      await pushes.close();
      await bus.close();
    },
  };
}

type AfterTransition = (showId: string, result: AppliedTransition, cause: ShowCommand['type']) => Promise<void>;

/**
 * The hearted-item pushes of each transition the clock applies: written by one statement of
 * @vault/notify's, their delivery queued on the notifications queue (which the notifications
 * worker runs). @vault/notify (mailer, templates, web-push) is imported after the clock has
 * started, as the worker loads its notifications: a worker coming back to a live show moves it first.
 */
function lazyHeartedPushes(deps: ShowClockDeps): { hook(): Promise<AfterTransition>; close(): Promise<void> } {
  let loading: Promise<{ hook: AfterTransition; close(): Promise<void> }> | undefined;
  const load = () => {
    loading ??= import('@vault/notify').then((notify) => {
      const notifications = notify.createQueueNotifier({
        db: deps.db,
        connection: deps.redis,
        prefix: deps.prefix,
        leadMs: notify.DEFAULT_REMINDER_LEAD_SECONDS * 1000,
        log: deps.log,
      });
      quietRedisErrors(notifications.queue, 'notifications queue', deps.log);
      const hook = notify.heartedNextHook({ db: deps.db, kickPush: (ids) => notifications.kickPush(ids) });
      return { hook, close: () => notifications.close() };
    });
    // A failed import is tried again at the next transition rather than remembered.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    hook: async () => (await load()).hook,
    async close() {
      if (loading) await (await loading.catch(() => undefined))?.close();
    },
  };
}

const REARM_ATTEMPTS = 5;
const REARM_RETRY_MS = 2000;

/**
 * A Redis that comes back empty (restarted without its append-only file, or failed over to a
 * replica that lagged) has lost every delayed wake-up, and no running show would move again: the
 * deadlines are still in the database (phase_ends_at), so every reconnect re-arms them. Where the
 * jobs survived, re-arming is a no-op (the same job ids). Bounded: a few tries (the database may
 * be down too), then the error is logged and the next reconnect or start tries again.
 */
function rearmOnReconnect(deps: ShowClockDeps, driver: ShowDriver): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = (n: number) => {
    timer = undefined;
    driver.rearmAll().then(
      (rearmed) => deps.log.info({ rearmed }, 'show clock re-armed after a Redis reconnect'),
      (error: unknown) => {
        if (stopped) return;
        if (n >= REARM_ATTEMPTS) {
          deps.log.error({ err: error }, 'show clock re-arm after a Redis reconnect failed');
          return;
        }
        timer = setTimeout(() => attempt(n + 1), REARM_RETRY_MS);
      },
    );
  };
  // 'ready' comes after every reconnect (the first connect happened before this listener).
  const onReady = () => {
    if (stopped) return;
    clearTimeout(timer);
    attempt(1);
  };
  deps.redis.on('ready', onReady);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      deps.redis.off('ready', onReady);
    },
  };
}
