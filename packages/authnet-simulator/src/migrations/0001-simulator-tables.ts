import { type Kysely, sql } from 'kysely';

/**
 * The simulator's state: Accept.js tokens (single-use, 15 minutes), customer and payment
 * profiles, transactions. Every statement is idempotent because installs made before the
 * simulator had its own package already have these tables (packages/db's 0002 and 0003 created
 * them): this migration adopts them as they are and brings them to the current shape.
 */
const statements = [
  `create table if not exists authnet_sim_tokens (
    data_value varchar(200) primary key,
    card_type varchar(40) not null,
    last4 char(4) not null,
    expiration varchar(7) not null,
    behavior varchar(40) not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  // Ids are random (see ids.ts) and supplied by the simulator: no identity, no sequence.
  `create table if not exists authnet_sim_customers (
    id bigint primary key,
    merchant_customer_id varchar(20),
    email varchar(255),
    description varchar(255),
    created_at timestamptz not null default now()
  )`,
  'create unique index if not exists authnet_sim_customers_mcid_key on authnet_sim_customers (merchant_customer_id)',
  `create table if not exists authnet_sim_payment_profiles (
    id bigint primary key,
    customer_id bigint not null references authnet_sim_customers (id) on delete cascade,
    card_type varchar(40) not null,
    last4 char(4) not null,
    expiration varchar(7) not null,
    behavior varchar(40) not null,
    bill_to jsonb not null default '{}',
    is_default boolean not null default false,
    created_at timestamptz not null default now()
  )`,
  `create table if not exists authnet_sim_transactions (
    id bigint primary key,
    type varchar(40) not null,
    amount numeric(10, 2),
    status varchar(20) not null,
    response_code char(1) not null,
    customer_id bigint,
    payment_profile_id bigint,
    ref_trans_id bigint,
    invoice_number varchar(20),
    created_at timestamptz not null default now()
  )`,
  // Adopted tables: the old ids counted up from an identity column ("generated always" would
  // even refuse an id we supply); drop the identity so the simulator's random ids are used.
  'alter table authnet_sim_customers alter column id drop identity if exists',
  'alter table authnet_sim_payment_profiles alter column id drop identity if exists',
  'alter table authnet_sim_transactions alter column id drop identity if exists',
  // An install that had 0002 but not yet 0003 lacks the invoice number.
  'alter table authnet_sim_transactions add column if not exists invoice_number varchar(20)',
  'create index if not exists authnet_sim_transactions_profile_idx on authnet_sim_transactions (payment_profile_id, created_at)',
  'create index if not exists authnet_sim_transactions_customer_idx on authnet_sim_transactions (customer_id, created_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'authnet_sim_transactions',
    'authnet_sim_payment_profiles',
    'authnet_sim_customers',
    'authnet_sim_tokens',
  ]) {
    await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  }
}
