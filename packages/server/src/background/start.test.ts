import { afterEach, describe, expect, it, vi } from 'vitest';
import { backgroundTaskNames, backgroundTasks, processOf, tasksOf } from './registry';
import { type BackgroundStart, backgroundIn, every, onBackgroundStart } from './start';

afterEach(() => {
  vi.useRealTimers();
});

describe('the background registry', () => {
  it('puts every task in exactly one process per mode, and everything in the API when embedded', () => {
    for (const mode of ['embedded', 'scaled'] as const) {
      const api = tasksOf('api', mode);
      const worker = tasksOf('worker', mode);
      expect([...api, ...worker].sort()).toEqual([...backgroundTaskNames].sort());
      expect(api.filter((task) => worker.includes(task))).toEqual([]);
    }
    expect(tasksOf('api', 'embedded')).toEqual(backgroundTaskNames);
  });

  it('gives the workers only queues, and the API replicas only locked or local work', () => {
    for (const task of backgroundTaskNames) {
      const { how } = backgroundTasks[task].scaled;
      expect(processOf(task, 'scaled')).toBe(how === 'queue' ? 'worker' : 'api');
    }
  });
});

describe('starting background work', () => {
  it('tells the start hook, then runs the start and returns what it returns', () => {
    const heard: BackgroundStart[] = [];
    const off = onBackgroundStart((start) => heard.push(start));
    const result = backgroundIn('api', 'scaled').start('claim-reconciler', () => 42);
    off();
    backgroundIn('api', 'scaled').start('socket-tick', () => undefined);
    expect(result).toBe(42);
    expect(heard).toEqual([{ task: 'claim-reconciler', process: 'api', mode: 'scaled' }]);
  });

  it('refuses a start the registry does not place in this process and mode, before running it', () => {
    const run = vi.fn();
    expect(() => backgroundIn('api', 'scaled').start('session-pruning', run)).toThrow(
      'session-pruning runs in the worker when scaled, not in the api',
    );
    expect(() => backgroundIn('worker', 'scaled').start('claim-reconciler', run)).toThrow();
    expect(() => backgroundIn('worker', 'embedded').start('show-clock', run)).toThrow();
    expect(run).not.toHaveBeenCalled();
  });

  it('repeats at the registry’s period unless told another, until stopped', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const stop = every('buy-attempt-flush', run);
    vi.advanceTimersByTime(backgroundTasks['buy-attempt-flush'].everyMs * 3);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(3);
    const custom = vi.fn();
    const stopCustom = every('watcher-samples', custom, 250);
    vi.advanceTimersByTime(1000);
    stopCustom();
    expect(custom).toHaveBeenCalledTimes(4);
    expect(() => every('show-clock', run)).toThrow('show-clock has no period');
  });
});
