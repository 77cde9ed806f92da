import { zodResolver } from '@hookform/resolvers/zod';
import { AdminDateOfBirthBody, type AdminMemberEligibility } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCorrectDateOfBirth } from './api';

/**
 * Correct date of birth: what a member who has bought cannot do themselves. Checked by the
 * contract's DateOfBirth (a real past day after 1900); recorded in the audit log with the old date.
 */
export function DateOfBirthForm({ member }: { member: AdminMemberEligibility }) {
  const correct = useCorrectDateOfBirth(member.id);
  const form = useForm({
    resolver: zodResolver(AdminDateOfBirthBody),
    defaultValues: { dateOfBirth: member.dateOfBirth ?? '' },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async ({ dateOfBirth }) => {
    try {
      const saved = await correct.mutateAsync(dateOfBirth);
      form.reset({ dateOfBirth: saved.dateOfBirth ?? '' });
      toast({ title: 'Date of birth corrected', description: member.email, variant: 'success' });
    } catch (error) {
      form.setError('dateOfBirth', { message: serverMessage(error) ?? 'Could not save. Please try again.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        label="Correct date of birth"
        type="date"
        className="sm:w-56"
        hint={member.hasPurchased ? 'Locked for the member since their first purchase.' : undefined}
        error={errors.dateOfBirth?.message}
        {...form.register('dateOfBirth')}
      />
      <Button type="submit" variant="secondary" className="sm:mt-7" disabled={!isDirty || correct.isPending}>
        {correct.isPending ? 'Saving...' : 'Save Date of Birth'}
      </Button>
    </form>
  );
}
