import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseTarget =
  /** Real PostgreSQL. `schema` isolates a run (tests) by setting search_path on every connection. */
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }
  /** PGlite persisted under dataDir, or in memory when dataDir is omitted. */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  /** Schema holding our tables and the migration bookkeeping. */
  schema: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;

// pg hands int8 back as a string and PGlite as a number; counts and identity ids fit in a double,
// so both drivers agree on number. numeric stays a string on both (money is never a float).
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
    const client = new PGlite(target.dataDir);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins });
    return handle(db, 'pglite', 'public');
  }

  const schema = target.schema ?? 'public';
  if (schema !== 'public') await ensureSchema(target.url, schema);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    types: pgTypes,
    ...(schema !== 'public' ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return handle(db, 'postgres', schema);
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${schema}`);
  } finally {
    await client.end();
  }
}

function handle(db: Kysely<Database>, kind: DatabaseTarget['kind'], schema: string): DatabaseHandle {
  return {
    db,
    kind,
    schema,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** Drops a run's schema (tests). Never called on public. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (schema === 'public' || !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Refusing to drop ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
