import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleFromRoundTrip } from './clock-offset';
import { showStateView } from './show-state.fixture';
import { useLiveShow } from './store';
import { isStale } from './view';

const view = (step: number) =>
  showStateView({ step, phaseEndsAt: 200_000 }, { timeRemaining: 60_000, serverTime: 100_000 });

describe('the live-show store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(100_000);
    useLiveShow.setState(useLiveShow.getInitialState());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('knows when its state was last confirmed, by a state or a tick naming its step', () => {
    const store = useLiveShow.getState();
    store.receive(view(7));
    expect(useLiveShow.getState().confirmedAt).toBe(100_000);
    vi.setSystemTime(101_500);
    expect(store.confirm(7, 101_500)).toBe(true);
    expect(useLiveShow.getState().confirmedAt).toBe(101_500);
    // A tick of another step does not confirm what is held: a change went missing.
    vi.setSystemTime(103_000);
    expect(store.confirm(8, 103_000)).toBe(false);
    expect(isStale(useLiveShow.getState().confirmedAt, 103_000)).toBe(false);
    expect(isStale(useLiveShow.getState().confirmedAt, 103_600)).toBe(true);
    // An older state crossing a newer one confirms nothing.
    store.receive(view(9));
    vi.setSystemTime(110_000);
    store.receive(view(8));
    expect(useLiveShow.getState().view?.show?.step).toBe(9);
    expect(useLiveShow.getState().confirmedAt).toBe(103_000);
  });

  it('confirms as of when the server sent, not when a stalled link delivered', () => {
    const store = useLiveShow.getState();
    // Server clock 2 000 ms ahead, measured on a clean 100 ms round trip: ±50 ms.
    store.clockSample(sampleFromRoundTrip(99_900, 100_000, 101_950));
    store.receive({ ...view(7), serverTime: 101_950 });
    // Sent at client time 99 950, give or take 50 ms: confirmed as of the earliest, 99 900.
    expect(useLiveShow.getState().confirmedAt).toBe(99_900);
    // A tick sent at client time 100 500 arrives 900 ms late: the state is as old as the tick.
    vi.setSystemTime(101_400);
    store.confirm(7, 102_500);
    expect(useLiveShow.getState().confirmedAt).toBe(100_450);
    expect(isStale(useLiveShow.getState().confirmedAt, 102_500)).toBe(true);
    // A tick overtaken by a later confirmation confirms nothing older; a wrong offset never the future.
    store.confirm(7, 102_000);
    expect(useLiveShow.getState().confirmedAt).toBe(100_450);
    store.confirm(7, 110_000);
    expect(useLiveShow.getState().confirmedAt).toBe(101_400);
  });

  it('measures its clock offset from round trips, not from a stalled poll', () => {
    const store = useLiveShow.getState();
    // Server 2 000 ms ahead; two clean 100 ms round trips, then a poll stalled 900 ms on its way back.
    store.clockSample(sampleFromRoundTrip(200_000, 200_100, 202_050));
    store.receive(view(10), sampleFromRoundTrip(201_000, 201_100, 203_050));
    const clean = useLiveShow.getState().offsetMs;
    store.receive(view(10), sampleFromRoundTrip(202_000, 202_950, 204_050));
    expect(useLiveShow.getState().offsetMs).toBe(clean);
    expect(clean).toBe(2000);
  });
});
