import { startPrivateRedis } from '@vault/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionLog, connectRedis, reportRedisOutages } from './redis';

/** Every line logged, as `level name message`. */
function recordingLog() {
  const lines: string[] = [];
  const log: ConnectionLog = {
    warn: (details, message) => lines.push(`warn ${(details as { redis: string }).redis} ${message}`),
    info: (details, message) => lines.push(`info ${(details as { redis: string }).redis} ${message}`),
  };
  return { lines, log };
}

async function until(what: string, done: () => boolean, timeoutMs = 10_000) {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('Redis connection outages in the log', () => {
  it('logs each outage once per connection, duplicates included, and never prints an unhandled error', async () => {
    const server = await startPrivateRedis();
    cleanups.push(() => server.dispose());
    const printed = vi.spyOn(console, 'error');
    cleanups.push(() => printed.mockRestore());
    const { lines, log } = recordingLog();
    const redis = await connectRedis(server.url, 'main', log);
    cleanups.push(() => redis.disconnect());
    const duplicate = redis.duplicate();
    cleanups.push(() => duplicate.disconnect());
    reportRedisOutages(duplicate, 'duplicate', log);
    await duplicate.ping();

    for (const round of [1, 2]) {
      await server.stop();
      // Down for a while: ioredis retries many times meanwhile.
      await new Promise((r) => setTimeout(r, 1500));
      await server.start();
      const back = await until('both back', () => lines.filter((l) => l.startsWith('info')).length === 2 * round);
      console.log(`[chaos] redis connection back in the log ${back.toFixed(0)} ms after the restart`);
    }
    expect(lines.toSorted()).toEqual(
      [
        ...['info duplicate Redis connection back', 'info main Redis connection back'],
        ...['warn duplicate Redis connection lost; reconnecting', 'warn main Redis connection lost; reconnecting'],
      ].flatMap((line) => [line, line]),
    );
    expect(printed).not.toHaveBeenCalled();

    // Closing a connection on purpose is no outage.
    redis.disconnect();
    duplicate.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    expect(lines).toHaveLength(8);
  });

  it('reports a duplicate that cannot reach Redis at all once, and refuses to start without Redis', async () => {
    const server = await startPrivateRedis();
    cleanups.push(() => server.dispose());
    const { lines, log } = recordingLog();
    const redis = await connectRedis(server.url, 'main', log);
    cleanups.push(() => redis.disconnect());
    await server.stop();
    const late = redis.duplicate();
    cleanups.push(() => late.disconnect());
    reportRedisOutages(late, 'late', log);
    void late.ping().catch(() => {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(lines.filter((l) => l.includes('late'))).toEqual(['warn late Redis unreachable; retrying']);

    await expect(connectRedis(server.url, 'start-up', log)).rejects.toThrow(/is unreachable/);
  });
});
