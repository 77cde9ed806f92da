import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { readinessCheck } from './readiness';

const DEADLINE_MS = 100;

/** A probe that stays unanswered until `answer()`; counts how often it was sent. */
function heldProbe() {
  const held = { sent: 0, answer: () => {} };
  const probe = () => {
    held.sent += 1;
    return new Promise<void>((resolve) => {
      held.answer = resolve;
    });
  };
  return { held, probe };
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe('readinessCheck', () => {
  it('answers ok with every dependency when all answer', async () => {
    const check = readinessCheck(
      { database: async () => {}, redis: async () => 'PONG' },
      { whenDown: 'unavailable', deadlineMs: DEADLINE_MS },
    );
    expect(await check()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });

  it('names what is down with the caller’s status: a failed probe, one that throws, one that never answers', async () => {
    const { probe } = heldProbe();
    const check = readinessCheck(
      {
        database: () => {
          throw new Error('no pool');
        },
        redis: probe,
      },
      { whenDown: 'degraded', deadlineMs: DEADLINE_MS },
    );
    const { result, ms } = await timed(check);
    expect(result).toEqual({
      status: 'degraded',
      checks: { database: 'down', redis: 'down' },
      message: 'database and redis are down',
    });
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(ms).toBeLessThan(DEADLINE_MS + 100);
  });

  it('sends no second probe while one is unanswered, and reads it as down at once past its deadline', async () => {
    const { held, probe } = heldProbe();
    const check = readinessCheck({ redis: probe }, { whenDown: 'unavailable', deadlineMs: DEADLINE_MS });
    // Two checks at once share the one probe.
    const [first, second] = await Promise.all([check(), check()]);
    expect([first.checks, second.checks]).toEqual([{ redis: 'down' }, { redis: 'down' }]);
    // Later checks, while it still hangs, neither wait nor send another.
    for (let i = 0; i < 3; i++) {
      const { result, ms } = await timed(check);
      expect(result.checks).toEqual({ redis: 'down' });
      expect(ms).toBeLessThan(DEADLINE_MS / 2);
    }
    expect(held.sent).toBe(1);

    // Once it answers, the next check asks again.
    held.answer();
    await new Promise((resolve) => setImmediate(resolve));
    const again = check();
    expect(held.sent).toBe(2);
    held.answer();
    expect(await again).toEqual({ status: 'ok', checks: { redis: 'ok' } });
  });
});
