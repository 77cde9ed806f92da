import { Button } from '../../../components/ui/button';
import { useProfile } from '../../../hooks/use-profile';
import { formatAddress, formatDateOfBirth, fullNameOf, skillLabel } from '../display';
import { CardSection, QuietText } from './card-section';

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
      {profile.isPending ? (
        <QuietText>Loading profile...</QuietText>
      ) : profile.isError ? (
        <QuietText>Could not load your profile. Please refresh the page.</QuietText>
      ) : (
        <dl className="space-y-3 text-sm">
          <Detail label="Full name" value={fullNameOf(profile.data) || '—'} />
          <Detail label="Email" value={profile.data.email} />
          <Detail label="Billing / shipping address" value={formatAddress(profile.data) || 'No address on file'} />
          <Detail label="Skill level" value={skillLabel(profile.data.skillLevel) ?? 'Not specified'} />
          <Detail label="Date of birth" value={formatDateOfBirth(profile.data.dateOfBirth) ?? 'Not on file'} />
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
