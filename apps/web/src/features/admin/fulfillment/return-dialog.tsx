import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminReturn, ApproveReturnBody, DeclineReturnBody } from '@vault/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { useDecideReturn, useRefund } from './api';
import { refundFormSchema } from './refund-form-schema';
import { memberName, refundLeft } from './shipment-text';

type FormProps = { item: AdminReturn; onDone: () => void };

const failed = (error: unknown) => serverMessage(error) ?? 'Could not save. Please try again.';

function ApproveForm({ item, onDone }: FormProps) {
  const decide = useDecideReturn();
  const form = useForm({ resolver: zodResolver(ApproveReturnBody.unwrap()), defaultValues: { instructions: '' } });
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ instructions }) => {
    try {
      await decide.mutateAsync({ id: item.id, action: 'approve', body: instructions ? { instructions } : {} });
      toast({
        title: 'Return approved',
        description: `${memberName(item.member)} is emailed the return number`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      setRefusal(failed(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextareaField
        label="Instructions (optional)"
        placeholder="Anything beyond the standard return instructions in the email"
        error={form.formState.errors.instructions?.message}
        {...form.register('instructions')}
      />
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <FormActions onCancel={onDone} pending={decide.isPending} label="Approve" pendingLabel="Approving..." />
    </form>
  );
}

function DeclineForm({ item, onDone }: FormProps) {
  const decide = useDecideReturn();
  const form = useForm({ resolver: zodResolver(DeclineReturnBody), defaultValues: { message: '' } });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await decide.mutateAsync({ id: item.id, action: 'decline', body });
      toast({ title: 'Return declined', description: `${memberName(item.member)} is emailed why`, variant: 'success' });
      onDone();
    } catch (error) {
      form.setError('message', { message: failed(error) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextareaField
        label="Message to the member"
        placeholder="Why the return is declined"
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <FormActions onCancel={onDone} pending={decide.isPending} label="Decline" pendingLabel="Declining..." danger />
    </form>
  );
}

function RefundForm({ item, onDone }: FormProps) {
  const left = refundLeft(item.purchase);
  const refund = useRefund();
  const form = useForm({ resolver: zodResolver(refundFormSchema(left)), defaultValues: { amount: left, reason: '' } });
  const { errors } = form.formState;
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      await refund.mutateAsync({ purchaseId: item.purchase.id, body });
      onDone();
    } catch (error) {
      // A 409 (a partial refund before the capture settled, one already at the gateway) says why.
      setRefusal(failed(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Amount ($)"
        inputMode="decimal"
        autoComplete="off"
        hint={`At most ${formatMoney(left)}: captured less already refunded.`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextareaField
        label="Reason"
        placeholder="Why (kept in the audit log)"
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      {refusal ? (
        <Alert tone="error" title="Not refunded">
          {refusal}
        </Alert>
      ) : null}
      <FormActions onCancel={onDone} pending={refund.isPending} label="Refund" pendingLabel="Refunding..." />
    </form>
  );
}

const panels = {
  approve: { title: 'Approve Return', form: ApproveForm },
  decline: { title: 'Decline Return', form: DeclineForm },
  refund: { title: 'Refund', form: RefundForm },
} as const;

export type ReturnDialogAction = keyof typeof panels;

/** Approve, decline or refund one return; each form says what the member is told. */
export function ReturnDialog({
  open,
  onClose,
}: {
  open: { item: AdminReturn; action: ReturnDialogAction } | null;
  onClose: () => void;
}) {
  const panel = open ? panels[open.action] : null;
  return (
    <DialogRoot open={open !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open && panel ? (
        <DialogPanel
          title={panel.title}
          description={`Return ${open.item.number} · ${open.item.purchase.title} · ${memberName(open.item.member)}`}
        >
          <panel.form item={open.item} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
