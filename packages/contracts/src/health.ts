import { z } from 'zod';

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
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
