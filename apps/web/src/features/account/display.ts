import type { ProfileResponse } from '@vault/contracts';

/** The order number members see: the first 8 characters of the id. */
export const orderNumber = (id: string) => id.slice(0, 8);

type AddressParts = Pick<ProfileResponse, 'address' | 'city' | 'state' | 'zip'>;

/** "12 Forge Lane, Austin, TX 78701", or '' when nothing is on file. */
export function formatAddress({ address, city, state, zip }: AddressParts): string {
  const region = [state, zip].filter(Boolean).join(' ');
  return [address, city, region].filter(Boolean).join(', ');
}

export function fullNameOf(profile: Pick<ProfileResponse, 'fullName' | 'firstName' | 'lastName'>): string {
  return profile.fullName?.trim() || [profile.firstName, profile.lastName].filter(Boolean).join(' ');
}

export function skillLabel(skill: ProfileResponse['skillLevel']): string | undefined {
  return skill ? skill.charAt(0).toUpperCase() + skill.slice(1) : undefined;
}

// Calendar days (YYYY-MM-DD) are read and written in UTC: a birthday is a day, not an instant,
// and must not move with the reader's time zone.
const calendarDay = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "March 4, 1990", or undefined when none is on file (or it is not a day). */
export function formatDateOfBirth(dateOfBirth: string | null): string | undefined {
  if (!dateOfBirth) return undefined;
  const at = new Date(`${dateOfBirth}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? undefined : calendarDay.format(at);
}
