import type { ClockPing } from '@vault/contracts';

/** The contract's bound on a reported round trip: a longer one is no measure of a live link. */
const MAX_RTT_MS = 60_000;

/**
 * The round trips this socket's clock pings measure, for the next ping to report: the server nets
 * a member's link delay out of how fast they pressed after a reveal reached them, so a member on
 * a slow phone link is not taken for slower, nor one on a fast link flagged, by a delay that is not
 * theirs. The first ping has none to report.
 */
export function createPingRtt() {
  let lastRttMs: number | undefined;
  return {
    /** The `clock:ping` payload sent at `clientTime` (Date.now()). */
    ping(clientTime: number): ClockPing {
      return lastRttMs === undefined ? { clientTime } : { clientTime, rttMs: lastRttMs };
    },
    /** A ping sent at `sentAt` was answered at `answeredAt`. */
    answered(sentAt: number, answeredAt: number): void {
      lastRttMs = Math.min(MAX_RTT_MS, Math.max(0, Math.round(answeredAt - sentAt)));
    },
  };
}
