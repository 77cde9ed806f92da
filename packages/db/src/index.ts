export { type DatabaseHandle, type DatabaseTarget, dropSchema, openDatabase } from './connect';
export { isConnectionFailure, isDatabaseUnavailable, isUniqueViolation } from './errors';
export { migrateAsOwner, migrateToLatest } from './migrate';
export * from './schema';
