import { zodResolver } from '@hookform/resolvers/zod';
import { AttestationKindBody, type AttestationKindView, attestationMessages } from '@vault/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { useSaveKind } from './api';

/**
 * Add or edit an attestation kind. Its code is what rules and members' attestations refer to, so it
 * is set once; the label (what members read) and the description may change.
 */
function KindForm({ kind, onDone }: { kind: AttestationKindView | null; onDone: () => void }) {
  const save = useSaveKind();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(AttestationKindBody),
    defaultValues: kind ?? { code: '', label: '', description: '', active: true },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code, label, description, active }) => {
    setFormError(null);
    try {
      if (kind) await save.mutateAsync({ code: kind.code, body: { label, description, active } });
      else await save.mutateAsync({ code: null, body: { code, label, description, active } });
      toast({
        title: kind ? 'Attestation kind saved' : 'Attestation kind added',
        description: label,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      const message = serverMessage(error) ?? 'Could not save the attestation kind. Please try again.';
      if (message === attestationMessages.kindExists) form.setError('code', { message });
      else setFormError(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Code"
        placeholder="armed_forces"
        hint="Lowercase letters, digits and _; rules refer to it, so it cannot change later."
        readOnly={kind !== null}
        aria-readonly={kind !== null}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <FormField
        label="Label"
        placeholder="Armed forces on duty"
        error={errors.label?.message}
        {...form.register('label')}
      />
      <TextareaField
        label="Description (optional)"
        placeholder="Who may record it, and what you may ask them to show"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <label className="flex items-center gap-2.5 text-sm text-steel-200">
        <input type="checkbox" className="size-4 accent-brass-500" {...form.register('active')} />
        Offered to members (an inactive kind can no longer be recorded; those recorded stay)
      </label>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormActions
        onCancel={onDone}
        pending={save.isPending}
        label={kind ? 'Save' : 'Add Kind'}
        pendingLabel="Saving..."
      />
    </form>
  );
}

export function KindDialog({
  open,
  kind,
  onClose,
}: {
  open: boolean;
  kind: AttestationKindView | null;
  onClose: () => void;
}) {
  return (
    <DialogRoot open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogPanel
          title={kind ? 'Edit Attestation Kind' : 'Add Attestation Kind'}
          description="Members record it by confirming a statement naming its label; rules can ask for it."
        >
          <KindForm kind={kind} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
