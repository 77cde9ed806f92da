import { type AdminMemberEligibility, ageOn } from '@vault/contracts';
import { formatCalendarDay } from '../../../lib/format';

/** "Austin, TX 78701": where the member's knives ship (rules judge the state, city and ZIP). */
export function memberDestinationText(member: Pick<AdminMemberEligibility, 'city' | 'state' | 'zip'>): string | null {
  const region = [member.state, member.zip].filter(Boolean).join(' ');
  const text = [member.city, region].filter(Boolean).join(', ');
  return text === '' ? null : text;
}

/** "March 4, 1990 (age 35)" on the given day, or null when none is on file. */
export function dateOfBirthText(dateOfBirth: string | null, today: string): string | null {
  if (!dateOfBirth) return null;
  return `${formatCalendarDay(dateOfBirth, 'long')} (age ${ageOn(dateOfBirth, today)})`;
}
