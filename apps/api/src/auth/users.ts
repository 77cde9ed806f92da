import { type CurrentUser, type OnboardingProfileBody, splitFullName } from '@vault/contracts';
import type { User } from '@vault/db';
import type { z } from 'zod';
import type { ServiceDeps } from '../core/deps';
import { updateUser } from './users.repository';

/** Rows never reach HTTP: this is the one place a user row becomes the current-user view. */
export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    onboardingCompleted: user.onboardingCompleted,
    emailVerified: user.emailVerified,
  };
}

/**
 * Onboarding, which unlocks Buy Now and sends / to /show, is complete once the profile (a shipping
 * address) and a card are saved, in either order; once complete it stays complete (removing a card
 * does not undo it). Given the account as it will be after a change.
 */
export function isOnboardingComplete(
  user: Pick<User, 'onboardingCompleted' | 'address' | 'authNetPaymentProfileId'>,
): boolean {
  return user.onboardingCompleted || (user.address !== null && user.authNetPaymentProfileId !== null);
}

/** Step 2 of onboarding: the profile and shipping address; complete already if a card is saved. */
export async function completeOnboarding(
  deps: Pick<ServiceDeps, 'db'>,
  user: User,
  profile: z.output<typeof OnboardingProfileBody>,
): Promise<CurrentUser> {
  // Fills first and last name only where the account has none; each cut to its column.
  const derived = splitFullName(profile.fullName);
  const updated = await updateUser(deps.db, user.id, {
    fullName: profile.fullName,
    firstName: user.firstName ?? derived.firstName,
    lastName: user.lastName ?? derived.lastName,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    zip: profile.zip,
    country: profile.country,
    phoneNumber: profile.phoneNumber ?? null,
    skillLevel: profile.skillLevel,
    dateOfBirth: profile.dateOfBirth,
    onboardingCompleted: isOnboardingComplete({ ...user, address: profile.address }),
    updatedAt: new Date(),
  });
  return toCurrentUser(updated);
}
