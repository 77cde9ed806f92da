import type { BusChannel, BusMessage } from '@vault/contracts';

export type BusHandler = (message: BusMessage) => void;

/**
 * Fan-out of state changes between the parts of the system. At-most-once in both drivers:
 * consumers must treat a message as a hint and read absolute state (times, steps) from it.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: BusChannel, message: BusMessage): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(channel: BusChannel, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Calls `listener` each time the subscriptions are live again after the link to the broker was
   * lost and restored. What was published meanwhile is gone: a subscriber that keeps state reads
   * it afresh then. The in-process bus never loses its link, so never calls it. Returns `off`.
   */
  onResubscribed(listener: () => void): () => void;
  close(): Promise<void>;
}
