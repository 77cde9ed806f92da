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
import type { ServiceDeps } from '../core/deps';
import { claimByVerifiedEmail, type OwnerIdentity } from './reclaim-account';
import { findUserByEmail, findUserBySubject, insertUser } from './users.repository';

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
  // Only a real boolean true verifies: the address decides who owns an account, and a provider
  // that sends "true" as a string is not saying it in the way the OpenID Connect claims define.
  email_verified: z.unknown().transform((v): boolean => v === true),
  given_name: providerName(NAME_MAX),
  family_name: providerName(NAME_MAX),
  name: providerName(FULL_NAME_MAX),
  picture: lineText().max(2048).pipe(z.url()).optional().catch(undefined),
});
export type ExternalClaims = z.infer<typeof ExternalClaims>;

export type ExternalProvider = 'google' | 'oidc';
const idColumn = { google: 'googleId', oidc: 'oidcSubject' } as const;

/** A new member's names and picture, as the provider gives them. */
function profileFrom(claims: ExternalClaims): OwnerIdentity['profile'] {
  const fromName = splitFullName(claims.name ?? '');
  const firstName = claims.given_name ?? fromName.firstName;
  const lastName = claims.family_name ?? fromName.lastName;
  const joined = firstName && lastName ? fullNameOf(firstName, lastName) : firstName || lastName;
  return {
    firstName,
    lastName,
    fullName: claims.name ?? (joined ? storableText(joined, FULL_NAME_MAX) : null),
    avatarUrl: claims.picture ?? null,
  };
}

/**
 * Links or creates the account behind an external sign-in: by the provider's subject first, then
 * by email — but only an email the provider says it verified, or anyone could claim an account
 * by registering its address elsewhere.
 *
 * An account found by that email whose address we never verified may have been registered by a
 * stranger: it is reclaimed for the owner, cleared of everything on it (reclaim-account.ts). One
 * whose address was verified through our link is the owner's already and is simply linked. The
 * admin account is never signed in through a provider: the admin uses its password.
 */
export async function resolveExternalUser(
  deps: Pick<ServiceDeps, 'db' | 'sessionStore' | 'payments' | 'log'>,
  provider: ExternalProvider,
  claims: ExternalClaims,
  /** Looks again after losing a race; bounded, so a row we cannot find by its key never loops. */
  retries = 2,
): Promise<{ user: User } | { notice: LoginNotice }> {
  const { db } = deps;
  const again = (cause: unknown) => {
    if (retries > 0) return resolveExternalUser(deps, provider, claims, retries - 1);
    throw new Error('external sign-in: the account kept changing under us', { cause });
  };
  const column = idColumn[provider];
  const linked = await findUserBySubject(db, column, claims.sub);
  if (linked) return linked.role === 'admin' ? { notice: 'admin-password-only' } : { user: linked };
  if (!claims.email) return { notice: 'oauth-failed' };

  const email = claims.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  try {
    if (existing) {
      if (!claims.email_verified) return { notice: 'account-exists' };
      if (existing.role === 'admin') {
        deps.log.warn(
          { provider },
          "an external sign-in named the admin account's email: refused, the admin logs in with its password",
        );
        return { notice: 'admin-password-only' };
      }
      const outcome = await claimByVerifiedEmail(deps, existing.id, {
        link: { [column]: claims.sub },
        profile: profileFrom(claims),
      });
      if (outcome.kind === 'admin') return { notice: 'admin-password-only' };
      // Deleted meanwhile: look again (it may be a new sign-up now).
      if (outcome.kind === 'gone') return again(null);
      return { user: outcome.user };
    }

    const user = await insertUser(db, {
      email,
      [column]: claims.sub,
      emailVerified: claims.email_verified,
      ...profileFrom(claims),
    });
    return { user };
  } catch (error) {
    // Two callbacks for the same account raced (a new one created, or this subject linked, by the
    // other): look again, and find what it made.
    if (isUniqueViolation(error)) return again(error);
    throw error;
  }
}
