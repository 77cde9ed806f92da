import { type Kysely, sql } from 'kysely';

// Fair drops: an item sold by draw instead of first press (a committed seed, numbered entries, a
// published order), the presses a declined winner's item passes down to, how fast each press came
// after its reveal, and a member's buying suspended by an admin.
const statements = [
  `alter table show_items add column sale_mode varchar(11) not null default 'first_press'
    check (sale_mode in ('first_press', 'draw'))`,
  'alter table show_items add column draw_window_seconds integer check (draw_window_seconds between 5 and 600)',
  "alter table show_items add constraint show_items_draw_window check (sale_mode = 'first_press' or draw_window_seconds is not null)",
  // A declined first-press winner's item goes to the next member who pressed Buy for it, unless off.
  'alter table shows add column next_in_line boolean not null default true',
  'alter table users add column buying_suspended_at timestamptz',
  'alter table users add column buying_suspended_reason varchar(500)',
  // One row per reveal of a draw item: a reset or repeated show draws anew. The seed stays secret
  // until the draw closes; its SHA-256 (the commitment) is public from the reveal.
  `create table draws (
    id uuid primary key default gen_random_uuid(),
    show_item_id uuid not null references show_items (id) on delete cascade,
    show_id uuid not null references shows (id) on delete cascade,
    seed char(64) not null,
    commitment char(64) not null unique,
    status varchar(10) not null default 'open'
      check (status in ('open', 'drawing', 'drawn', 'no_winner', 'cancelled')),
    opened_at timestamptz not null,
    closes_at timestamptz,
    paused_remaining_ms integer,
    closed_at timestamptz,
    entry_count integer,
    draw_order integer[],
    winner_entry_number integer,
    purchase_id uuid references purchases (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (status not in ('open', 'drawing') or closed_at is null),
    check (status in ('open', 'drawing') or closed_at is not null)
  )`,
  // One draw takes entries per item at a time. A reveal during an old draw's charging (a reset and a
  // restart within moments) opens a new one: the old can no longer sell (it is not the latest).
  "create unique index draws_one_open on draws (show_item_id) where status = 'open'",
  'create index draws_item on draws (show_item_id, opened_at desc)',
  `create table draw_entries (
    draw_id uuid not null references draws (id) on delete cascade,
    entry_number integer not null check (entry_number > 0),
    user_id uuid not null references users (id) on delete cascade,
    pseudonym varchar(40) not null,
    entered_at timestamptz not null,
    outcome varchar(10) check (outcome in ('won', 'declined', 'skipped')),
    primary key (draw_id, entry_number),
    unique (draw_id, user_id)
  )`,
  // Every press that reached the seller (a draw entry is one too), in the order its replica received
  // it: the line a declined first-press winner's item passes down, and the reaction times the show
  // report reads.
  `create table buy_presses (
    id bigserial primary key,
    show_item_id uuid not null references show_items (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    received_at timestamptz not null,
    reaction_ms integer,
    flagged boolean not null default false,
    transport varchar(6) not null check (transport in ('socket', 'http')),
    -- Every press by this member for this item (a bot hammers); the row keeps the first's time.
    presses integer not null default 1 check (presses > 0),
    unique (show_item_id, user_id)
  )`,
  'create index buy_presses_line on buy_presses (show_item_id, received_at, id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists buy_presses').execute(db);
  await sql.raw('drop table if exists draw_entries').execute(db);
  await sql.raw('drop table if exists draws').execute(db);
  for (const column of ['buying_suspended_reason', 'buying_suspended_at'])
    await sql.raw(`alter table users drop column if exists ${column}`).execute(db);
  await sql.raw('alter table shows drop column if exists next_in_line').execute(db);
  await sql.raw('alter table show_items drop constraint if exists show_items_draw_window').execute(db);
  for (const column of ['draw_window_seconds', 'sale_mode'])
    await sql.raw(`alter table show_items drop column if exists ${column}`).execute(db);
}
