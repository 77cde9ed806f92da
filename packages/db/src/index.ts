export { type DatabaseHandle, type DatabaseTarget, dropSchema, openDatabase } from './connect';
export { isConnectionFailure, isDatabaseUnavailable, isUniqueViolation } from './errors';
export { migrateAsOwner, migrateToLatest, runMigrator } from './migrate';
export * from './schema';
