import type { ShowStateView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { formatMinutes, msLeft, splitCountdown } from './store';

const base: ShowStateView = {
  active: true,
  scheduled: false,
  timeUntilLaunch: 0,
  timeRemaining: 0,
  currentItem: null,
  show: {
    id: '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11',
    title: 'S',
    description: null,
    status: 'running',
    phase: 'showing',
    currentIndex: 0,
    lineup: [],
    perKnifeSeconds: 120,
    phaseEndsAt: 1_000_000,
    launchTime: null,
    step: 3,
  },
  serverTime: 900_000,
};

describe('live-show countdowns', () => {
  it('count down by the server clock, whatever the device clock says', () => {
    // The device is 5 minutes fast: offset -300000 brings it back to the server's time.
    expect(msLeft(base, -300_000, 900_000 + 300_000)).toBe(100_000);
    expect(msLeft(base, 0, 900_000)).toBe(100_000);
  });

  it('freeze while paused and count to launch when scheduled', () => {
    expect(
      msLeft(
        { ...base, timeRemaining: 42_000, show: base.show && { ...base.show, status: 'paused', phaseEndsAt: null } },
        0,
        0,
      ),
    ).toBe(42_000);
    const scheduled = {
      ...base,
      active: false,
      scheduled: true,
      show: base.show && { ...base.show, status: 'scheduled' as const, launchTime: 5_000_000 },
    };
    expect(msLeft(scheduled, 0, 1_400_000)).toBe(3_600_000);
  });

  it('never show more than the item’s own time', () => {
    expect(msLeft(base, 50_000, 900_000)).toBe(50_000);
    expect(msLeft(base, -50_000, 900_000)).toBe(120_000);
  });

  it('format m:ss and split hours only when needed', () => {
    expect(formatMinutes(61_000)).toBe('1:01');
    expect(formatMinutes(999)).toBe('0:01');
    expect(formatMinutes(0)).toBe('0:00');
    expect(splitCountdown(3_725_000)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
  });
});
