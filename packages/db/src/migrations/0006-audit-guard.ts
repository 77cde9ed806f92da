import { type Kysely, sql } from 'kysely';

// The admin audit log, fail-closed and harder to tamper with.
//
// An admin action's record is now written BEFORE the action runs (apps/api/src/audit/plugin.ts):
// a record that cannot be written refuses the action. What only the action's end knows (its status,
// the id it created, the live show Pause acted on) goes in a row of its own here, since a record
// never changes. A record without an outcome is an action that started and whose end was not
// recorded (the process died): the log says so instead of losing it.
//
// The row triggers of 0005 refuse UPDATE and DELETE; TRUNCATE fires no row trigger, so a statement
// trigger refuses it too. Triggers bind every role, the owner included (only dropping the trigger
// undoes them, which is DDL, the owner's alone). And no role but the tables' owner keeps the
// privilege to try: in a deployment whose app connects as a role with DML only (deploy/postgres/
// init-roles.sh grants it by ALTER DEFAULT PRIVILEGES), the app role may read and append to the
// log, nothing else. The grantees are looked up in the catalog, so this names no role.
const AUDIT_TABLES = ['admin_audit', 'admin_audit_outcomes'];

const statements = [
  `create table admin_audit_outcomes (
    audit_id bigint primary key references admin_audit (id),
    status smallint not null,
    target_id varchar(100),
    result_id varchar(100),
    recorded_at timestamptz not null default now()
  )`,
  // Records written before this migration were written after their action succeeded.
  'insert into admin_audit_outcomes (audit_id, status) select id, 200 from admin_audit',
  `create trigger admin_audit_outcomes_append_only before update or delete on admin_audit_outcomes
    for each row execute function admin_audit_append_only()`,
  `create function admin_audit_no_truncate() returns trigger language plpgsql as $$
  begin
    raise exception '% is append-only', tg_table_name;
  end $$`,
  ...AUDIT_TABLES.map(
    (table) => `create trigger ${table}_no_truncate before truncate on ${table}
      for each statement execute function admin_audit_no_truncate()`,
  ),
  // Every grant of UPDATE, DELETE or TRUNCATE on the log to anyone but its owner (PUBLIC is grantee 0).
  `do $$
  declare
    grant_row record;
  begin
    for grant_row in
      select distinct c.oid::regclass::text as tbl,
        case when a.grantee = 0 then 'public' else quote_ident(r.rolname) end as grantee
      from pg_class c
      cross join lateral aclexplode(c.relacl) a
      left join pg_roles r on r.oid = a.grantee
      where c.oid in (${AUDIT_TABLES.map((t) => `'${t}'::regclass`).join(', ')})
        and a.grantee <> c.relowner
        and a.privilege_type in ('UPDATE', 'DELETE', 'TRUNCATE')
    loop
      execute format('revoke update, delete, truncate on %s from %s', grant_row.tbl, grant_row.grantee);
    end loop;
  end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop trigger if exists admin_audit_no_truncate on admin_audit',
    'drop table if exists admin_audit_outcomes',
    'drop function if exists admin_audit_no_truncate',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
