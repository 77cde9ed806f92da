export { generateSimulatorCredentials } from './credentials';
export { randomId, withFreshIds } from './ids';
export { migrateSimulator } from './migrate';
export { REQUEST_API_PATH, type SimulatorRoutesOptions, simulatorPlugin } from './plugin';
export {
  createSimulator,
  type Fault,
  type FaultKind,
  type Simulator,
  type SimulatorCredentials,
  type SimulatorReply,
} from './simulator';
export { type SimulatorDb, type SimulatorTables, simulatorDb } from './tables';
