import type { LiveSocket } from '../../../lib/live-show/live-socket';

type Ack = (error: Error | null, reply?: unknown) => void;

/**
 * A Socket.IO socket as a buy sees it: records what is emitted and lets the test answer the ack,
 * time it out, or drop the link the way socket.io-client does (disconnect listeners first).
 */
export function fakeSocket() {
  const sent: Array<{ event: string; payload: unknown; timeoutMs: number; ack: Ack }> = [];
  const onDisconnect = new Set<() => void>();
  const socket: { -readonly [K in keyof LiveSocket]: LiveSocket[K] } = {
    connected: true,
    timeout: (timeoutMs: number) => ({
      emit: (event: string, payload: unknown, ack: Ack) => sent.push({ event, payload, timeoutMs, ack }),
    }),
    once: (_event: 'disconnect', listener: () => void) => onDisconnect.add(listener),
    off: (_event: 'disconnect', listener: () => void) => onDisconnect.delete(listener),
  };
  return {
    socket,
    sent,
    /** Disconnect listeners still registered (a settled buy must leave none behind). */
    listeners: () => onDisconnect.size,
    drop() {
      socket.connected = false;
      for (const listener of [...onDisconnect]) {
        onDisconnect.delete(listener); // `once`
        listener();
      }
    },
  };
}

/** The promise's outcome if it settles within 50 ms, else 'still pending' (an ack timeout is 10 s). */
export const soon = (promise: Promise<unknown>) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('still pending'), 50))]);
