import { z } from 'zod';
import { ErrorCode } from './errors';

export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const dependencyNames = ['database', 'redis'] as const;
export const DependencyName = z.enum(dependencyNames);
export type DependencyName = z.infer<typeof DependencyName>;

export const ReadinessResponse = z.object({
  /**
   * ok: every dependency answered. degraded: something named in `message` is down, but this API
   * replica still takes traffic (it serves the show from memory, and a dependency shared by every
   * replica would otherwise take them all out at once). unavailable (503): not taking traffic — an
   * API replica shutting down, or a worker without its dependencies.
   */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.partialRecord(DependencyName, z.enum(['ok', 'down'])),
  /** Present when something is down, e.g. "database is down", or the instance is shutting down. */
  message: z.string().optional(),
  /** Beside the message of a 503 (`service_unavailable`), like every other error body. */
  code: ErrorCode.optional(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

/** Readiness's message when something is down or the instance is on its way out; the worker port's refusals. */
export const readinessMessages = {
  down: (names: readonly DependencyName[]) => `${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} down`,
  shuttingDown: 'shutting down',
  /** The worker's health port serves GET /health only. */
  notFound: 'Not found',
  useGet: 'Use GET',
} as const;
