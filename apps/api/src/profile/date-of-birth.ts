import { ageOn, dateOfBirthMessages, todayIso } from '@vault/contracts';
import type { User } from '@vault/db';
import { findUserById, lockUser } from '../auth';
import { AppError } from '../core/app-error';
import { DEFAULT_ELIGIBILITY } from '../core/config';
import type { Db } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { SIGNED_OUT } from '../platform/current-user';
import { hasAnyPurchase } from './repository';

// A member's date of birth: at least the operator's minimum age, and theirs to set until their
// first purchase, after which it is locked (an admin corrects it), as sales were judged by it.

/** The operator's minimum age (MINIMUM_BUYER_AGE), or the default where a config carries none. */
export function minimumAgeOf(config: ServiceDeps['config']): number {
  return config.eligibility?.minimumAge ?? DEFAULT_ELIGIBILITY.minimumAge;
}

/**
 * Refuses a member younger than the minimum age today, as a 400 with the field's own text (the
 * forms show a validation message under the field it names, as they do for the schema's).
 */
export function refuseUnderAge(deps: Pick<ServiceDeps, 'config' | 'now'>, dateOfBirth: string): void {
  const minimumAge = minimumAgeOf(deps.config);
  if (ageOn(dateOfBirth, todayIso(deps.now())) < minimumAge) {
    throw new AppError(400, 'invalid_request', dateOfBirthMessages.underAge(minimumAge));
  }
}

/**
 * Locked once the member has bought. One never given stays open to them: a member who bought
 * before dates of birth were asked must still be able to add it.
 */
export function dateOfBirthEditable(stored: string | null, hasPurchased: boolean): boolean {
  return stored === null || !hasPurchased;
}

export interface MemberForUpdate {
  user: User;
  hasPurchased: boolean;
}

/**
 * The member's row, locked until the transaction ends, and whether they have bought: what a change
 * of their date of birth is decided on (two saves of one account queue here).
 */
export async function lockMember(trx: Db, userId: string): Promise<MemberForUpdate> {
  await lockUser(trx, userId);
  const user = await findUserById(trx, userId);
  if (!user) throw SIGNED_OUT;
  return { user, hasPurchased: await hasAnyPurchase(trx, userId) };
}

/**
 * The date of birth to store for what the member sent: absent or unchanged keeps the stored one
 * (the forms send a locked one back as it is); a change is refused once locked (409) or when it
 * makes them younger than the minimum age (400).
 */
export function nextDateOfBirth(
  deps: Pick<ServiceDeps, 'config' | 'now'>,
  member: MemberForUpdate,
  sent: string | undefined,
): string | null {
  const stored = member.user.dateOfBirth;
  if (sent === undefined || sent === stored) return stored;
  if (!dateOfBirthEditable(stored, member.hasPurchased)) {
    throw new AppError(409, 'conflict', dateOfBirthMessages.locked);
  }
  refuseUnderAge(deps, sent);
  return sent;
}
