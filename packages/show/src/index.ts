export { createQueueScheduler, dueAtOfClockJob } from './bullmq-scheduler';
export { cancelOpenDraws, newSeed } from './draws';
export {
  type AppliedTransition,
  createShowDriver,
  createTimerScheduler,
  type ShowDriver,
  type WakeScheduler,
} from './driver';
export { inLineupOrder, lineupKey, lineupPosition, newItemStatus, nextItemIndex } from './lineup';
export {
  type Effect,
  nextWakeAt,
  type Outcome,
  type ShowCommand,
  type ShowState,
  type Timings,
  transition,
} from './machine';
export { putBackUnsold, showSold, soldToClaim } from './sale-items';
export { ensureTestProductsShow, insertShow, updateShowFields } from './show-rows';
export { loadSnapshot, type PreparedView, prepareView, renderView, type ShowSnapshot } from './snapshot';
export { type ApplyResult, applyCommand, toMachineState } from './store';
export { recordWatchers } from './watcher-events';
