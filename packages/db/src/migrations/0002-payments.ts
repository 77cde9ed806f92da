import { type Kysely, sql } from 'kysely';

// Saved cards (only the gateway's profile ids, the brand and the last four digits — never a card
// number or CVV) and the state of the local Authorize.Net simulator.
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

  // Simulator: Accept.js tokens (single-use, 15 minutes), customer and payment profiles, transactions.
  `create table authnet_sim_tokens (
    data_value varchar(200) primary key,
    card_type varchar(40) not null,
    last4 char(4) not null,
    expiration varchar(7) not null,
    behavior varchar(40) not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create table authnet_sim_customers (
    id bigint generated always as identity (start with 500000001) primary key,
    merchant_customer_id varchar(20),
    email varchar(255),
    description varchar(255),
    created_at timestamptz not null default now()
  )`,
  'create unique index authnet_sim_customers_mcid_key on authnet_sim_customers (merchant_customer_id)',
  `create table authnet_sim_payment_profiles (
    id bigint generated always as identity (start with 900000001) primary key,
    customer_id bigint not null references authnet_sim_customers (id) on delete cascade,
    card_type varchar(40) not null,
    last4 char(4) not null,
    expiration varchar(7) not null,
    behavior varchar(40) not null,
    bill_to jsonb not null default '{}',
    is_default boolean not null default false,
    created_at timestamptz not null default now()
  )`,
  `create table authnet_sim_transactions (
    id bigint generated always as identity (start with 60000000001) primary key,
    type varchar(40) not null,
    amount numeric(10, 2),
    status varchar(20) not null,
    response_code char(1) not null,
    customer_id bigint,
    payment_profile_id bigint,
    ref_trans_id bigint,
    created_at timestamptz not null default now()
  )`,
  'create index authnet_sim_transactions_profile_idx on authnet_sim_transactions (payment_profile_id, created_at)',
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
    'payment_methods',
  ]) {
    await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  }
}
