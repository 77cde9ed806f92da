import { type Kysely, sql } from 'kysely';

// Web Push: the browsers a member turned notifications on in, which kinds they want, and the pushes
// to send, one row per subscription and event (the outbox), delivered after commit like emails.
const statements = [
  `create table push_subscriptions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    -- The push service's URL for this browser: it alone identifies the subscription (a browser
    -- re-subscribing gets a new one; the same endpoint sent again replaces its keys).
    endpoint varchar(1000) not null unique,
    p256dh varchar(200) not null,
    auth varchar(100) not null,
    expiration_time timestamptz,
    user_agent varchar(300),
    created_at timestamptz not null default now(),
    last_success_at timestamptz
  )`,
  'create index push_subscriptions_user on push_subscriptions (user_id)',
  // The kinds a member wants pushed (every device of theirs alike). No row: the defaults (all).
  `create table push_preferences (
    user_id uuid primary key references users (id) on delete cascade,
    kinds text[] not null,
    updated_at timestamptz not null default now()
  )`,
  `create table push_outbox (
    id uuid primary key default gen_random_uuid(),
    subscription_id uuid not null references push_subscriptions (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    kind varchar(20) not null
      check (kind in ('show_starting', 'hearted_next', 'won', 'shipped', 'draw_drawn')),
    -- kind:subject:subscription: a retried or repeated fan-out writes nothing twice.
    dedupe_key varchar(300) not null unique,
    payload jsonb not null,
    -- After this a push is moot (the item has left the screen): dropped, never sent late.
    expires_at timestamptz not null,
    status varchar(20) not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    locked_until timestamptz,
    last_error text,
    sent_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index push_outbox_due_idx on push_outbox (next_attempt_at) where status in ('pending', 'sending')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['push_outbox', 'push_preferences', 'push_subscriptions'])
    await sql.raw(`drop table if exists ${table}`).execute(db);
}
