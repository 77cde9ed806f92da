import { type Kysely, sql } from 'kysely';

// Written as plain SQL: CHECK constraints, the append-only trigger and array defaults read more
// clearly than the schema builder. Statements run one by one because PGlite's query() (extended
// protocol) takes a single statement. Value lists are literals on purpose: a migration must not
// change meaning when a constant elsewhere changes (schema.test compares them with the contracts).
const statements = [
  `create table users (
    id uuid primary key default gen_random_uuid(),
    email varchar(254) not null,
    password text,
    email_verified boolean not null default false,
    verification_token text,
    verification_token_expiry timestamptz,
    reset_token text,
    reset_token_expiry timestamptz,
    google_id text unique,
    oidc_subject text unique,
    first_name varchar(100),
    last_name varchar(100),
    full_name varchar(200),
    avatar_url text,
    role varchar(20) not null default 'customer' check (role in ('customer', 'admin')),
    skill_level varchar(20) check (skill_level in ('beginner', 'intermediate', 'expert')),
    onboarding_completed boolean not null default false,
    address varchar(60),
    city varchar(40),
    state varchar(40),
    zip varchar(20),
    country varchar(60),
    phone_number varchar(25),
    auth_net_customer_profile_id text,
    auth_net_payment_profile_id text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // Emails are stored lower-cased by the application; the index enforces it case-insensitively anyway.
  'create unique index users_email_key on users (lower(email))',
  'create unique index users_verification_token_key on users (verification_token) where verification_token is not null',
  'create unique index users_reset_token_key on users (reset_token) where reset_token is not null',

  // The session store's table (connect-pg-simple layout).
  `create table sessions (
    sid varchar(128) primary key,
    sess json not null,
    expire timestamp(6) with time zone not null
  )`,
  'create index sessions_expire_idx on sessions (expire)',
  `create index sessions_user_idx on sessions ((sess->>'userId'))`,

  `create table shows (
    id uuid primary key default gen_random_uuid(),
    kind varchar(20) not null default 'live' check (kind in ('live', 'test_products')),
    title varchar(200) not null check (length(trim(title)) > 0),
    description text,
    status varchar(20) not null default 'idle'
      check (status in ('idle', 'scheduled', 'running', 'paused', 'completed')),
    current_index integer not null default 0 check (current_index >= 0),
    phase varchar(20) not null default 'preroll' check (phase in ('preroll', 'showing', 'intermission')),
    launch_time timestamptz,
    per_knife_seconds integer not null default 60 check (per_knife_seconds between 1 and 86400),
    intermission_seconds integer not null default 10 check (intermission_seconds between 0 and 86400),
    preroll_seconds integer not null default 10 check (preroll_seconds between 0 and 86400),
    sold_hold_seconds integer not null default 5 check (sold_hold_seconds between 0 and 3600),
    phase_ends_at timestamptz,
    paused_remaining_ms integer check (paused_remaining_ms >= 0),
    step integer not null default 0 check (step >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index shows_status_idx on shows (status)',
  // Exactly one standing test-products show.
  `create unique index shows_one_test_products_key on shows (kind) where kind = 'test_products'`,
  // Only one show is live at a time (SPEC/engine rule), enforced by the database as well.
  `create unique index shows_one_live_key on shows ((true)) where status in ('running', 'paused') and kind = 'live'`,

  `create table show_items (
    id uuid primary key default gen_random_uuid(),
    show_id uuid not null references shows (id) on delete cascade,
    title varchar(200) not null check (length(trim(title)) > 0),
    description text,
    price numeric(10, 2) not null check (price > 0),
    main_video_url text,
    image_urls text[] not null default '{}',
    category varchar(100),
    blade_type varchar(100),
    steel_type varchar(100),
    blade text,
    handles_spec text,
    hardware_spec text,
    clip_spec text,
    breaker_spec text,
    order_index integer not null default 0,
    status varchar(20) not null default 'queued' check (status in ('queued', 'available', 'showing', 'sold')),
    sold_to_user_id uuid references users (id) on delete set null,
    sold_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((status = 'sold') = (sold_at is not null))
  )`,
  'create index show_items_show_order_idx on show_items (show_id, order_index)',

  `create table purchases (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete restrict,
    show_item_id uuid not null unique references show_items (id) on delete restrict,
    amount numeric(10, 2) not null check (amount > 0),
    status varchar(20) not null default 'authorized'
      check (status in ('authorized', 'completed', 'pending', 'failed', 'voided')),
    gateway varchar(40) not null default 'authorizeNet',
    transaction_id text,
    error_message text,
    shipping_address text not null,
    shipping_notes text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index purchases_user_idx on purchases (user_id, created_at desc)',

  `create table show_events (
    id bigint generated always as identity primary key,
    show_id uuid not null references shows (id) on delete cascade,
    step integer not null,
    type varchar(40) not null,
    payload jsonb not null default '{}',
    occurred_at timestamptz not null default now()
  )`,
  'create index show_events_show_idx on show_events (show_id, id)',
  // Append-only: no updates, and deletes only as the cascade of deleting the show itself
  // (a cascade runs inside the FK trigger, so pg_trigger_depth() is above 1 there).
  `create function show_events_append_only() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' or pg_trigger_depth() < 2 then
      raise exception 'show_events is append-only';
    end if;
    return old;
  end $$`,
  `create trigger show_events_append_only before update or delete on show_events
    for each row execute function show_events_append_only()`,

  // Small key/value facts about this installation, e.g. that the demo data was seeded once.
  `create table app_meta (
    key varchar(100) primary key,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['app_meta', 'show_events', 'purchases', 'show_items', 'shows', 'sessions', 'users']) {
    await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  }
  await sql.raw('drop function if exists show_events_append_only').execute(db);
}
