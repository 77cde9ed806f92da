/** One measurement of the server clock: offset = serverTime − midpoint of the round trip. */
export interface ClockSample {
  /** Client time (Date.now()) when the answer arrived. */
  at: number;
  offset: number;
  /** Round trip of the request that carried it, ms. */
  rtt: number;
}

/** Samples older than this are forgotten, so a device whose clock is corrected is followed. */
const SAMPLE_WINDOW_MS = 30_000;
/** Samples this close to the best round trip are averaged rather than one picked at random. */
const RTT_TIE_MS = 2;

/**
 * NTP-style offset estimate. A sample's error is at most half its round trip (the server read its
 * clock somewhere inside it), so the samples with the smallest round trip are the trustworthy
 * ones: a stalled or queued request (long round trip, skewed midpoint) is simply outvoted. A push
 * carries no round trip; it is used only while no measured sample exists (the first moments after
 * the page opens), never against one.
 */
export function createClockEstimator() {
  let samples: ClockSample[] = [];
  let rough: { at: number; offset: number } | undefined;
  const poolAt = (now: number) => {
    const recent = samples.filter((s) => now - s.at < SAMPLE_WINDOW_MS);
    // Never drop to nothing while samples exist: an old measurement beats none.
    return recent.length > 0 ? recent : samples.slice(-1);
  };

  return {
    add(sample: ClockSample): void {
      samples = [...samples.filter((s) => sample.at - s.at < SAMPLE_WINDOW_MS), sample];
    },
    /** A sample without a measured round trip (a push's serverTime − arrival time). */
    addRough(at: number, offset: number): void {
      rough = { at, offset };
    },
    /** The best estimate at `now`, or undefined before any sample. */
    estimate(now: number): number | undefined {
      const pool = poolAt(now);
      if (pool.length === 0) return rough?.offset;
      const best = Math.min(...pool.map((s) => s.rtt));
      const chosen = pool.filter((s) => s.rtt <= best + RTT_TIE_MS);
      return chosen.reduce((sum, s) => sum + s.offset, 0) / chosen.length;
    },
    /**
     * How far the estimate may be off at `now`: half the best round trip (0 with no measured
     * sample — a push's arrival time is then all there is).
     */
    errorBound(now: number): number {
      const pool = poolAt(now);
      return pool.length === 0 ? 0 : Math.min(...pool.map((s) => s.rtt)) / 2;
    },
  };
}

/** A sample from a request sent at t0 and answered at t1 carrying the server's time. */
export function sampleFromRoundTrip(t0: number, t1: number, serverTime: number): ClockSample {
  return { at: t1, offset: serverTime - (t0 + t1) / 2, rtt: Math.max(0, t1 - t0) };
}
