import { withTimeout } from '@vault/server';
import type { Queue, Worker } from 'bullmq';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The job states an operator watches: a growing `waiting` or `failed` means the clock is behind. */
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** A scrape must not hang on a Redis that does not answer (ioredis queues commands while offline). */
const COUNT_TIMEOUT_MS = 1000;

/**
 * This worker's Prometheus metrics (GET /metrics on its health port): how late each show
 * transition ran, the BullMQ queues' depth and stalled jobs. A registry of its own, not
 * prom-client's global one, so tests can build several in one process.
 */
export function createWorkerMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vault_worker_' });
  const registers = [registry];
  const queues = new Map<string, Queue>();

  const lateness = new Histogram({
    name: 'vault_show_transition_lateness_seconds',
    help: 'How long after its deadline (phase_ends_at, or the launch time) a show transition was done (applied, published, next wake-up armed), by the phase or status it moved to',
    labelNames: ['transition'] as const,
    // The clock's target is p99 ≤ 25 ms; the long tail is a worker taking over a dead one's jobs.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const stalled = new Counter({
    name: 'vault_queue_stalled_jobs_total',
    help: "Jobs this worker found stalled (their worker's lock expired: it died or its event loop stalled) and put back, by queue",
    labelNames: ['queue'] as const,
    registers,
  });
  new Gauge({
    name: 'vault_queue_jobs',
    help: 'Jobs in each BullMQ queue, by state (waiting, active, delayed, failed); the same for every worker',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      for (const [name, queue] of queues) {
        const counts = await withTimeout(queue.getJobCounts(...JOB_STATES), COUNT_TIMEOUT_MS, 'job counts').catch(
          () => null,
        );
        // Unknown while Redis does not answer: no sample rather than a stale one.
        if (!counts) {
          for (const state of JOB_STATES) this.remove({ queue: name, state });
          continue;
        }
        for (const state of JOB_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
      }
    },
  });

  return {
    registry,
    /** Reports a queue's depth at every scrape, and the stalled jobs its worker finds. */
    watchQueue(name: string, queue: Queue, worker: Worker) {
      queues.set(name, queue);
      worker.on('stalled', () => stalled.inc({ queue: name }));
    },
    transition(kind: string, latenessMs: number) {
      lateness.observe({ transition: kind }, Math.max(0, latenessMs) / 1000);
    },
  };
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
