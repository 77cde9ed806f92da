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
 * Scaled mode's clock: one delayed BullMQ job per transition. The job id names the step and its
 * due time, so arming the same wake-up twice is a no-op while the first job exists, yet a re-arm
 * for a different time is never swallowed; the deadline itself lives
 * in the database (phase_ends_at), the job is only the wake-up.
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
          jobId: `advance-${showId}-${step}-${at}`,
          delay: Math.max(0, at - Date.now() - WAKE_LEAD_MS),
          removeOnComplete: 1000,
          removeOnFail: 1000,
        },
      );
    },
    async close() {
      await queue.close();
    },
  };
}
