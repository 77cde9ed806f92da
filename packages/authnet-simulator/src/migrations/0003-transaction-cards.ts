import { type Kysely, sql } from 'kysely';

/**
 * A transaction records the card it was made on — brand, last four digits and expiry, never the
 * number — because a charge may name the card itself or an Accept.js token instead of a saved
 * profile: captures and voids of such a charge still answer with its account number (XXXX1111),
 * and the duplicate check finds the same card again without a profile id.
 */
const statements = [
  'alter table authnet_sim_transactions add column if not exists card_type varchar(40)',
  'alter table authnet_sim_transactions add column if not exists last4 char(4)',
  'alter table authnet_sim_transactions add column if not exists expiration varchar(7)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['card_type', 'last4', 'expiration'])
    await sql.raw(`alter table authnet_sim_transactions drop column if exists ${column}`).execute(db);
}
