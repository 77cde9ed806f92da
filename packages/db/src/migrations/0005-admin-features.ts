import { type Kysely, sql } from 'kysely';

// What admins get beyond the show controls: an append-only audit log of their actions, buy attempts counted
// per item (demand, refusals included), uploaded images, and relisting a voided purchase's item.
const statements = [
  // Who did what, when. No foreign key to users: the log must outlive anything it mentions, and
  // a cascade would have to update or delete rows the trigger below forbids to change.
  `create table admin_audit (
    id bigint generated always as identity primary key,
    admin_user_id uuid not null,
    admin_email varchar(254) not null,
    action varchar(60) not null,
    target_type varchar(40),
    target_id varchar(100),
    details jsonb not null default '{}',
    request_id varchar(100),
    occurred_at timestamptz not null default now()
  )`,
  'create index admin_audit_time_idx on admin_audit (occurred_at desc, id desc)',
  `create function admin_audit_append_only() returns trigger language plpgsql as $$
  begin
    raise exception 'admin_audit is append-only';
  end $$`,
  `create trigger admin_audit_append_only before update or delete on admin_audit
    for each row execute function admin_audit_append_only()`,

  // Every Buy press on an item by outcome (the Buy metrics' outcomes), added up per instance and
  // flushed as increments: counting a refusal must not cost the refusal a write of its own.
  `create table item_buy_attempts (
    show_item_id uuid not null references show_items (id) on delete cascade,
    outcome varchar(20) not null
      check (outcome in ('won', 'sold', 'declined', 'error', 'timeout', 'replay', 'refused')),
    count integer not null check (count >= 0),
    primary key (show_item_id, outcome)
  )`,

  // Uploaded images, kept in the database in both run modes (one code path, in every backup, no
  // second store to run). Keyed by the upload's content hash: the same file uploaded twice is one
  // row, and a URL that names its content can be cached forever.
  `create table images (
    id varchar(64) primary key,
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    display bytea not null,
    thumbnail bytea not null,
    uploaded_by uuid,
    created_at timestamptz not null default now()
  )`,

  // A voided purchase's item put on sale again: the new item names the one it was relisted from
  // (once: a second relist of the same item is refused by the unique index).
  'alter table show_items add column relisted_from_item_id uuid references show_items (id) on delete set null',
  'create unique index show_items_relisted_from_key on show_items (relisted_from_item_id) where relisted_from_item_id is not null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop index if exists show_items_relisted_from_key',
    'alter table show_items drop column if exists relisted_from_item_id',
    'drop table if exists images',
    'drop table if exists item_buy_attempts',
    'drop table if exists admin_audit',
    'drop function if exists admin_audit_append_only',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
