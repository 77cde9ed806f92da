import type { ShowStateView } from '@vault/contracts';

/** For tests: a running show in its showing phase, with the fields each test cares about overridden. */
export function showStateView(
  show: Partial<NonNullable<ShowStateView['show']>> = {},
  rest: Partial<Omit<ShowStateView, 'show'>> = {},
): ShowStateView {
  return {
    active: true,
    scheduled: false,
    timeUntilLaunch: 0,
    timeRemaining: 7000,
    currentItem: null,
    show: {
      id: '6a4f2c1e-8b1d-4c3e-9f70-1a2b3c4d5e6f',
      title: 'Night Forge',
      description: null,
      status: 'running',
      phase: 'showing',
      currentIndex: 0,
      nextItemId: null,
      lineup: [],
      perKnifeSeconds: 60,
      purchaseCap: null,
      phaseEndsAt: 100_000,
      launchTime: null,
      step: 5,
      ...show,
    },
    serverTime: 90_000,
    ...rest,
  };
}
