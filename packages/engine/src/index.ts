export {
  type Effect,
  nextWakeAt,
  type Outcome,
  type ShowCommand,
  type ShowState,
  type Timings,
  transition,
} from './machine';
export { type ApplyResult, applyCommand, toMachineState } from './store';
