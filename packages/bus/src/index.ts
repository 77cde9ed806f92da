export { createMemoryBus } from './memory-bus';
export { createRedisBus, type RedisBusOptions } from './redis-bus';
export type { BusHandler, EventBus } from './types';
