import { type Kysely, sql } from 'kysely';

// What members get around a show: hearts on a lineup's items, "Notify me" reminders,
// a per-member purchase cap per show, and emails (reminders, receipts) sent through an outbox.
const statements = [
  // A heart is one member's interest in one item; counted per item, toggled idempotently.
  `create table item_hearts (
    show_item_id uuid not null references show_items (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (show_item_id, user_id)
  )`,
  'create index item_hearts_user_idx on item_hearts (user_id)',

  // "Notify me": one row per member and show. The token is the one-click unsubscribe link's secret.
  `create table show_reminders (
    show_id uuid not null references shows (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    unsubscribe_token varchar(64) not null unique,
    created_at timestamptz not null default now(),
    primary key (show_id, user_id)
  )`,

  // Fair caps: at most purchase_cap items of a show per member (null: no cap).
  'alter table shows add column purchase_cap integer check (purchase_cap between 1 and 1000)',
  // How many items of a show a member holds or is buying: the claim statement counts here with
  // INSERT … ON CONFLICT DO UPDATE … WHERE count < cap, which locks this row and re-checks the
  // cap on its latest version, so concurrent claims by one member cannot pass it on any replica.
  `create table show_member_purchases (
    show_id uuid not null references shows (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    count integer not null check (count >= 0),
    primary key (show_id, user_id)
  )`,
  // Whether a claim was counted against the cap: only those give their count back when released.
  'alter table sale_claims add column counted boolean not null default false',
  // A claim statement that counted the member but then lost the item to another buyer must not
  // keep the count: raising aborts the whole statement, so counting and claiming are one act.
  `create function vault_claim_guard(counted bigint, claimed bigint) returns boolean
    language plpgsql volatile as $$
  begin
    if counted > claimed then
      raise exception 'claim lost after counting' using errcode = 'VC001';
    end if;
    return true;
  end $$`,

  // Emails to send, written in the same transaction as what they are about (a sale, a show's
  // reminder time), delivered after it commits. dedupe_key makes each email exist once; a row
  // is leased (status sending, locked_until) while one deliverer talks to SMTP.
  `create table mail_outbox (
    id uuid primary key default gen_random_uuid(),
    kind varchar(40) not null check (kind in ('receipt', 'reminder_soon', 'reminder_launch')),
    dedupe_key varchar(200) not null unique,
    user_id uuid not null references users (id) on delete cascade,
    payload jsonb not null default '{}',
    status varchar(20) not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    locked_until timestamptz,
    last_error text,
    sent_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status in ('pending', 'sending')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop table if exists mail_outbox',
    'drop function if exists vault_claim_guard',
    'alter table sale_claims drop column if exists counted',
    'drop table if exists show_member_purchases',
    'alter table shows drop column if exists purchase_cap',
    'drop table if exists show_reminders',
    'drop table if exists item_hearts',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
