import {
  FULL_NAME_MAX,
  fullNameOf,
  type LoginNotice,
  lineText,
  NAME_MAX,
  splitFullName,
  storableText,
} from '@vault/contracts';
import { isUniqueViolation, type User } from '@vault/db';
import { z } from 'zod';
import { findUserByEmail, findUserBySubject, insertUser, updateUser } from '../repositories/users';
import type { ServiceDeps } from './deps';

/** Names from the provider, made to fit our columns rather than refused (no one can fix them). */
const providerName = (max: number) =>
  z
    .string()
    .transform((v) => storableText(v, max) || undefined)
    .optional();

/**
 * What we accept from a provider's userinfo endpoint. Anything else is ignored. The subject and
 * email are keys: one that cannot be stored as sent refuses the sign-in; a picture that is not a
 * usable link is dropped.
 */
export const ExternalClaims = z.object({
  sub: lineText().min(1).max(255),
  email: lineText().max(254).pipe(z.email()).optional(),
  // Some providers send "true"/"false" strings.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  given_name: providerName(NAME_MAX),
  family_name: providerName(NAME_MAX),
  name: providerName(FULL_NAME_MAX),
  picture: lineText().max(2048).pipe(z.url()).optional().catch(undefined),
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
  deps: Pick<ServiceDeps, 'db'>,
  provider: ExternalProvider,
  claims: ExternalClaims,
): Promise<{ user: User } | { notice: LoginNotice }> {
  const { db } = deps;
  const column = idColumn[provider];
  const linked = await findUserBySubject(db, column, claims.sub);
  if (linked) return { user: linked };
  if (!claims.email) return { notice: 'oauth-failed' };

  const email = claims.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (claims.email_verified !== true) return { notice: 'account-exists' };
    const user = await updateUser(db, existing.id, {
      [column]: claims.sub,
      emailVerified: true,
      updatedAt: new Date(),
    });
    return { user };
  }

  const fromName = splitFullName(claims.name ?? '');
  const firstName = claims.given_name ?? fromName.firstName;
  const lastName = claims.family_name ?? fromName.lastName;
  const joined = firstName && lastName ? fullNameOf(firstName, lastName) : firstName || lastName;
  try {
    const user = await insertUser(db, {
      email,
      [column]: claims.sub,
      emailVerified: claims.email_verified === true,
      firstName,
      lastName,
      fullName: claims.name ?? (joined ? storableText(joined, FULL_NAME_MAX) : null),
      avatarUrl: claims.picture ?? null,
    });
    return { user };
  } catch (error) {
    // Two callbacks for the same new account raced; the other one created it.
    if (isUniqueViolation(error)) return resolveExternalUser(deps, provider, claims);
    throw error;
  }
}
