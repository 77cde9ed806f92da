import { describe, expect, it } from 'vitest';
import { createClockEstimator, sampleFromRoundTrip } from './clock-offset';

// The server clock runs 5 000 ms ahead of this device.
const TRUE_OFFSET = 5000;

/** A round trip sent at t0 whose request took `up` ms and answer `down` ms. */
function roundTrip(t0: number, up: number, down: number) {
  return sampleFromRoundTrip(t0, t0 + up + down, t0 + up + TRUE_OFFSET);
}

describe('the NTP-style clock estimate', () => {
  it('takes offset from the midpoint of a measured round trip', () => {
    expect(sampleFromRoundTrip(1000, 1200, 6100)).toEqual({ at: 1200, offset: 5000, rtt: 200 });
  });

  it('is not moved by a stalled, asymmetric sample', () => {
    const clock = createClockEstimator();
    for (let t = 0; t < 10_000; t += 1000) clock.add(roundTrip(t, 150 + (t % 3) * 10, 150));
    const before = clock.estimate(10_000) ?? Number.NaN;
    // 900 ms round trip, all of it on the way back: its midpoint is 400 ms off.
    const stalled = roundTrip(10_000, 50, 850);
    expect(Math.abs(stalled.offset - TRUE_OFFSET)).toBe(400);
    clock.add(stalled);
    const after = clock.estimate(11_000) ?? Number.NaN;
    expect(Math.abs(after - before)).toBeLessThanOrEqual(3);
    expect(Math.abs(after - TRUE_OFFSET)).toBeLessThanOrEqual(5);
  });

  it('keeps the samples of the last 30 s, and the latest one when all are older', () => {
    const clock = createClockEstimator();
    clock.add({ at: 0, offset: 100, rtt: 10 });
    clock.add({ at: 20_000, offset: 300, rtt: 80 });
    expect(clock.estimate(25_000)).toBe(100);
    // The 10 ms sample has expired: the 80 ms one is the best left.
    expect(clock.estimate(31_000)).toBe(300);
    expect(clock.estimate(120_000)).toBe(300);
  });

  it('uses a push without a round trip only until a measured sample exists', () => {
    const clock = createClockEstimator();
    expect(clock.estimate(0)).toBeUndefined();
    clock.addRough(0, 4800);
    expect(clock.estimate(0)).toBe(4800);
    clock.add({ at: 100, offset: 5000, rtt: 300 });
    clock.addRough(200, 4000);
    expect(clock.estimate(200)).toBe(5000);
  });

  it('bounds its own error by half the best round trip', () => {
    const clock = createClockEstimator();
    clock.addRough(0, 4800);
    expect(clock.errorBound(0)).toBe(0);
    clock.add({ at: 100, offset: 5000, rtt: 300 });
    clock.add({ at: 200, offset: 5010, rtt: 90 });
    expect(clock.errorBound(300)).toBe(45);
  });

  it('averages samples tied for the best round trip', () => {
    const clock = createClockEstimator();
    clock.add({ at: 0, offset: 10, rtt: 40 });
    clock.add({ at: 1, offset: 20, rtt: 41 });
    clock.add({ at: 2, offset: 500, rtt: 300 });
    expect(clock.estimate(3)).toBe(15);
  });
});
