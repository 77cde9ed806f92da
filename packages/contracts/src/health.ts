import { z } from 'zod';
import { ErrorCode } from './errors';

export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const dependencyNames = ['database', 'redis'] as const;
export const DependencyName = z.enum(dependencyNames);
export type DependencyName = z.infer<typeof DependencyName>;

export const ReadinessResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.partialRecord(DependencyName, z.enum(['ok', 'down'])),
  /** Present when something is down, e.g. "database is down". */
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
