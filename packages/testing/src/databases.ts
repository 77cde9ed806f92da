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

/**
 * One migrated PGlite database per process, dumped: every migrated PGlite test database starts as
 * a copy of it. A fresh PGlite runs initdb and then every migration in WebAssembly (seconds of CPU
 * each time, most of an in-process test file's start-up); a copy loads in a fraction of that. The
 * migrations still run, once per process, against the same PGlite build.
 */
let migratedPglite: Promise<Blob> | null = null;
async function dumpMigratedPglite(): Promise<Blob> {
  const template = await openDatabase({ kind: 'pglite' });
  try {
    await migrateToLatest(template);
    if (!template.dump) throw new Error('A PGlite handle without dump()');
    return await template.dump();
  } finally {
    await template.close();
  }
}
function migratedPgliteDump(): Promise<Blob> {
  if (!migratedPglite) {
    const dumping = dumpMigratedPglite();
    migratedPglite = dumping;
    // A failed migration fails the test that asked; the next one tries again, not the same error.
    dumping.catch(() => {
      if (migratedPglite === dumping) migratedPglite = null;
    });
  }
  return migratedPglite;
}

/** A fresh, migrated database: PGlite in memory, or a schema of its own on real Postgres. */
export async function openTestDatabase(backend: Backend, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const schema = backend === 'postgres' ? uniqueId('t') : undefined;
  const migrate = options.migrate !== false;
  const handle =
    backend === 'postgres' && schema
      ? await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema, poolSize: 20 })
      : await openDatabase({ kind: 'pglite', ...(migrate ? { from: await migratedPgliteDump() } : {}) });
  // Postgres migrates every schema; a PGlite copy is migrated already (a no-op run that checks it).
  if (migrate) await migrateToLatest(handle);
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
