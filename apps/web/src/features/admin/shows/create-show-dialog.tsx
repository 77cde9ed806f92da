import { zodResolver } from '@hookform/resolvers/zod';
import { CreateShowBody } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateShow } from './api';
import { NextInLineField } from './next-in-line-field';
import { ShowTimingFields } from './show-timing-fields';

/** A new show, validated by the same schema as POST /api/shows. */
function CreateShowForm({ onDone }: { onDone: () => void }) {
  const create = useCreateShow();
  const form = useForm({
    resolver: zodResolver(CreateShowBody),
    defaultValues: {
      title: '',
      description: '',
      perKnifeSeconds: 60,
      intermissionSeconds: 10,
      prerollSeconds: 10,
      soldHoldSeconds: 5,
      nextInLine: true,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast({ title: 'Show created', variant: 'success' });
      onDone();
    } catch (error) {
      toast({
        title: 'Failed to create show',
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label="Title" error={errors.title?.message} {...form.register('title')} />
      <TextareaField label="Description" error={errors.description?.message} {...form.register('description')} />
      <ShowTimingFields form={form} />
      <NextInLineField form={form} />
      <div className="grid grid-cols-2 gap-3 pt-1">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Show'}
        </Button>
      </div>
    </form>
  );
}

export function CreateShowDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogPanel title="Create Show" description="Add items and schedule it once it is created.">
        <CreateShowForm onDone={() => onOpenChange(false)} />
      </DialogPanel>
    </DialogRoot>
  );
}
