import type { Database } from '@vault/db';
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../lib/password';

export interface AdminCredentials {
  email: string;
  password: string;
}

/**
 * Runs at every start: creates the admin, or promotes and re-passwords an existing account with
 * that email, so an operator who lost the password only has to restart with the new one.
 */
export async function bootstrapAdmin(
  db: Kysely<Database>,
  credentials: AdminCredentials,
): Promise<'created' | 'updated'> {
  const email = credentials.email.trim().toLowerCase();
  const password = await hashPassword(credentials.password);
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ role: 'admin', password, emailVerified: true, updatedAt: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return 'updated';
  }
  await db
    .insertInto('users')
    .values({
      email,
      password,
      role: 'admin',
      emailVerified: true,
      firstName: 'Vault',
      lastName: 'Admin',
      fullName: 'Vault Admin',
    })
    // Two replicas starting together race here; the loser simply finds the row next start.
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
  return 'created';
}
