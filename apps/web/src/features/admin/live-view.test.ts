import type { ShowStateView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { formatClock, isOlderView, phaseMsLeft, showMoved } from './live-view';

const SHOW_ID = '6a4f2c1e-8b1d-4c3e-9f70-1a2b3c4d5e6f';

function view(overrides: Partial<NonNullable<ShowStateView['show']>> = {}, active = true): ShowStateView {
  return {
    active,
    scheduled: false,
    timeUntilLaunch: 0,
    timeRemaining: 7000,
    currentItem: null,
    show: {
      id: SHOW_ID,
      title: 'Night Forge',
      description: null,
      status: 'running',
      phase: 'showing',
      currentIndex: 0,
      lineup: [],
      perKnifeSeconds: 60,
      phaseEndsAt: 100_000,
      launchTime: null,
      step: 5,
      ...overrides,
    },
    serverTime: 90_000,
  };
}

describe('isOlderView', () => {
  it('rejects a lower step of the same show', () => {
    expect(isOlderView(view({ step: 5 }), view({ step: 4 }))).toBe(true);
  });

  it('accepts the same or a higher step, another show, or anything when nothing is held', () => {
    expect(isOlderView(view({ step: 5 }), view({ step: 5 }))).toBe(false);
    expect(isOlderView(view({ step: 5 }), view({ step: 6 }))).toBe(false);
    expect(isOlderView(view({ step: 5 }), view({ step: 1, id: '0c7d5b1a-2e3f-4a5b-8c6d-7e8f9a0b1c2d' }))).toBe(false);
    expect(isOlderView(undefined, view())).toBe(false);
  });
});

describe('showMoved', () => {
  it('is true when the step or the show changed', () => {
    expect(showMoved(view({ step: 5 }), view({ step: 6 }))).toBe(true);
    expect(showMoved(view(), { ...view(), show: null })).toBe(true);
    expect(showMoved(view({ step: 5 }), view({ step: 5 }))).toBe(false);
  });
});

describe('phaseMsLeft', () => {
  it('counts to the phase end by the server clock', () => {
    // The device is 2 s behind the server: at client 95 000 the server is at 97 000.
    expect(phaseMsLeft({ view: view(), offsetMs: 2000 }, 95_000)).toBe(3000);
    expect(phaseMsLeft({ view: view(), offsetMs: 0 }, 200_000)).toBe(0);
  });

  it('holds still while paused', () => {
    const paused = view({ status: 'paused', phaseEndsAt: null });
    expect(phaseMsLeft({ view: paused, offsetMs: 0 }, 1)).toBe(7000);
    expect(phaseMsLeft({ view: paused, offsetMs: 0 }, 999_999)).toBe(7000);
  });

  it('is zero when no show is live', () => {
    expect(phaseMsLeft({ view: view({}, false), offsetMs: 0 }, 0)).toBe(0);
  });
});

describe('formatClock', () => {
  it('shows m:ss, rounding partial seconds up', () => {
    expect(formatClock(61_000)).toBe('1:01');
    expect(formatClock(500)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
  });
});
