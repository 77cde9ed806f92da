import { zodResolver } from '@hookform/resolvers/zod';
import { type MemberAttestationView, RevokeAttestationBody } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { useRevokeAttestation } from './api';

function RevokeForm({
  memberId,
  attestation,
  onDone,
}: {
  memberId: string;
  attestation: MemberAttestationView;
  onDone: () => void;
}) {
  const revoke = useRevokeAttestation(memberId);
  const form = useForm({ resolver: zodResolver(RevokeAttestationBody), defaultValues: { reason: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await revoke.mutateAsync({ id: attestation.id, reason });
      toast({ title: 'Attestation revoked', description: attestation.label, variant: 'success' });
      onDone();
    } catch (error) {
      form.setError('reason', { message: serverMessage(error) ?? 'Could not revoke it. Please try again.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextareaField
        label="Reason"
        placeholder="Why it no longer holds (the member sees it)"
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <FormActions onCancel={onDone} pending={revoke.isPending} label="Revoke" pendingLabel="Revoking..." danger />
    </form>
  );
}

/** Revoke one attestation, with the reason the record keeps; the rules stop counting it at once. */
export function RevokeDialog({
  memberId,
  attestation,
  onClose,
}: {
  memberId: string;
  attestation: MemberAttestationView | null;
  onClose: () => void;
}) {
  return (
    <DialogRoot open={attestation !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {attestation ? (
        <DialogPanel
          title="Revoke Attestation"
          description={`${attestation.label}: rules that ask for it stop counting it at the member's next Buy.`}
        >
          <RevokeForm memberId={memberId} attestation={attestation} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
