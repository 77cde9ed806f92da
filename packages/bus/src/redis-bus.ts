import { type BusChannel, BusMessage } from '@vault/contracts';
import type { Redis } from 'ioredis';
import type { BusHandler, EventBus } from './types';

export interface RedisBusOptions {
  /** Namespaces channels, so test runs and deployments sharing one Redis never cross. */
  prefix: string;
  onInvalidMessage?: (channel: string, error: unknown) => void;
}

/**
 * Scaled mode: Redis pub/sub. A subscribing connection can do nothing else, so the bus keeps its
 * own duplicate() of the given connection for subscriptions and publishes on the original.
 */
export function createRedisBus(redis: Redis, options: RedisBusOptions): EventBus {
  const subscriber = redis.duplicate();
  const handlers = new Map<string, Set<BusHandler>>();
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
    async close() {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}
