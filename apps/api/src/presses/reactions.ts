/** Members whose link delay is kept: past it the least recently measured is forgotten (its press nets 0). */
const MAX_LINK_DELAYS = 100_000;
/** Members whose first state answer for the current item is kept; past it a poller's reveal time is unknown. */
const MAX_POLLERS = 100_000;
/** Members whose socket closed while the current item was on: past it a closed socket no longer counts. */
const MAX_CLOSED_SOCKETS = 100_000;

/**
 * When this replica sent the current item's reveal to a member, and how far away the member is.
 * Fed by the push loop (one call per push, not per socket), the state poll (a map lookup per poll),
 * the sockets' pings and their opens and closes; read once per press. Everything is in memory and
 * bounded, and everything about an item is dropped when the next one comes on.
 */
export interface ReactionClock {
  /**
   * This replica just pushed a view to its sockets whose current item is `itemId` (null: none).
   * `seen` is false for the view a starting replica loads: it did not see that item come on, so
   * the presses for it get no reaction time.
   */
  pushed(itemId: string | null, at: number, seen: boolean): void;
  /** A state poll answered `userId` with `itemId` as the current item. */
  polled(userId: string, itemId: string, at: number): void;
  /** The round trip a member's socket last measured (`clock:ping`'s rttMs). */
  linkDelay(userId: string, rttMs: number): void;
  socketOpened(userId: string): void;
  socketClosed(userId: string, at: number): void;
  /** The current item as this replica pushed it last (null: none). */
  currentItem(): string | null;
  /**
   * How long after its reveal reached the member a press arrived, net of their link delay, in whole
   * ms (at least 0). Null: this replica does not know when it sent them the reveal. Undefined: the
   * item is not the current one here (no reveal to measure from).
   */
  reactionMs(userId: string, itemId: string, receivedAt: number, viaSocket: boolean): number | null | undefined;
}

export function createReactionClock(
  limits: { maxLinkDelays?: number; maxPollers?: number; maxClosedSockets?: number } = {},
): ReactionClock {
  const maxLinkDelays = limits.maxLinkDelays ?? MAX_LINK_DELAYS;
  const maxPollers = limits.maxPollers ?? MAX_POLLERS;
  const maxClosed = limits.maxClosedSockets ?? MAX_CLOSED_SOCKETS;
  let current: string | null = null;
  /** When this replica pushed the current item to its sockets; null when it did not see it come on. */
  let pushedAt: number | null = null;
  /** Member → when a state poll first answered them with the current item. */
  const polls = new Map<string, number>();
  /** Member → their latest round trip, least recently measured first. */
  const delays = new Map<string, number>();
  /** Member → their sockets open on this replica. */
  const sockets = new Map<string, number>();
  /** Member → when their last socket here closed, for closes since the current item came on. */
  const closed = new Map<string, number>();

  /**
   * Whether the member had a socket here while the current item was on: one open now, or one
   * that closed since the push. (One that opened after the push got the item on connect, later
   * than the push: measuring from the push only makes their reaction look slower, never faster.)
   */
  const hadSocket = (userId: string) => sockets.has(userId) || closed.has(userId);

  return {
    pushed(itemId, at, seen) {
      if (itemId === current) return;
      current = itemId;
      pushedAt = itemId !== null && seen ? at : null;
      polls.clear();
      closed.clear();
    },
    polled(userId, itemId, at) {
      // Before this replica's own push of the item (a poll racing it) or for an item it never saw
      // come on, a first answer here says nothing of when the member first saw it.
      if (itemId !== current || pushedAt === null || polls.has(userId) || polls.size >= maxPollers) return;
      polls.set(userId, at);
    },
    linkDelay(userId, rttMs) {
      delays.delete(userId);
      if (delays.size >= maxLinkDelays) {
        const oldest = delays.keys().next();
        if (!oldest.done) delays.delete(oldest.value);
      }
      delays.set(userId, rttMs);
    },
    socketOpened(userId) {
      sockets.set(userId, (sockets.get(userId) ?? 0) + 1);
    },
    socketClosed(userId, at) {
      const open = (sockets.get(userId) ?? 1) - 1;
      if (open > 0) sockets.set(userId, open);
      else sockets.delete(userId);
      if (current !== null && (closed.has(userId) || closed.size < maxClosed)) closed.set(userId, at);
    },
    currentItem: () => current,
    reactionMs(userId, itemId, receivedAt, viaSocket) {
      if (itemId !== current) return undefined;
      if (pushedAt === null) return null;
      const byPoll = polls.get(userId);
      const byPush = viaSocket || hadSocket(userId) ? pushedAt : undefined;
      const sentAt = byPoll === undefined ? byPush : byPush === undefined ? byPoll : Math.min(byPoll, byPush);
      if (sentAt === undefined) return null;
      return Math.max(0, Math.round(receivedAt - sentAt - (delays.get(userId) ?? 0)));
    },
  };
}
