import { type BusChannel, BusMessage } from '@vault/contracts';
import type { Redis } from 'ioredis';
import type { BusHandler, EventBus } from './types';

export interface RedisBusOptions {
  /** Namespaces channels, so test runs and deployments sharing one Redis never cross. */
  prefix: string;
  onInvalidMessage?: (channel: string, error: unknown) => void;
  /**
   * Given the bus's own subscriber connection once, so the caller can watch its outages as it
   * watches its own connection (a duplicate() inherits none of the original's listeners).
   */
  watch?: (subscriber: Redis) => void;
}

/**
 * Scaled mode: Redis pub/sub. A subscribing connection can do nothing else, so the bus keeps its
 * own duplicate() of the given connection for subscriptions and publishes on the original.
 */
export function createRedisBus(redis: Redis, options: RedisBusOptions): EventBus {
  // The bus subscribes again itself after a reconnect (not ioredis), so it knows when the
  // subscriptions are live again and can say so (onResubscribed).
  const subscriber = redis.duplicate({ autoResubscribe: false });
  // Listened to here whether or not the caller watches it: ioredis prints every failed retry of a
  // connection with no 'error' listener.
  subscriber.on('error', () => {});
  options.watch?.(subscriber);
  const handlers = new Map<string, Set<BusHandler>>();
  const resubscribed = new Set<() => void>();
  const key = (channel: BusChannel) => `${options.prefix}:bus:${channel}`;

  subscriber.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel);
    if (!set?.size) return;
    let message: BusMessage;
    try {
      message = BusMessage.parse(JSON.parse(raw));
    } catch (error) {
      options.onInvalidMessage?.(channel, error);
      return;
    }
    for (const handler of set) handler(message);
  });

  // The first 'ready' is the lazy first connection; every later one follows a lost link.
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    const channels = [...handlers.keys()];
    const live = channels.length > 0 ? subscriber.subscribe(...channels) : Promise.resolve();
    live.then(
      () => {
        for (const listener of resubscribed) listener();
      },
      // Lost again before Redis acknowledged: the next 'ready' subscribes again.
      () => {},
    );
  });

  return {
    kind: 'redis',
    async publish(channel, message) {
      await redis.publish(key(channel), JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const name = key(channel);
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        await subscriber.subscribe(name);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(name);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(name);
          await subscriber.unsubscribe(name);
        }
      };
    },
    onResubscribed(listener) {
      resubscribed.add(listener);
      return () => {
        resubscribed.delete(listener);
      };
    },
    async close() {
      handlers.clear();
      resubscribed.clear();
      subscriber.disconnect();
    },
  };
}
