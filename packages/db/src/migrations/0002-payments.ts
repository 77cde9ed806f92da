import { type Kysely, sql } from 'kysely';

// Saved cards: only the gateway's profile ids, the brand and the last four digits — never a card
// number or CVV.
//
// This migration once also created the local Authorize.Net simulator's authnet_sim_* tables; they
// now belong to @vault/authnet-simulator, which creates them with its own migrations (and its own
// migration table) only when the simulator runs. Editing a shipped migration is safe here because
// Kysely's Migrator keys on the name and never re-runs 0002: installs that ran the old version keep
// their tables and the simulator's migration adopts them (create table if not exists), while a
// fresh production schema no longer gets them.
const statements = [
  `create table payment_methods (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    customer_profile_id varchar(40) not null,
    payment_profile_id varchar(40) not null unique,
    card_type varchar(40) not null,
    last4 char(4) not null check (last4 ~ '^[0-9]{4}$'),
    is_default boolean not null default false,
    created_at timestamptz not null default now()
  )`,
  'create index payment_methods_user_idx on payment_methods (user_id, created_at)',
  'create unique index payment_methods_one_default_key on payment_methods (user_id) where is_default',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists payment_methods cascade').execute(db);
}
