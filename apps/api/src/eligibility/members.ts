import { type AdminMemberEligibility, adminMemberMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { announceMemberChanged } from './announce';
import { toAttestationView } from './attestations';
import { memberAttestations } from './attestations.repository';
import { dateOfBirthOf, findMemberFacts, searchMembersByEmail, setDateOfBirth } from './members.repository';

// What an admin sees of a member's eligibility (destination, date of birth, attestations, whether
// they bought), and the correction only an admin may make once the member has bought.

const NOT_FOUND = new AppError(404, 'not_found', adminMemberMessages.notFound);

export function searchMembers(deps: Pick<ServiceDeps, 'db'>, emailFragment: string) {
  return searchMembersByEmail(deps.db, emailFragment);
}

export async function memberEligibility(deps: Pick<ServiceDeps, 'db'>, id: string): Promise<AdminMemberEligibility> {
  const [member, attestations] = await Promise.all([findMemberFacts(deps.db, id), memberAttestations(deps.db, id)]);
  if (!member) throw NOT_FOUND;
  return { ...member, hasPurchased: Boolean(member.hasPurchased), attestations: attestations.map(toAttestationView) };
}

/**
 * Sets the date of birth, bought or not (the member's own edit is locked after a purchase). The
 * audit record keeps the old and the new date; every replica re-reads the member's facts.
 */
export async function correctDateOfBirth(
  deps: Pick<ServiceDeps, 'db' | 'bus' | 'log'>,
  id: string,
  dateOfBirth: string,
): Promise<AdminMemberEligibility> {
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
