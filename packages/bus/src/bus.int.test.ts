import type { BusMessage } from '@vault/contracts';
import { openTestRedis, startPrivateRedis, type TestRedis } from '@vault/testing';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

const message = (step: number): BusMessage => ({
  type: 'show.changed',
  showId: '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11',
  step,
  at: new Date(Date.UTC(2026, 10, 20, 12, 0, step)).toISOString(),
});

function collector() {
  const received: BusMessage[] = [];
  let notify: (() => void) | undefined;
  return {
    received,
    handler: (m: BusMessage) => {
      received.push(m);
      notify?.();
    },
    async waitFor(count: number, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`got ${received.length} of ${count} messages`);
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

describe('in-process bus', () => {
  it('delivers in order, asynchronously, until unsubscribed', async () => {
    const bus = createMemoryBus();
    const c = collector();
    const off = await bus.subscribe('show', c.handler);
    const published = bus.publish('show', message(1));
    expect(c.received).toEqual([]); // never inside the publisher's call stack
    await published;
    await bus.publish('show', message(2));
    await c.waitFor(2);
    expect(c.received.map((m) => m.type === 'show.changed' && m.step)).toEqual([1, 2]);
    await off();
    await bus.publish('show', message(3));
    await new Promise((r) => setTimeout(r, 20));
    expect(c.received).toHaveLength(2);
  });
});

describe('Redis bus', () => {
  const opened: TestRedis[] = [];
  const open = async () => {
    const t = await openTestRedis();
    opened.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.dispose()));
  });

  it('carries messages between processes sharing a prefix, in order', async () => {
    const a = await open();
    const b = await open();
    const publisher = createRedisBus(a.redis, { prefix: a.prefix });
    const subscriber = createRedisBus(b.redis, { prefix: a.prefix });
    const c = collector();
    await subscriber.subscribe('show', c.handler);
    for (let step = 1; step <= 20; step++) await publisher.publish('show', message(step));
    await c.waitFor(20);
    expect(c.received.map((m) => m.type === 'show.changed' && m.step)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    await publisher.close();
    await subscriber.close();
  });

  it('keeps deployments with different prefixes apart', async () => {
    const a = await open();
    const b = await open();
    const bus = createRedisBus(a.redis, { prefix: a.prefix });
    const other = createRedisBus(b.redis, { prefix: b.prefix });
    const c = collector();
    await other.subscribe('show', c.handler);
    await bus.publish('show', message(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(c.received).toEqual([]);
    await bus.close();
    await other.close();
  });

  it('drops and reports a malformed message instead of crashing subscribers', async () => {
    const a = await open();
    const invalid: string[] = [];
    const bus = createRedisBus(a.redis, { prefix: a.prefix, onInvalidMessage: (channel) => invalid.push(channel) });
    const c = collector();
    await bus.subscribe('show', c.handler);
    await a.redis.publish(`${a.prefix}:bus:show`, '{"type":"show.changed","step":-1}');
    await bus.publish('show', message(7));
    await c.waitFor(1);
    expect(invalid).toEqual([`${a.prefix}:bus:show`]);
    expect(c.received).toHaveLength(1);
    await bus.close();
  });

  it('subscribes again by itself when Redis restarts: messages published once it is back arrive', async () => {
    const server = await startPrivateRedis();
    // As the apps connect (packages/server's connectRedis): wait for Redis rather than fail.
    const redis = new Redis(server.url, { maxRetriesPerRequest: null });
    try {
      const bus = createRedisBus(redis, { prefix: 'restart' });
      const c = collector();
      await bus.subscribe('show', c.handler);
      await bus.publish('show', message(1));
      await c.waitFor(1);

      await server.stop();
      await server.start();
      const upAt = performance.now();
      // Pub/sub is at-most-once: what is published before the subscription is back is lost, so
      // keep publishing until one arrives.
      let step = 2;
      while (c.received.length < 2) {
        if (performance.now() - upAt > 10_000) throw new Error('no message arrived after the restart');
        await bus.publish('show', message(step++));
        await new Promise((r) => setTimeout(r, 50));
      }
      console.log(`[chaos] bus subscribed again ${(performance.now() - upAt).toFixed(0)} ms after Redis restarted`);
      await bus.close();
    } finally {
      redis.disconnect();
      await server.dispose();
    }
  });

  it('tells its subscribers when it subscribed again after Redis restarted, and not before', async () => {
    const server = await startPrivateRedis();
    const redis = new Redis(server.url, { maxRetriesPerRequest: null, lazyConnect: true });
    try {
      const bus = createRedisBus(redis, { prefix: 'resubscribed' });
      const c = collector();
      await bus.subscribe('show', c.handler);
      const signals: number[] = [];
      const off = bus.onResubscribed(() => signals.push(performance.now()));
      await bus.publish('show', message(1));
      await c.waitFor(1);
      expect(signals).toEqual([]); // the first connection is no resubscription

      for (const round of [1, 2]) {
        await server.stop();
        await server.start();
        const upAt = performance.now();
        while (signals.length < round) {
          if (performance.now() - upAt > 10_000) throw new Error('no resubscribed signal after the restart');
          await new Promise((r) => setTimeout(r, 10));
        }
        console.log(
          `[chaos] bus resubscribed signal ${((signals.at(-1) ?? 0) - upAt).toFixed(0)} ms after Redis restarted`,
        );
        // The signal means live: the first message published after it arrives, no retrying.
        await bus.publish('show', message(round + 1));
        await c.waitFor(round + 1);
      }
      expect(c.received.map((m) => m.type === 'show.changed' && m.step)).toEqual([1, 2, 3]);
      expect(signals).toHaveLength(2);
      off();
      await bus.close();
    } finally {
      redis.disconnect();
      await server.dispose();
    }
  });
});

describe('resubscribed signal, in process', () => {
  it('never fires: nothing between publisher and subscriber can be lost', async () => {
    const bus = createMemoryBus();
    const fired: number[] = [];
    const off = bus.onResubscribed(() => fired.push(1));
    const c = collector();
    await bus.subscribe('show', c.handler);
    await bus.publish('show', message(1));
    await c.waitFor(1);
    expect(fired).toEqual([]);
    off();
    await bus.close();
  });
});
