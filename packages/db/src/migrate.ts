import { Migrator } from 'kysely';
import { type DatabaseHandle, openDatabase } from './connect';
import { migrationProvider } from './migrations';

/**
 * Kysely's migrator reads the catalog of every schema to find its own table, and Postgres errors
 * when a relation it is reading is dropped meanwhile. Only tests share a database between schemas
 * (one per run, dropped when it ends), so an error that names ANOTHER schema is that race, not
 * our migration: it is tried again. An error about our own schema is a real failure.
 */
function isOtherSchemaDropped(error: unknown, schema: string | undefined): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const named = /(?:relation|schema) "([^".]+)(?:\.[^"]+)?" does not exist/.exec(message)?.[1];
  return named !== undefined && schema !== undefined && named !== schema;
}

/** Runs a migrator to the latest migration; `label` names it in the error ("Migration", …). */
export async function runMigrator(migrator: Migrator, label: string, schema: string | undefined): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    // migrateToLatest reports failure in its result instead of throwing.
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (attempt < 5 && isOtherSchemaDropped(error, schema)) continue;
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`${label} ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
}

/** Brings the database to the latest schema. Safe to call from several processes at once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider,
    migrationTableSchema: handle.schema,
  });
  return runMigrator(migrator, 'Migration', handle.schema);
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
