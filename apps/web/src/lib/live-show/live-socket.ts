import type { ClientToServerEvents, socketEvents } from '@vault/contracts';

type BuyRequest = Parameters<ClientToServerEvents[typeof socketEvents.buy]>[0];

/**
 * The live feed's Socket.IO connection as the rest of the app may use it: send a Buy with an
 * acknowledgement, and learn when the link drops. The feed's Socket.IO client socket, typed by
 * the contracts' event table, is one (so a Buy's payload is the contracts'); a unit test passes a
 * plain object.
 */
export interface LiveSocket {
  readonly connected: boolean;
  timeout(ms: number): {
    // The reply stays unknown until socket-buy.ts parses it: an ack that does not parse is a failed Buy, not a crash.
    emit(
      event: typeof socketEvents.buy,
      request: BuyRequest,
      ack: (error: Error | null, reply?: unknown) => void,
    ): unknown;
  };
  once(event: 'disconnect', listener: () => void): unknown;
  off(event: 'disconnect', listener: () => void): unknown;
}

let held: LiveSocket | undefined;

/**
 * The feed holds its socket here once it is live — connected, and has delivered show state since
 * connecting (the 'live' status) — and releases it when it drops, so a request sent over it goes
 * to a link that has proved itself.
 */
export function holdLiveSocket(socket: LiveSocket): void {
  held = socket;
}

/** Releases the socket, unless another (a newer feed's) has been held since. */
export function releaseLiveSocket(socket: LiveSocket): void {
  if (held === socket) held = undefined;
}

/** The live socket, if there is one right now. */
export function liveSocket(): LiveSocket | undefined {
  // A held socket is released on 'disconnect'; `connected` also covers the moment in between.
  return held?.connected ? held : undefined;
}
