import { zodResolver } from '@hookform/resolvers/zod';
import { RecordAttestationBody } from '@vault/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAttestationKinds, useRecordAttestation } from '../api/attestations';
import { QuietText } from './card-section';

const recordResolver = zodResolver(RecordAttestationBody);

/**
 * Record an attestation: choose a kind the operator offers, read the statement it stands for, tick
 * to confirm it, Record. Validated by the same schema as POST /api/attestations; the server's
 * refusal reads under the button.
 */
export function RecordAttestationForm({ held }: { held: ReadonlySet<string> }) {
  const kinds = useAttestationKinds();
  const record = useRecordAttestation();
  const confirmId = useId();
  const form = useForm({
    resolver: recordResolver,
    // No default for the box: it starts unticked, and the statement is confirmed each time.
    defaultValues: { kind: '' },
  });
  const { errors } = form.formState;
  const chosen = kinds.data?.find((k) => k.code === form.watch('kind'));

  if (kinds.isPending) return <QuietText>Loading attestations...</QuietText>;
  if (kinds.isError) return <QuietText>Could not load the attestations offered. Please refresh the page.</QuietText>;
  const offered = kinds.data.filter((k) => k.active && !held.has(k.code));
  if (offered.length === 0) return null;

  const onSubmit = form.handleSubmit(async ({ kind }) => {
    try {
      await record.mutateAsync(kind);
      form.reset();
      toast({ title: 'Attestation Recorded', variant: 'success' });
    } catch (error) {
      form.setError('root.server', {
        message: serverMessage(error) ?? 'Failed to record the attestation. Please try again.',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-3 border-vault-700 border-t pt-4">
      <h3 className="font-semibold text-sm text-white">Record an attestation</h3>
      <SelectField
        label="Attestation"
        options={[
          { value: '', label: 'Choose an attestation' },
          ...offered.map((k) => ({ value: k.code, label: k.label })),
        ]}
        error={errors.kind?.message}
        {...form.register('kind', {
          // Another kind is another statement: a tick given to the last one does not carry over.
          onChange: () => {
            form.resetField('confirm');
            form.clearErrors('root.server');
          },
        })}
      />
      {chosen ? (
        <div className="rounded-2xl border border-vault-700 bg-vault-950 p-4 text-sm">
          {chosen.description ? <p className="text-steel-400">{chosen.description}</p> : null}
          <p className={`text-steel-200 leading-relaxed ${chosen.description ? 'mt-2' : ''}`}>{chosen.statement}</p>
          <label htmlFor={confirmId} className="mt-3 flex items-start gap-2.5 text-steel-200">
            <input
              id={confirmId}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brass-500"
              aria-invalid={errors.confirm ? true : undefined}
              {...form.register('confirm')}
            />
            I confirm this statement is true
          </label>
          {errors.confirm?.message ? (
            <p role="alert" className="mt-1.5 text-red-400 text-sm">
              {errors.confirm.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto sm:px-6" disabled={record.isPending}>
        {record.isPending ? 'Recording...' : 'Record'}
      </Button>
      {errors.root?.server?.message ? (
        <p role="alert" className="text-red-400 text-sm">
          {errors.root.server.message}
        </p>
      ) : null}
    </form>
  );
}
