export { type DatabaseHandle, type DatabaseTarget, dropSchema, openDatabase } from './connect';
export { migrateToLatest } from './migrate';
export * from './schema';
