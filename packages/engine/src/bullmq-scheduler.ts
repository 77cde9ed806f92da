import { type ClockJob, clockQueueName } from '@vault/contracts';
import { type ConnectionOptions, Queue } from 'bullmq';
import type { WakeScheduler } from './driver';

/**
 * Scaled mode's clock: one delayed BullMQ job per transition. The job id names the step, so
 * arming the same wake-up twice is a no-op while the first job exists; the deadline itself lives
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
          jobId: `advance-${showId}-${step}`,
          delay: Math.max(0, at - Date.now()),
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
