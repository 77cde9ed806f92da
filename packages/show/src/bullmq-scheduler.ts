import { type ClockJob, clockQueueName } from '@vault/contracts';
import { type ConnectionOptions, Queue } from 'bullmq';
import type { WakeScheduler } from './driver';

/**
 * Delayed jobs reach a worker up to ~100 ms late now and then (measured by bench:clock), so the
 * job is armed this much early and the handler sleeps out the rest: the deadline is in the
 * database, and driver.wake waits for it precisely.
 */
export const WAKE_LEAD_MS = 150;

/**
 * A wake-up that fails (Postgres down or restarting: the transition's transaction cannot run) is
 * tried again every WAKE_RETRY_MS for up to WAKE_ATTEMPTS times (10 minutes), so the show resumes
 * within a second of the database's return. A retry is the same job: applying its step twice is
 * impossible (driver.wake checks the step under a row lock), and a retry after the step moved on
 * does nothing. A wake-up that gives up is deleted rather than kept as failed: a kept one would
 * swallow the re-arm (same job id) that a worker's start or reconnect makes from phase_ends_at.
 */
export const WAKE_RETRY_MS = 1000;
export const WAKE_ATTEMPTS = 600;

/** A wake-up's job id: the show, the step it advances and the deadline it was armed for. */
const clockJobId = (showId: string, step: number, at: number) => `advance-${showId}-${step}-${at}`;

/** Epoch ms of 2001: a smaller last part is a step, from job ids armed before they named the time. */
const EPOCH_MS_FLOOR = 1e12;

/** The deadline a clock job was armed for, read back from its id; null for any other id. */
export function dueAtOfClockJob(jobId: string | undefined): number | null {
  const dueAt = Number(jobId?.slice(jobId.lastIndexOf('-') + 1));
  return Number.isSafeInteger(dueAt) && dueAt > EPOCH_MS_FLOOR ? dueAt : null;
}

/**
 * Scaled mode's clock: one delayed BullMQ job per transition. The job id names the step and its
 * due time, so arming the same wake-up twice is a no-op while the first job exists, yet a re-arm
 * for a different time is never swallowed; the deadline itself lives in the database
 * (phase_ends_at), the job is only the wake-up.
 */
export function createQueueScheduler(
  connection: ConnectionOptions,
  prefix: string,
): WakeScheduler & { queue: Queue<ClockJob> } {
  const queue = new Queue<ClockJob>(clockQueueName, { connection, prefix });
  return {
    queue,
    async schedule(showId, step, at) {
      await queue.add(
        'advance',
        { type: 'advance', showId, step },
        {
          jobId: clockJobId(showId, step, at),
          delay: Math.max(0, at - Date.now() - WAKE_LEAD_MS),
          attempts: WAKE_ATTEMPTS,
          backoff: { type: 'fixed', delay: WAKE_RETRY_MS },
          removeOnComplete: 1000,
          removeOnFail: true,
        },
      );
    },
    async close() {
      await queue.close();
    },
  };
}
