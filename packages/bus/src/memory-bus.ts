import { EventEmitter } from 'node:events';
import type { BusChannel, BusMessage } from '@vault/contracts';
import type { BusHandler, EventBus } from './types';

/** Embedded mode: one process, so an EventEmitter is the whole bus. Delivery is asynchronous
 * (next microtask) so publishers never run subscriber code inside their own transaction. */
export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel: BusChannel, message: BusMessage) {
      queueMicrotask(() => emitter.emit(channel, message));
    },
    async subscribe(channel: BusChannel, handler: BusHandler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    // One process: nothing between publisher and subscriber to lose.
    onResubscribed() {
      return () => {};
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
