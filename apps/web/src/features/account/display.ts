import { isCalendarDate, type ProfileResponse } from '@vault/contracts';
import { formatCalendarDay } from '../../lib/format';

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

/** "March 4, 1990", or undefined when none is on file (or it is not a day). */
export function formatDateOfBirth(dateOfBirth: string | null): string | undefined {
  if (!dateOfBirth || !isCalendarDate(dateOfBirth)) return undefined;
  return formatCalendarDay(dateOfBirth, 'long');
}
