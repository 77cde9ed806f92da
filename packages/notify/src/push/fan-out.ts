import type { PushKind } from '@vault/contracts';
import { type RawBuilder, sql } from 'kysely';
import { PUSH_TTL_SECONDS, type PushData } from './data';

/**
 * One event's push_outbox rows: one per browser of each member the event concerns who wants this
 * kind (no push_preferences row: every kind; a row: only its kinds). `recipients` is a SELECT
 * yielding `user_id`, `subject` (what makes the event unique: a purchase, a show's phase and launch
 * time…) and `payload` (the event's facts, see pushPayload). The dedupe key
 * `kind:subject:subscriptionId` makes a repeated or retried fan-out write nothing twice. Returns
 * the INSERT (ending in `returning id`): run it alone, or as a CTE of the statement that records
 * the event, so the pushes exist exactly when the event does.
 */
export function insertPushes(kind: PushKind, recipients: RawBuilder<unknown>, at: Date): RawBuilder<{ id: string }> {
  return sql<{ id: string }>`
    insert into push_outbox (subscription_id, user_id, kind, dedupe_key, payload, expires_at)
    select ps.id, ps.user_id, ${kind}::text, ${kind}::text || ':' || r.subject || ':' || ps.id, r.payload,
      ${at}::timestamptz + ${PUSH_TTL_SECONDS[kind]}::int * interval '1 second'
    from (${recipients}) r
    join push_subscriptions ps on ps.user_id = r.user_id
    left join push_preferences pp on pp.user_id = r.user_id
    where pp.user_id is null or ${kind}::text = any (pp.kinds)
    on conflict (dedupe_key) do nothing
    returning id`;
}

/**
 * The payload of a push of `kind` as SQL: `jsonb_build_object` over exactly the fields of
 * PushData[kind] (the compiler holds the two together), each given as an SQL expression.
 */
export function pushPayload<K extends PushKind>(
  _kind: K,
  facts: { [F in keyof PushData[K]]-?: RawBuilder<unknown> },
): RawBuilder<unknown> {
  const pairs = Object.entries(facts as Record<string, RawBuilder<unknown>>).map(
    ([field, value]) => sql`${sql.lit(field)}, ${value}`,
  );
  return sql`jsonb_build_object(${sql.join(pairs)})`;
}

/** `select array_agg(id) …` of a CTE's ids, never null: what a statement returns of the pushes it wrote. */
export const idsOf = (cte: string): RawBuilder<string[]> =>
  sql<string[]>`(select coalesce(array_agg(${sql.ref(`${cte}.id`)}::text), '{}') from ${sql.table(cte)})`;
