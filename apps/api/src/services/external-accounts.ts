import type { LoginNotice } from '@vault/contracts';
import { type Database, isUniqueViolation, type User } from '@vault/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';

/** What we accept from a provider's userinfo endpoint. Anything else is ignored. */
export const ExternalClaims = z.object({
  sub: z.string().min(1),
  email: z.string().email().optional(),
  // Some providers send "true"/"false" strings.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().url().optional(),
});
export type ExternalClaims = z.infer<typeof ExternalClaims>;

export type ExternalProvider = 'google' | 'oidc';
const idColumn = { google: 'googleId', oidc: 'oidcSubject' } as const;

/**
 * Links or creates the account behind an external sign-in: by the provider's subject first, then
 * by email — but only an email the provider says it verified, or anyone could claim an account
 * by registering its address elsewhere.
 */
export async function resolveExternalUser(
  db: Kysely<Database>,
  provider: ExternalProvider,
  claims: ExternalClaims,
): Promise<{ user: User } | { notice: LoginNotice }> {
  const column = idColumn[provider];
  const linked = await db.selectFrom('users').selectAll().where(column, '=', claims.sub).executeTakeFirst();
  if (linked) return { user: linked };
  if (!claims.email) return { notice: 'oauth-failed' };

  const email = claims.email.toLowerCase();
  const existing = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (existing) {
    if (claims.email_verified !== true) return { notice: 'account-exists' };
    const user = await db
      .updateTable('users')
      .set({ [column]: claims.sub, emailVerified: true, updatedAt: new Date() })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user };
  }

  const [first, ...rest] = (claims.name ?? '').trim().split(/\s+/);
  const firstName = claims.given_name ?? (first || null);
  const lastName = claims.family_name ?? (rest.join(' ') || null);
  try {
    const user = await db
      .insertInto('users')
      .values({
        email,
        [column]: claims.sub,
        emailVerified: claims.email_verified === true,
        firstName,
        lastName,
        fullName: claims.name ?? ([firstName, lastName].filter(Boolean).join(' ') || null),
        avatarUrl: claims.picture ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user };
  } catch (error) {
    // Two callbacks for the same new account raced; the other one created it.
    if (isUniqueViolation(error)) return resolveExternalUser(db, provider, claims);
    throw error;
  }
}
