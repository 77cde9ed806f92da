import { type Kysely, sql } from 'kysely';

// After the sale: one package per member per show (shipments), the capture of each purchase's
// authorisation when its package ships, the returns members ask for and the refunds that follow,
// and the emails that tell members of each.
const MAIL_KINDS = [
  'receipt',
  'reminder_soon',
  'reminder_launch',
  'verify_email',
  'password_reset',
  'shipment_shipped',
  'return_approved',
  'return_declined',
  'refund_issued',
];

const NEW_KINDS = MAIL_KINDS.slice(5);
const kindCheck = (kinds: string[]) =>
  `alter table mail_outbox add constraint mail_outbox_kind_check check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`;

const statements = [
  // `shipping` holds a package while its purchases' captures are at the gateway: nobody else can
  // ship, split or merge it then. Members see it as processing.
  `create table shipments (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    show_id uuid references shows (id) on delete set null,
    ship_to varchar(300) not null,
    status varchar(12) not null default 'processing'
      check (status in ('processing', 'shipping', 'shipped', 'delivered')),
    ship_by date not null,
    carrier varchar(10),
    service varchar(60),
    tracking_number varchar(40),
    adult_signature boolean not null default false,
    last_error varchar(500),
    shipped_at timestamptz,
    shipped_by uuid references users (id) on delete set null,
    delivered_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((status in ('shipped', 'delivered')) = (shipped_at is not null)),
    check (status not in ('shipped', 'delivered') or (carrier is not null and tracking_number is not null)),
    check ((status = 'delivered') = (delivered_at is not null))
  )`,
  "create index shipments_to_pack on shipments (ship_by) where status in ('processing', 'shipping')",
  'create index shipments_member on shipments (user_id)',
  'create index shipments_show on shipments (show_id)',
  'alter table purchases add column shipment_id uuid references shipments (id) on delete set null',
  // What the gateway captured and when: the ceiling every refund of the purchase stays under.
  'alter table purchases add column captured_amount numeric(10,2) check (captured_amount > 0)',
  'alter table purchases add column captured_at timestamptz',
  'create index purchases_shipment on purchases (shipment_id)',
  "create index purchases_unbundled on purchases (user_id) where shipment_id is null and status = 'authorized'",
  `create table returns (
    id uuid primary key default gen_random_uuid(),
    number varchar(16) not null unique,
    purchase_id uuid not null references purchases (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    reason varchar(1000) not null,
    status varchar(10) not null default 'requested'
      check (status in ('requested', 'approved', 'declined', 'received', 'refunded')),
    message varchar(1000),
    decided_by uuid references users (id) on delete set null,
    decided_at timestamptz,
    received_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // One return in progress per purchase; a declined one may be followed by another request.
  "create unique index returns_open_per_purchase on returns (purchase_id) where status <> 'declined'",
  'create index returns_member on returns (user_id)',
  `create table refunds (
    id uuid primary key default gen_random_uuid(),
    purchase_id uuid not null references purchases (id) on delete cascade,
    return_id uuid references returns (id) on delete set null,
    amount numeric(10,2) not null check (amount > 0),
    reason varchar(500) not null,
    method varchar(8) not null check (method in ('refund', 'void')),
    status varchar(10) not null default 'pending' check (status in ('pending', 'done', 'failed')),
    transaction_id varchar(40),
    error_message varchar(500),
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // One refund at the gateway at a time per purchase: two admins cannot together refund past the capture.
  "create unique index refunds_one_pending on refunds (purchase_id) where status = 'pending'",
  'create index refunds_purchase on refunds (purchase_id)',
  'alter table mail_outbox drop constraint mail_outbox_kind_check',
  kindCheck(MAIL_KINDS),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const kinds = NEW_KINDS.map((k) => `'${k}'`).join(', ');
  await sql.raw(`delete from mail_outbox where kind in (${kinds})`).execute(db);
  await sql.raw('alter table mail_outbox drop constraint mail_outbox_kind_check').execute(db);
  await sql.raw(kindCheck(MAIL_KINDS.slice(0, 5))).execute(db);
  await sql.raw('drop table if exists refunds').execute(db);
  await sql.raw('drop table if exists returns').execute(db);
  for (const column of ['captured_at', 'captured_amount', 'shipment_id'])
    await sql.raw(`alter table purchases drop column if exists ${column}`).execute(db);
  await sql.raw('drop table if exists shipments').execute(db);
}
