import { type Kysely, sql } from 'kysely';

/**
 * The fault queue (see faults.ts), in the database rather than in one process's memory: with
 * several API replicas each runs its own simulator, and a fault queued through one must be taken
 * by whichever replica's gateway call comes next, exactly once. Ids count up, so the queue is
 * taken in the order it was filled.
 */
const statements = [
  `create table if not exists authnet_sim_faults (
    id bigint generated always as identity primary key,
    request_type varchar(100) not null,
    kind varchar(20) not null,
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists authnet_sim_faults').execute(db);
}
