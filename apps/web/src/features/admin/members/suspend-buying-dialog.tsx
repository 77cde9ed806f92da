import { zodResolver } from '@hookform/resolvers/zod';
import { BuyingSuspensionBody } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { useBuyingSuspension } from './api';

/** Who is being suspended: enough to name them in the dialog. */
export interface SuspendTarget {
  id: string;
  email: string;
  fullName: string | null;
}

const nameOf = (member: SuspendTarget) => member.fullName ?? member.email;

function SuspendForm({
  member,
  onSuspended,
  onDone,
}: {
  member: SuspendTarget;
  onSuspended?: () => void;
  onDone: () => void;
}) {
  const suspend = useBuyingSuspension(member.id, onSuspended);
  const form = useForm({ resolver: zodResolver(BuyingSuspensionBody), defaultValues: { reason: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await suspend.mutateAsync(reason);
      toast({ title: 'Buying suspended', description: nameOf(member), variant: 'success' });
      onDone();
    } catch (error) {
      form.setError('reason', { message: serverMessage(error) ?? 'Could not suspend buying. Please try again.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextareaField
        label="Reason"
        placeholder="Why, for the audit log (e.g. presses faster than a person on three items)"
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <FormActions
        onCancel={onDone}
        pending={suspend.isPending}
        label="Suspend buying"
        pendingLabel="Suspending..."
        danger
      />
    </form>
  );
}

/**
 * Suspend buying: asks the reason (kept with the member and in the audit log). Every replica
 * refuses the member's Buy from then on, on both transports, until an admin lifts it.
 */
export function SuspendBuyingDialog({
  member,
  onSuspended,
  onClose,
}: {
  member: SuspendTarget | null;
  /** After the server took it: the caller refreshes what it shows of the member. */
  onSuspended?: () => void;
  onClose: () => void;
}) {
  return (
    <DialogRoot open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {member ? (
        <DialogPanel
          title="Suspend buying"
          description={`${nameOf(member)} (${member.email}) will be refused at every Buy and draw entry until an admin lifts it.`}
        >
          {/* Keyed: a second member starts from an empty reason. */}
          <SuspendForm key={member.id} member={member} onSuspended={onSuspended} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
