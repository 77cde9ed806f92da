import { describe, expect, it } from 'vitest';
import { drawMsLeft, formatMinutes, msLeft, splitCountdown } from './clock';
import { showStateView } from './show-state.fixture';

const base = showStateView(
  { perKnifeSeconds: 120, phaseEndsAt: 1_000_000, step: 3 },
  { timeRemaining: 0, serverTime: 900_000 },
);

/** The admin's sample: 60 s per item, 7 s frozen on pause, the phase ending at 100 000. */
const view = (overrides: Parameters<typeof showStateView>[0] = {}, active = true) =>
  showStateView(overrides, { active });

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
    expect(formatMinutes(500)).toBe('0:01');
    expect(formatMinutes(0)).toBe('0:00');
    expect(splitCountdown(3_725_000)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
  });
});

// The same function drives the admin's Show Control clock.
describe('the phase clock on /admin', () => {
  it('counts to the phase end by the server clock', () => {
    // The device is 2 s behind the server: at client 95 000 the server is at 97 000.
    expect(msLeft(view(), 2000, 95_000)).toBe(3000);
    expect(msLeft(view(), 0, 200_000)).toBe(0);
  });

  it('holds still while paused', () => {
    const paused = view({ status: 'paused', phaseEndsAt: null });
    expect(msLeft(paused, 0, 1)).toBe(7000);
    expect(msLeft(paused, 0, 999_999)).toBe(7000);
  });

  it('is zero when no show is live', () => {
    expect(msLeft(view({}, false), 0, 0)).toBe(0);
  });
});

describe("a draw's entry window", () => {
  it('counts to its close by the server clock, and has no time while paused', () => {
    // The device is 2 s behind the server: at client 95 000 the server is at 97 000.
    expect(drawMsLeft({ closesAt: 100_000 }, 2000, 95_000)).toBe(3000);
    expect(drawMsLeft({ closesAt: 100_000 }, 0, 101_000)).toBe(0);
    expect(drawMsLeft({ closesAt: null }, 0, 0)).toBeNull();
  });
});
