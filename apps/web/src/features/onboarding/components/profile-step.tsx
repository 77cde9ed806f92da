import { zodResolver } from '@hookform/resolvers/zod';
import { OnboardingProfileBody } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import {
  dateOfBirthHint,
  dateOfBirthInput,
  isDateOfBirthMessage,
  useDateOfBirthCheck,
} from '../../../hooks/use-date-of-birth-check';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveOnboardingProfile } from '../api/onboarding';

const skillOptions = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'expert', label: 'Expert' },
] as const;

const onboardingResolver = zodResolver(OnboardingProfileBody);

/**
 * The step-2 form, validated by the same schema as POST /api/onboarding/complete (the onboarding
 * profile rules), plus the operator's minimum age on the date of birth.
 */
export function useOnboardingProfileForm(defaultValues: OnboardingProfileBody) {
  return useForm({ resolver: useDateOfBirthCheck(onboardingResolver), defaultValues });
}

type OnboardingProfileForm = ReturnType<typeof useOnboardingProfileForm>;

/**
 * Step 2: shipping details and knife experience, then the date of birth (ours, after SPEC's fields:
 * knife laws set minimum ages). Saving moves on to the card step.
 */
export function ProfileStep({
  form,
  loading,
  onBack,
  onSaved,
}: {
  form: OnboardingProfileForm;
  loading: boolean;
  onBack: () => void;
  onSaved: () => void;
}) {
  const save = useSaveOnboardingProfile();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: 'Profile Saved!', variant: 'success' });
      onSaved();
    } catch (error) {
      // The server's own check of the date of birth (the minimum age it holds) reads under the field.
      const message = serverMessage(error);
      if (isDateOfBirthMessage(message)) {
        form.setError('dateOfBirth', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      toast({ title: 'Error', description: 'Failed to save profile. Please try again.', variant: 'destructive' });
    }
  });

  if (loading) {
    return (
      <p role="status" className="py-10 text-center text-sm text-steel-400">
        Loading your details...
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register('fullName')}
      />
      <AddressFields addressLabel="Street address" register={form.register} errors={errors} />
      <SelectField
        label="Knife experience level"
        options={skillOptions}
        error={errors.skillLevel?.message}
        {...form.register('skillLevel')}
      />
      <FormField
        {...dateOfBirthInput()}
        error={errors.dateOfBirth?.message}
        hint={dateOfBirthHint}
        {...form.register('dateOfBirth')}
      />
      <div className="grid grid-cols-[auto_1fr] gap-3 pt-2">
        <Button variant="secondary" className="px-4" onClick={onBack} disabled={save.isPending}>
          Back
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Next Step'}
        </Button>
      </div>
    </form>
  );
}
