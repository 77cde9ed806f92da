import { describe, expect, it } from 'vitest';
import { eventually, msUntil } from './eventually';

describe('eventually', () => {
  it('resolves with the first value that is not false, null or undefined', async () => {
    let calls = 0;
    const pending = [false, null, undefined] as const;
    const value = await eventually(() => (calls < pending.length ? pending[calls++] : { calls }), {
      within: 1000,
      every: 1,
    });
    expect(value).toEqual({ calls: 3 });
  });

  it('takes 0 and empty strings as answers, not as waiting', async () => {
    expect(await eventually(() => 0, { within: 100 })).toBe(0);
    expect(await eventually(async () => '', { within: 100 })).toBe('');
  });

  it('rejects at the deadline, naming what it waited for', async () => {
    const started = performance.now();
    await expect(eventually(() => false, { within: 100, every: 10, what: 'the sold toast' })).rejects.toThrow(
      'the sold toast: not within 100 ms',
    );
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(100);
    expect(took).toBeLessThan(1000);
  });

  it('names the last state seen when `what` is a function', async () => {
    let last = 0;
    const waiting = eventually(() => ++last > 1000, { within: 30, every: 5, what: () => `still at ${last}` });
    await expect(waiting).rejects.toThrow(/^still at \d+: not within 30 ms$/);
  });

  it('fails at once when the check throws', async () => {
    let calls = 0;
    const failing = eventually(
      () => {
        calls++;
        throw new Error('the process exited');
      },
      { within: 10_000 },
    );
    await expect(failing).rejects.toThrow('the process exited');
    expect(calls).toBe(1);
  });

  it('msUntil resolves with how long the wait took', async () => {
    const readyAt = performance.now() + 50;
    const ms = await msUntil(() => performance.now() >= readyAt, { within: 1000, every: 5 });
    expect(ms).toBeGreaterThanOrEqual(45);
    expect(ms).toBeLessThan(1000);
  });
});
