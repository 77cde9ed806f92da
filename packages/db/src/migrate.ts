import { Migrator } from 'kysely';
import { type DatabaseHandle, openDatabase } from './connect';
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

/**
 * Migrates over a connection of its own as `url`'s role, then closes it. A deployment whose app
 * connects as a role with row privileges only (docker-compose.yml: deploy/postgres/init-roles.sh)
 * names the schema's owner here (MIGRATION_DATABASE_URL), so DDL never runs as the app's role.
 * `alsoMigrate` brings more tables up over the same connection (the API's payment simulator).
 */
export async function migrateAsOwner(
  url: string,
  alsoMigrate?: (handle: DatabaseHandle) => Promise<unknown>,
): Promise<string[]> {
  const owner = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const applied = await migrateToLatest(owner);
    await alsoMigrate?.(owner);
    return applied;
  } finally {
    await owner.close();
  }
}
