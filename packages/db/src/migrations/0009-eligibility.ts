import { type Kysely, sql } from 'kysely';

// Who may buy which knife: the member's date of birth, each item's legal class and blade length,
// the rules an operator maintains (data, never code), the attestations members record, the
// carriers each class may travel by, the rule versions a purchase was allowed under, and the
// refusals the show report counts.
const LEGAL_CLASSES = [
  'manual_folder',
  'assisted',
  'automatic',
  'otf_single',
  'otf_double',
  'gravity',
  'balisong',
  'fixed_blade',
  'gear',
];
const classList = LEGAL_CLASSES.map((c) => `'${c}'`).join(', ');

const statements = [
  'alter table users add column date_of_birth date',
  // Null: an item from before classes existed. It is not sold until an admin classifies it.
  `alter table show_items add column legal_class varchar(20) check (legal_class in (${classList}))`,
  'alter table show_items add column blade_length numeric(5,2) check (blade_length >= 0)',
  `create table attestation_kinds (
    code varchar(40) primary key check (code ~ '^[a-z][a-z0-9_]*$'),
    label varchar(80) not null,
    description varchar(500) not null default '',
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table member_attestations (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    kind varchar(40) not null references attestation_kinds (code),
    statement varchar(500) not null,
    attested_at timestamptz not null default now(),
    revoked_at timestamptz,
    revoked_by uuid references users (id) on delete set null,
    revoke_reason varchar(500)
  )`,
  // At most one standing attestation of a kind per member; revoked ones stay as history.
  `create unique index member_attestations_standing on member_attestations (user_id, kind) where revoked_at is null`,
  `create table eligibility_rules (
    id uuid primary key default gen_random_uuid(),
    legal_class varchar(20) check (legal_class in (${classList})),
    state varchar(12) not null check (state ~ '^([A-Z]{2}|\\*|interstate)$'),
    city varchar(40),
    zip_prefix varchar(5) check (zip_prefix ~ '^[0-9]{1,5}$'),
    effective_from date not null,
    effective_to date,
    effect varchar(20) not null check (effect in ('forbid', 'min_age', 'max_blade', 'needs_attestation', 'allow')),
    value numeric(6,2),
    attestations text[] not null default '{}',
    note varchar(2000) not null,
    source_url varchar(2048),
    example boolean not null default false,
    version integer not null default 1,
    retired_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (effective_to is null or effective_to >= effective_from),
    check ((effect in ('min_age', 'max_blade')) = (value is not null)),
    check ((effect = 'needs_attestation') = (cardinality(attestations) > 0))
  )`,
  `create table legal_class_shipping (
    legal_class varchar(20) primary key check (legal_class in (${classList})),
    carriers text[] not null check (cardinality(carriers) > 0),
    adult_signature_over numeric(10,2) check (adult_signature_over >= 0),
    updated_at timestamptz not null default now()
  )`,
  // The rules (id and version) that allowed the sale, as decided when Buy was pressed.
  `alter table sale_claims add column eligibility jsonb`,
  `alter table purchases add column eligibility jsonb`,
  // Each refused member once per item and rule, with how many presses: the report's unmet demand.
  `create table eligibility_refusals (
    show_item_id uuid not null references show_items (id) on delete cascade,
    rule_key varchar(60) not null,
    user_id uuid not null,
    presses integer not null check (presses > 0),
    primary key (show_item_id, rule_key, user_id)
  )`,
  `insert into legal_class_shipping (legal_class, carriers, adult_signature_over) values
    ('manual_folder', '{usps,ups,fedex}', null),
    ('assisted', '{usps,ups,fedex}', null),
    ('automatic', '{ups,fedex}', '0.00'),
    ('otf_single', '{ups,fedex}', '0.00'),
    ('otf_double', '{ups,fedex}', '0.00'),
    ('gravity', '{ups,fedex}', '0.00'),
    ('balisong', '{ups,fedex}', '0.00'),
    ('fixed_blade', '{usps,ups,fedex}', '500.00'),
    ('gear', '{usps,ups,fedex}', null)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'eligibility_refusals',
    'legal_class_shipping',
    'eligibility_rules',
    'member_attestations',
    'attestation_kinds',
  ])
    await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql.raw('alter table purchases drop column if exists eligibility').execute(db);
  await sql.raw('alter table sale_claims drop column if exists eligibility').execute(db);
  await sql.raw('alter table show_items drop column if exists blade_length').execute(db);
  await sql.raw('alter table show_items drop column if exists legal_class').execute(db);
  await sql.raw('alter table users drop column if exists date_of_birth').execute(db);
}
