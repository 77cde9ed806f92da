import { fullNameOf, type ProfileResponse, type ProfileUpdateBody } from '@vault/contracts';
import type { User } from '@vault/db';
import type { z } from 'zod';
import { updateUser } from '../auth';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { dateOfBirthEditable, lockMember, nextDateOfBirth } from './date-of-birth';
import { hasAnyPurchase } from './repository';

/** Rows never reach HTTP: the one place a user row becomes the Profile tab's view. */
export function toProfile(user: User, hasPurchased: boolean): ProfileResponse {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    email: user.email,
    address: user.address,
    city: user.city,
    state: user.state,
    zip: user.zip,
    country: user.country,
    phoneNumber: user.phoneNumber,
    skillLevel: user.skillLevel,
    role: user.role,
    dateOfBirth: user.dateOfBirth,
    dateOfBirthEditable: dateOfBirthEditable(user.dateOfBirth, hasPurchased),
  };
}

export async function readProfile(deps: Pick<ServiceDeps, 'db'>, user: User): Promise<ProfileResponse> {
  return toProfile(user, await hasAnyPurchase(deps.db, user.id));
}

/** What a member's eligibility is judged by: a change to any of these must reach every instance. */
const JUDGED = ['address', 'city', 'state', 'zip', 'dateOfBirth'] as const;

type JudgedFacts = Pick<User, (typeof JUDGED)[number]>;

/** Whether a save changed what the member's eligibility is judged by. */
export const judgedFactsChanged = (before: JudgedFacts, after: JudgedFacts): boolean =>
  JUDGED.some((field) => before[field] !== after[field]);

/** Saves the Profile tab. Email cannot be changed here: the form shows it read-only. */
export async function saveProfile(
  deps: Pick<ServiceDeps, 'db' | 'bus' | 'config' | 'now' | 'log'>,
  userId: string,
  body: z.output<typeof ProfileUpdateBody>,
): Promise<ProfileResponse> {
  const { member, after } = await withTransaction(deps.db, async (trx) => {
    const member = await lockMember(trx, userId);
    const after = await updateUser(trx, userId, {
      firstName: body.firstName,
      lastName: body.lastName,
      fullName: fullNameOf(body.firstName, body.lastName),
      address: body.address,
      city: body.city,
      state: body.state,
      zip: body.zip,
      country: body.country,
      phoneNumber: body.phoneNumber ?? null,
      dateOfBirth: nextDateOfBirth(deps, member, body.dateOfBirth),
      updatedAt: new Date(),
    });
    return { member, after };
  });
  if (judgedFactsChanged(member.user, after)) await memberChanged(deps, userId);
  return toProfile(after, member.hasPurchased);
}

/**
 * Tells every instance to judge the member by their new address or age from their next press on.
 * Sent after the commit, and never failing the save, which stands (the bus is at-most-once anyway).
 */
export async function memberChanged(deps: Pick<ServiceDeps, 'bus' | 'log'>, userId: string): Promise<void> {
  await deps.bus
    .publish('eligibility', { type: 'eligibility.member-changed', userId })
    .catch((error: unknown) => deps.log.error({ err: error, userId }, 'publishing a member change failed'));
}
