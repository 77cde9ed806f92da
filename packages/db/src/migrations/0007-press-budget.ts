import { type Kysely, sql } from 'kysely';

// Who pressed Buy, beside how often (issue: one member must not hold back every other member's
// Buy). item_buy_attempts counts presses, so 40 presses by one member read as 40 "attempts"; this
// table keeps each (item, outcome, member) once, so the report can say how many members pressed.
const statements = [
  // No foreign key to users: a count of members outlives a deleted account (as the audit log does),
  // and a flush must not fail on one. The item's rows go with the item.
  `create table item_buy_attempt_members (
    show_item_id uuid not null references show_items (id) on delete cascade,
    outcome varchar(20) not null
      check (outcome in ('won', 'sold', 'declined', 'error', 'timeout', 'replay', 'refused')),
    user_id uuid not null,
    primary key (show_item_id, outcome, user_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists item_buy_attempt_members').execute(db);
}
