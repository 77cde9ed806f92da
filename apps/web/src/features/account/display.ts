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
