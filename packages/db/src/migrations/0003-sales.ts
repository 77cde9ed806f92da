import { type Kysely, sql } from 'kysely';

// Selling exactly once. The Buy route claims an item with ONE conditional UPDATE of show_items
// and, in the same statement, writes a sale_claims row: the claim is the invoice number sent to
// the gateway. Until it is settled (purchase recorded) or released (card refused), a pending
// claim is what a reconciler needs to finish the sale after a crash.
const statements = [
  `create table sale_claims (
    id varchar(20) primary key,
    show_item_id uuid not null references show_items (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    amount numeric(10, 2) not null check (amount > 0),
    idempotency_key varchar(100),
    release_status varchar(20) not null check (release_status in ('queued', 'available', 'showing')),
    status varchar(20) not null default 'pending' check (status in ('pending', 'settled', 'released')),
    transaction_id text,
    failure text,
    needs_check boolean not null default false,
    created_at timestamptz not null default now(),
    resolved_at timestamptz
  )`,
  // One claim in flight per item: the database's own guarantee against a second sale.
  `create unique index sale_claims_one_pending_key on sale_claims (show_item_id) where status = 'pending'`,
  `create index sale_claims_pending_idx on sale_claims (created_at) where status = 'pending'`,
  `create index sale_claims_check_idx on sale_claims (resolved_at) where needs_check`,
  'alter table show_items add column claim_id varchar(20)',
  'alter table purchases add column claim_id varchar(20) unique',
  'alter table purchases add column idempotency_key varchar(100)',
  'create unique index purchases_idempotency_key on purchases (user_id, idempotency_key)',
  // This migration once also added authnet_sim_transactions.invoice_number and an index; the
  // simulator's own migration (@vault/authnet-simulator) now does both idempotently — see 0002.
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop index if exists purchases_idempotency_key',
    'alter table purchases drop column idempotency_key',
    'alter table purchases drop column claim_id',
    'alter table show_items drop column claim_id',
    'drop table if exists sale_claims',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
