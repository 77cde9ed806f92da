import { type DatabaseHandle, runMigrator } from '@vault/db';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as simulatorTables from './migrations/0001-simulator-tables';
import * as simulatorFaults from './migrations/0002-simulator-faults';
import * as transactionCards from './migrations/0003-transaction-cards';
import * as settlement from './migrations/0004-settlement';

// A static list, like packages/db's: works the same under tsx, vitest and bundlers.
const migrations: Record<string, Migration> = {
  '0001-simulator-tables': simulatorTables,
  '0002-simulator-faults': simulatorFaults,
  '0003-transaction-cards': transactionCards,
  '0004-settlement': settlement,
};
const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the simulator's tables to the latest shape, in the app's database and schema but with
 * its own bookkeeping tables: Kysely's Migrator keys applied migrations by name, so the
 * simulator's list must never share a table with the app's (and a production install, which
 * never runs this, never gets these tables). Safe to call from several processes at once.
 */
export async function migrateSimulator(database: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider,
    migrationTableSchema: database.schema,
    migrationTableName: 'authnet_sim_migrations',
    migrationLockTableName: 'authnet_sim_migrations_lock',
  });
  return runMigrator(migrator, 'Simulator migration', database.schema);
}
