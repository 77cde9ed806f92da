import { type Kysely, sql } from 'kysely';

/**
 * Settlement and refunds. A captured charge (and a refund) records the instant its daily batch
 * settles it and the amount that batch settles, so its status (capturedPendingSettlement, then
 * settledSuccessfully) is read against the clock with no timer running; refunds find their
 * charge by ref_trans_id. A charge captured before this migration has no batch instant: it waits
 * for the next explicit batch (the settlement control), and settles the amount its capture took.
 */
const statements = [
  'alter table authnet_sim_transactions add column if not exists settle_at timestamptz',
  'alter table authnet_sim_transactions add column if not exists settle_amount numeric(10, 2)',
  'create index if not exists authnet_sim_transactions_ref_idx on authnet_sim_transactions (ref_trans_id)',
  `update authnet_sim_transactions t
     set settle_amount = coalesce(
       (select c.amount from authnet_sim_transactions c
         where c.ref_trans_id = t.id and c.type = 'priorAuthCaptureTransaction' and c.amount is not null
         order by c.created_at desc limit 1),
       t.amount)
   where t.status = 'captured'
     and t.type in ('authOnlyTransaction', 'authCaptureTransaction')
     and t.settle_amount is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists authnet_sim_transactions_ref_idx').execute(db);
  for (const column of ['settle_at', 'settle_amount'])
    await sql.raw(`alter table authnet_sim_transactions drop column if exists ${column}`).execute(db);
}
