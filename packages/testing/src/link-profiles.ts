/** How one direction of a link treats each chunk it carries. */
export interface LinkShape {
  /** One-way delay added to every chunk, in ms. */
  latencyMs: number;
  /** Uniform spread around `latencyMs` (± jitterMs); never below 0. */
  jitterMs: number;
  /** Probability, per chunk, that the direction holds everything for a stall. */
  stallProbability: number;
  /** A stall lasts a uniform random time in [min, max] ms. */
  stallMs: readonly [number, number];
}

/** A recurring outage: starts `firstAfterMs` (default `everyMs`) after the profile is set, then every `everyMs`. */
export interface OutageSchedule {
  everyMs: number;
  forMs: number;
  firstAfterMs?: number;
}

export interface LinkProfile extends LinkShape {
  /** Overrides for one direction only (an uplink slower than the downlink, …). */
  clientToServer?: Partial<LinkShape>;
  serverToClient?: Partial<LinkShape>;
  /** Nothing crosses the link, no socket is closed; what was sent meanwhile arrives after the outage. */
  blackhole?: OutageSchedule;
  /** Every open connection is reset (RST) and new ones are refused for the outage. */
  reset?: OutageSchedule;
}

export type Direction = 'clientToServer' | 'serverToClient';

const clean: LinkProfile = { latencyMs: 0, jitterMs: 0, stallProbability: 0, stallMs: [0, 0] };

// The mobile link the bad-link targets are set for: 150 ± 100 ms one way, 5 % of chunks stalled 0.2–1 s.
const lossy: LinkProfile = { latencyMs: 150, jitterMs: 100, stallProbability: 0.05, stallMs: [200, 1000] };

/** The bad-link profiles every realtime goal is measured against. `silentDeath` is `lossy` plus `killSilently()`. */
export const linkProfiles = {
  clean,
  lossy,
  blackhole: { ...lossy, blackhole: { everyMs: 20_000, forMs: 3_000 } },
  reset: { ...lossy, reset: { everyMs: 20_000, forMs: 3_000 } },
  silentDeath: lossy,
} as const satisfies Record<string, LinkProfile>;

export type LinkProfileName = keyof typeof linkProfiles;

export function shapeOf(profile: LinkProfile, direction: Direction): LinkShape {
  const { latencyMs, jitterMs, stallProbability, stallMs } = profile;
  return { latencyMs, jitterMs, stallProbability, stallMs, ...profile[direction] };
}
