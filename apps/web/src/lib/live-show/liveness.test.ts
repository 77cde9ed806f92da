import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLinkWatch } from './liveness';

describe('the link watch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays quiet while the server speaks every second', () => {
    const onSilent = vi.fn();
    const watch = createLinkWatch({ onSilent });
    watch.start();
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(1000);
      watch.heard();
    }
    expect(onSilent).not.toHaveBeenCalled();
    watch.stop();
  });

  it('calls a link dead within ~2 s of silence, once', () => {
    const onSilent = vi.fn();
    const watch = createLinkWatch({ onSilent });
    watch.start();
    watch.heard();
    vi.advanceTimersByTime(2000);
    expect(onSilent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(onSilent).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onSilent).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('re-arms when the server is heard again, and is silent when stopped', () => {
    const onSilent = vi.fn();
    const watch = createLinkWatch({ onSilent });
    watch.start();
    vi.advanceTimersByTime(2500);
    expect(onSilent).toHaveBeenCalledTimes(1);
    watch.heard();
    vi.advanceTimersByTime(2500);
    expect(onSilent).toHaveBeenCalledTimes(2);
    watch.stop();
    watch.heard();
    vi.advanceTimersByTime(10_000);
    expect(onSilent).toHaveBeenCalledTimes(2);
  });
});
