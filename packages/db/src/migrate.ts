import { Migrator } from 'kysely';
import type { DatabaseHandle } from './connect';
import { migrationProvider } from './migrations';

/** Brings the database to the latest schema. Safe to call from several processes at once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider,
    migrationTableSchema: handle.schema,
  });
  // migrateToLatest reports failure in its result instead of throwing.
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
