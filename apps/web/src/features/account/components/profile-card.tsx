import { Button } from '../../../components/ui/button';
import { useProfile } from '../../../hooks/use-profile';
import { formatAddress, formatDateOfBirth, fullNameOf, skillLabel } from '../display';
import { CardSection, QuietText } from './card-section';

type Profile = NonNullable<ReturnType<typeof useProfile>['data']>;

/** The card's rows, label and value; every value "…" until the profile has loaded. */
function details(profile: Profile | undefined): Array<[string, string]> {
  const known = (value: (p: Profile) => string) => (profile ? value(profile) : '…');
  return [
    ['Full name', known((p) => fullNameOf(p) || '—')],
    ['Email', known((p) => p.email)],
    ['Billing / shipping address', known((p) => formatAddress(p) || 'No address on file')],
    ['Skill level', known((p) => skillLabel(p.skillLevel) ?? 'Not specified')],
    ['Date of birth', known((p) => formatDateOfBirth(p.dateOfBirth) ?? 'Not on file')],
  ];
}

export function ProfileCard({ onEdit }: { onEdit: () => void }) {
  const profile = useProfile();
  return (
    <CardSection
      title="Profile"
      action={
        <Button variant="secondary" className="min-h-9 px-3 text-xs" onClick={onEdit}>
          Edit Profile
        </Button>
      }
    >
      {profile.isError ? (
        <QuietText>Could not load your profile. Please refresh the page.</QuietText>
      ) : (
        // While it loads, the same rows with their values to come: the cards below keep their place
        // instead of jumping down a whole card's height when the profile arrives (layout shift).
        <dl className="space-y-3 text-sm" aria-busy={profile.isPending}>
          {profile.isPending ? <p className="sr-only">Loading profile...</p> : null}
          {details(profile.data).map(([label, value]) => (
            <Detail key={label} label={label} value={value} />
          ))}
        </dl>
      )}
    </CardSection>
  );
}

export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-steel-400 text-xs uppercase tracking-wider">{label}</dt>
      <dd className="mt-0.5 break-words text-white">{value}</dd>
    </div>
  );
}
