export { createQueueScheduler, dueAtOfClockJob } from './bullmq-scheduler';
export { createShowDriver, createTimerScheduler, type ShowDriver, type WakeScheduler } from './driver';
export {
  type Effect,
  nextWakeAt,
  type Outcome,
  type ShowCommand,
  type ShowState,
  type Timings,
  transition,
} from './machine';
export { loadSnapshot, type PreparedView, prepareView, renderView, type ShowSnapshot } from './snapshot';
export { type ApplyResult, applyCommand, toMachineState } from './store';
