export { generateSimulatorCredentials } from './credentials';
export { FAULT_KINDS, type Fault, type FaultKind } from './faults';
export { randomId, withFreshIds } from './ids';
export { migrateSimulator } from './migrate';
export { ACCEPT_JS_PATH, FaultBody, REQUEST_API_PATH, SETTLEMENT_PATH, simulatorPlugin } from './plugin';
export { createSimulator, type Simulator, type SimulatorCredentials, type SimulatorOptions } from './simulator';
export { type SimulatorTables, simulatorDb } from './tables';
