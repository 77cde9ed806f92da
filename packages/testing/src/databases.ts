import { type DatabaseHandle, dropSchema, migrateToLatest, openDatabase } from '@vault/db';
import pg from 'pg';
import { TEST_DATABASE_URL, uniqueId } from './services';

/** Every integration suite that touches the database runs once per backend. */
export const backends = ['pglite', 'postgres'] as const;
export type Backend = (typeof backends)[number];

export interface TestDatabase extends DatabaseHandle {
  /** Drops what the test created (the run's schema on Postgres) and closes the connection. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database: PGlite in memory, or a schema of its own on real Postgres. */
export async function openTestDatabase(backend: Backend, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const schema = backend === 'postgres' ? uniqueId('t') : undefined;
  const handle =
    backend === 'postgres' && schema
      ? await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema, poolSize: 20 })
      : await openDatabase({ kind: 'pglite' });
  if (options.migrate !== false) await migrateToLatest(handle);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      if (schema) await dropSchema(TEST_DATABASE_URL, schema);
    },
  };
}

/**
 * A whole fresh database on the test server, for tests that start real processes (their
 * DATABASE_URL cannot carry a schema). Returns its URL and a dropper.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueId('vault');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
