import { type DependencyName, type ReadinessResponse, readinessMessages } from '@vault/contracts';
import { withTimeout } from './redis';

/** Below a container healthcheck's own timeout (5 s), so a probe answers 503 rather than being cut off. */
const CHECK_TIMEOUT_MS = 2000;

export type ReadinessProbes = Partial<Record<DependencyName, () => Promise<unknown>>>;

/**
 * Asks each dependency at once and answers as the API's /api/health/ready and the worker's
 * /health both do: ok when all answer within CHECK_TIMEOUT_MS, else unavailable naming what is
 * down. A hung dependency reads as down after the timeout instead of hanging the probe.
 */
export async function checkReadiness(probes: ReadinessProbes): Promise<ReadinessResponse> {
  const results = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      const ok = await withTimeout(probe(), CHECK_TIMEOUT_MS, name).then(
        () => true,
        () => false,
      );
      return [name as DependencyName, ok ? ('ok' as const) : ('down' as const)] as const;
    }),
  );
  const checks: ReadinessResponse['checks'] = Object.fromEntries(results);
  const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
  if (down.length === 0) return { status: 'ok', checks };
  return { status: 'unavailable', checks, message: readinessMessages.down(down) };
}
