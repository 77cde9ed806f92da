import { performance } from 'node:perf_hooks';
import { type DependencyName, type ReadinessResponse, readinessMessages } from '@vault/contracts';
import { withTimeout } from './redis';

/**
 * How long a check waits for its dependencies. A ping answers in milliseconds; a probe must answer
 * well inside its caller's own timeout (HAProxy gives a check 2 s, Docker 5 s) whatever a
 * dependency does, because a probe that times out is read as "this instance is gone".
 */
const CHECK_DEADLINE_MS = 500;

export type ReadinessProbes = Partial<Record<DependencyName, () => Promise<unknown>>>;

export interface ReadinessCheckOptions {
  /**
   * What a dependency that is down makes this instance: an API replica still serves members
   * ('degraded', 200), a worker cannot do its work ('unavailable', 503).
   */
  whenDown: 'degraded' | 'unavailable';
  deadlineMs?: number;
}

/**
 * The check behind the API's /api/health/ready and the worker's /health: asks each dependency at
 * once and answers within `deadlineMs`, ok when all answered, else `whenDown` naming what is down.
 *
 * At most one probe per dependency is in flight: a call while one is still unanswered waits for
 * that one (for what is left of its deadline) instead of sending another. A hung Redis would
 * otherwise queue one PING per check, and a hung Postgres hold one pooled connection per check, for
 * as long as the outage lasts; and once that probe is older than the deadline, the dependency
 * reads as down at once.
 */
export function readinessCheck(
  probes: ReadinessProbes,
  { whenDown, deadlineMs = CHECK_DEADLINE_MS }: ReadinessCheckOptions,
): () => Promise<ReadinessResponse> {
  const inFlight = new Map<DependencyName, { answered: Promise<boolean>; sentAt: number }>();

  const ask = (name: DependencyName, probe: () => Promise<unknown>): Promise<boolean> => {
    let pending = inFlight.get(name);
    if (!pending) {
      const answered = (async () => probe())().then(
        () => true,
        () => false,
      );
      const sent = { answered, sentAt: performance.now() };
      void answered.finally(() => inFlight.delete(name));
      inFlight.set(name, sent);
      pending = sent;
    }
    const left = Math.max(0, pending.sentAt + deadlineMs - performance.now());
    return withTimeout(pending.answered, left, name).catch(() => false);
  };

  return async () => {
    const results = await Promise.all(
      Object.entries(probes).map(async ([key, probe]) => {
        const name = key as DependencyName;
        return [name, (await ask(name, probe)) ? ('ok' as const) : ('down' as const)] as const;
      }),
    );
    const checks: ReadinessResponse['checks'] = Object.fromEntries(results);
    const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
    if (down.length === 0) return { status: 'ok', checks };
    return { status: whenDown, checks, message: readinessMessages.down(down) };
  };
}
