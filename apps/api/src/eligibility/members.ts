import { type AdminMemberView, adminMemberMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { announceMemberChanged } from './announce';
import { toAttestationView } from './attestations';
import { memberAttestations } from './attestations.repository';
import {
  clearBuyingSuspension,
  dateOfBirthOf,
  findMemberFacts,
  searchMembersByEmail,
  setBuyingSuspension,
  setDateOfBirth,
} from './members.repository';
import type { BuyingSuspensions } from './members-suspensions';

// What an admin sees of a member (destination, date of birth, attestations, whether they bought,
// whether their buying is suspended), the correction only an admin may make once the member has
// bought, and the suspension of their buying.

const NOT_FOUND = new AppError(404, 'not_found', adminMemberMessages.notFound);

export function searchMembers(deps: Pick<ServiceDeps, 'db'>, emailFragment: string) {
  return searchMembersByEmail(deps.db, emailFragment);
}

export async function memberEligibility(deps: Pick<ServiceDeps, 'db'>, id: string): Promise<AdminMemberView> {
  const [member, attestations] = await Promise.all([findMemberFacts(deps.db, id), memberAttestations(deps.db, id)]);
  if (!member) throw NOT_FOUND;
  const { buyingSuspendedAt, buyingSuspendedReason, hasPurchased, ...facts } = member;
  return {
    ...facts,
    hasPurchased: Boolean(hasPurchased),
    attestations: attestations.map(toAttestationView),
    buyingSuspended: buyingSuspendedAt
      ? { at: buyingSuspendedAt.toISOString(), reason: buyingSuspendedReason ?? '' }
      : null,
  };
}

/**
 * Sets the date of birth, bought or not (the member's own edit is locked after a purchase). The
 * audit record keeps the old and the new date; every replica re-reads the member's facts.
 */
export async function correctDateOfBirth(
  deps: Pick<ServiceDeps, 'db' | 'bus' | 'log'>,
  id: string,
  dateOfBirth: string,
): Promise<AdminMemberView> {
  if (!(await setDateOfBirth(deps.db, id, dateOfBirth))) throw NOT_FOUND;
  await announceMemberChanged(deps, id);
  return memberEligibility(deps, id);
}

/** The date of birth a correction replaces, for its audit record (undefined: no such member). */
export async function dateOfBirthBefore(
  deps: Pick<ServiceDeps, 'db'>,
  id: string,
): Promise<{ dateOfBirth: string | null } | undefined> {
  return dateOfBirthOf(deps.db, id);
}

/**
 * Suspends (reason given) or lifts (null) a member's buying. Enforced at once: this replica's set
 * is changed before the answer, and every other replica re-reads the member when the bus tells it
 * (members-suspensions.ts); the claim refuses them as well, whatever a replica holds.
 */
export async function setMemberBuyingSuspension(
  deps: Pick<ServiceDeps, 'db' | 'bus' | 'log' | 'now'> & { suspensions: Pick<BuyingSuspensions, 'apply'> },
  id: string,
  reason: string | null,
): Promise<AdminMemberView> {
  const now = new Date(deps.now());
  const found =
    reason === null
      ? await clearBuyingSuspension(deps.db, id, now)
      : await setBuyingSuspension(deps.db, id, reason, now);
  if (!found) throw NOT_FOUND;
  deps.suspensions.apply(id, reason !== null);
  await announceMemberChanged(deps, id);
  return memberEligibility(deps, id);
}
