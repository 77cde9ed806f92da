import { sql } from 'kysely';
import type { Db } from '../core/db';
import type { RefusingRule } from './describe';

export interface RefusalRow {
  showItemId: string;
  ruleKey: string;
  userId: string;
  presses: number;
}

/**
 * Adds refused presses, one row per (item, rule, member). Rows of items deleted since are skipped
 * (an insert of them would fail the whole batch on the foreign key).
 */
export async function addRefusals(db: Db, rows: readonly RefusalRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.showItemId}::uuid, ${r.ruleKey}::varchar, ${r.userId}::uuid, ${r.presses}::int)`),
  );
  await sql`
    insert into eligibility_refusals (show_item_id, rule_key, user_id, presses)
    select v.item, v.rule, v.member, v.presses
    from (values ${values}) as v (item, rule, member, presses)
    join show_items i on i.id = v.item
    on conflict (show_item_id, rule_key, user_id)
      do update set presses = eligibility_refusals.presses + excluded.presses`.execute(db);
}

/** Per item of a show, per refusing rule: members refused, presses, and the rule as it now reads. */
export async function refusalsOfShow(db: Db, showId: string) {
  const result = await sql<RefusingRule & { showItemId: string; members: number; presses: number }>`
    select r.show_item_id, r.rule_key, count(*)::int as members, sum(r.presses)::int as presses,
      e.legal_class, e.state, e.city, e.zip_prefix, e.effect, e.value, e.version
    from eligibility_refusals r
    join show_items i on i.id = r.show_item_id
    left join eligibility_rules e on e.id::text = r.rule_key
    where i.show_id = ${showId}
    group by r.show_item_id, r.rule_key, e.id
    order by presses desc`.execute(db);
  return result.rows;
}
