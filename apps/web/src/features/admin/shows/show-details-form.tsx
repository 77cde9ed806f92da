import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminShow, CreateShowBody } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateShow } from './api';
import { NextInLineField } from './next-in-line-field';
import { ShowTimingFields } from './show-timing-fields';

/**
 * Title, description, timings and the next-in-line switch of a show (PATCH /api/shows/:id). Validated with the create
 * schema: the same rules, and every field is sent, so nothing is left out by accident.
 */
export function ShowDetailsForm({ show }: { show: AdminShow }) {
  const update = useUpdateShow();
  const form = useForm({
    resolver: zodResolver(CreateShowBody),
    values: {
      title: show.title,
      description: show.description ?? '',
      perKnifeSeconds: show.perKnifeSeconds,
      intermissionSeconds: show.intermissionSeconds,
      prerollSeconds: show.prerollSeconds,
      soldHoldSeconds: show.soldHoldSeconds,
      nextInLine: show.nextInLine,
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // An emptied description is cleared, not left as it was.
      await update.mutateAsync({ showId: show.id, body: { ...values, description: values.description ?? null } });
      toast({ title: 'Show updated', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to update show',
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Details of ${show.title}`} className="space-y-4">
      <h3 className="font-semibold text-steel-200 text-xs uppercase tracking-widest">Details</h3>
      <FormField label="Title" error={errors.title?.message} {...form.register('title')} />
      <TextareaField
        label="Description"
        rows={2}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <ShowTimingFields form={form} />
      <NextInLineField form={form} />
      <Button type="submit" variant="secondary" disabled={!isDirty || update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
