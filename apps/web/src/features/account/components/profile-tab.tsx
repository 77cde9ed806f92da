import { zodResolver } from '@hookform/resolvers/zod';
import { dateOfBirthMessages, type ProfileResponse, ProfileUpdateBody } from '@vault/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import {
  dateOfBirthHint,
  dateOfBirthInput,
  isDateOfBirthMessage,
  useDateOfBirthCheck,
} from '../../../hooks/use-date-of-birth-check';
import { useProfile } from '../../../hooks/use-profile';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/profile';
import { formatAddress, formatDateOfBirth, fullNameOf } from '../display';
import { QuietText } from './card-section';
import { Detail } from './profile-card';

/** Profile tab: a read view with an Edit toggle; a successful save returns to it. */
export function ProfileTab() {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <QuietText>Loading profile...</QuietText>;
  if (profile.isError) return <QuietText>Could not load your profile. Please refresh the page.</QuietText>;

  if (editing) {
    return <ProfileEditForm profile={profile.data} onDone={() => setEditing(false)} />;
  }

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-white">Personal information</h3>
        <Button variant="secondary" className="min-h-9 px-3 text-xs" onClick={() => setEditing(true)}>
          Edit
        </Button>
      </div>
      <dl className="mt-4 space-y-3 text-sm">
        <Detail label="Name" value={fullNameOf(profile.data) || '—'} />
        <Detail label="Email" value={profile.data.email} />
        <Detail label="Address" value={formatAddress(profile.data) || 'No address on file'} />
        <Detail label="Phone" value={profile.data.phoneNumber || 'Not provided'} />
        <Detail label="Date of birth" value={formatDateOfBirth(profile.data.dateOfBirth) ?? 'Not on file'} />
      </dl>
    </div>
  );
}

const profileResolver = zodResolver(ProfileUpdateBody);
type ProfileResolver = typeof profileResolver;

/**
 * An empty date of birth is left out (the profile keeps what it has): a member on file without one
 * can still correct an address; buying knives asks for it.
 */
const keepEmptyDateOfBirth: ProfileResolver = (values, context, options) =>
  profileResolver(values.dateOfBirth ? values : { ...values, dateOfBirth: undefined }, context, options);

function ProfileEditForm({ profile, onDone }: { profile: ProfileResponse; onDone: () => void }) {
  const update = useUpdateProfile();
  const locked = !profile.dateOfBirthEditable;
  const form = useForm({
    resolver: useDateOfBirthCheck(keepEmptyDateOfBirth),
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      address: profile.address ?? '',
      city: profile.city ?? '',
      state: profile.state ?? '',
      zip: profile.zip ?? '',
      country: profile.country || 'US',
      phoneNumber: profile.phoneNumber ?? '',
      dateOfBirth: profile.dateOfBirth ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Profile Updated', variant: 'success' });
      onDone();
    } catch (error) {
      // The server's own check of the date of birth (its minimum age, the lock after a purchase).
      const message = serverMessage(error);
      if (isDateOfBirthMessage(message)) {
        form.setError('dateOfBirth', { type: 'server', message }, { shouldFocus: !locked });
        return;
      }
      toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <FormField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <FormField label="Email" type="email" value={profile.email} readOnly disabled hint="Email cannot be changed" />
      <AddressFields addressLabel="Address" register={form.register} errors={errors} />
      <FormField
        {...dateOfBirthInput()}
        error={errors.dateOfBirth?.message}
        hint={locked ? dateOfBirthMessages.locked : dateOfBirthHint}
        // Disabled, it is left out of what is sent: only an admin changes it after a purchase.
        {...form.register('dateOfBirth', { disabled: locked })}
      />
      <div className="grid grid-cols-2 gap-3 pt-1">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
