import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTimers } from './timers';

describe('reminder timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once at a time beyond setTimeout’s 24.8-day limit, not at once', () => {
    vi.useFakeTimers();
    const timers = createTimers();
    const fired: number[] = [];
    const at = Date.now() + 40 * 86_400_000;
    timers.arm('show:launch', at, () => fired.push(Date.now()));
    vi.advanceTimersByTime(2 ** 31 - 1);
    expect(fired).toEqual([]);
    expect(timers.has('show:launch')).toBe(true);
    vi.advanceTimersByTime(at - Date.now());
    expect(fired).toEqual([at]);
    expect(timers.has('show:launch')).toBe(false);
  });

  it('replaces a key’s timer when it is armed again (a reschedule)', () => {
    vi.useFakeTimers();
    const timers = createTimers();
    const fired: string[] = [];
    timers.arm('show:soon', Date.now() + 1000, () => fired.push('old'));
    timers.arm('show:soon', Date.now() + 5000, () => fired.push('new'));
    vi.advanceTimersByTime(6000);
    expect(fired).toEqual(['new']);
  });
});
