import { mkdirSync } from 'node:fs';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseTarget =
  /** Real PostgreSQL. `schema` isolates a run (tests) by setting search_path on every connection. */
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }
  /**
   * PGlite persisted under dataDir, or in memory when dataDir is omitted. `from` starts it as a copy
   * of another PGlite database (its handle's `dump()`) instead of an empty cluster: initdb costs
   * seconds of WebAssembly per database, so tests migrate one database and copy it.
   */
  | { kind: 'pglite'; dataDir?: string; from?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  /** Schema holding our tables and the migration bookkeeping. */
  schema: string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball that `openDatabase({ kind: 'pglite', from })` opens. */
  dump?(): Promise<Blob>;
}

const INT8_OID = 20;
/** `date` (a date of birth, a rule's effective dates) stays its ISO text, 'YYYY-MM-DD', on both
 * drivers: parsed into a Date it would be midnight in the process's time zone, a day off elsewhere. */
export const DATE_OID = 1082;
const asText = (value: string) => value;

// pg hands int8 back as a string and PGlite as a number; counts and identity ids fit in a double,
// so both drivers agree on number. numeric stays a string on both (money is never a float).
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : oid === DATE_OID
        ? asText
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * When Postgres is down or unreachable, a request must fail within seconds (a 503 the client
 * retries), never hang: a connection attempt gives up after CONNECT_TIMEOUT_MS (also the longest
 * a request waits for a free pooled connection: past that the pool is overloaded and "try again"
 * is the honest answer), and the server cancels any statement running longer than
 * STATEMENT_TIMEOUT_MS (our queries take milliseconds; a lock wait that long is a fault). TCP
 * keep-alive lets the kernel notice a connection whose server vanished without closing it.
 */
const CONNECT_TIMEOUT_MS = 3000;
const STATEMENT_TIMEOUT_MS = 30_000;
const FAIL_FAST = {
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  statement_timeout: STATEMENT_TIMEOUT_MS,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} satisfies pg.PoolConfig;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
    // Loaded only here: about 1 MB of JavaScript that every process on Postgres (each worker, a
    // scaled API) would otherwise parse at start, delaying the moment it can work.
    const { PGlite } = await import('@electric-sql/pglite');
    // Options in the one-argument form: with (dataDir, options) PGlite ignores them when dataDir is undefined.
    const client = new PGlite({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.from ? { loadDataDir: target.from } : {}),
      parsers: { [DATE_OID]: asText },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins });
    return { ...handle(db, 'pglite', 'public'), dump: () => client.dumpDataDir('none') };
  }

  const schema = target.schema ?? 'public';
  if (schema !== 'public') await ensureSchema(target.url, schema);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    types: pgTypes,
    ...(schema !== 'public' ? { options: `-c search_path=${schema}` } : {}),
    ...FAIL_FAST,
  });
  // A server that stops or restarts ends every connection (57P01). pg reports that on the client
  // as an 'error' event, and an 'error' nobody listens to would crash the process: the pool emits
  // it for idle clients, and the client itself for one checked out between two queries. Both are
  // dropped by the pool (it discards a client that is no longer queryable when it is released),
  // and the query that needed the connection gets its own error, which the caller answers with
  // a 503 (isDatabaseUnavailable); so here there is nothing left to do.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
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
