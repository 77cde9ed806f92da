import type { CurrentUser, OnboardingProfileBody } from '@vault/contracts';
import type { z } from 'zod';
import { completeOnboarding } from '../auth';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { judgedFactsChanged, lockMember, memberChanged, nextDateOfBirth } from '../profile';

/**
 * Step 2 of onboarding: the profile, shipping address and date of birth. The date of birth must
 * make the member at least the operator's minimum age; a member who finished onboarding and has
 * bought since cannot change it here either (it is locked as on the Profile tab).
 */
export async function saveOnboardingProfile(
  deps: Pick<ServiceDeps, 'db' | 'bus' | 'config' | 'now' | 'log'>,
  userId: string,
  body: z.output<typeof OnboardingProfileBody>,
): Promise<CurrentUser> {
  const { member, user } = await withTransaction(deps.db, async (trx) => {
    const member = await lockMember(trx, userId);
    nextDateOfBirth(deps, member, body.dateOfBirth);
    return { member, user: await completeOnboarding({ db: trx }, member.user, body) };
  });
  // A member new to the vault has nothing cached anywhere; one re-doing the step may have.
  if (judgedFactsChanged(member.user, body)) await memberChanged(deps, userId);
  return user;
}
