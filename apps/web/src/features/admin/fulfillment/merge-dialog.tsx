import type { AdminShipment } from '@vault/contracts';
import { type FormEvent, useState } from 'react';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { itemCount } from '../shared/display';
import { FormActions } from '../shared/form-actions';
import { useMerge } from './api';
import { Choice, ChoiceList } from './choice-list';
import { shipByText, showTitle } from './shipment-text';

function MergeForm({
  shipment,
  candidates,
  onDone,
}: {
  shipment: AdminShipment;
  candidates: readonly AdminShipment[];
  onDone: () => void;
}) {
  const merge = useMerge(shipment);
  const [chosen, setChosen] = useState<string | null>(candidates.length === 1 ? (candidates[0]?.id ?? null) : null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Choose the package to merge into this one');
    try {
      await merge.mutateAsync(chosen);
      toast({ title: 'Packages merged', description: 'Their items now travel together', variant: 'success' });
      onDone();
    } catch (failure) {
      setError(serverMessage(failure) ?? 'Could not merge the packages. Please try again.');
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ChoiceList legend="Package to bring into this one" error={error}>
        {candidates.map((other) => (
          <Choice
            key={other.id}
            type="radio"
            checked={chosen === other.id}
            onChange={() => {
              setChosen(other.id);
              setError(null);
            }}
          >
            <span className="block break-words text-white">
              {showTitle(other)} · {itemCount(other.items.length)}
            </span>
            <span className="block break-words text-steel-400 text-xs">
              {other.items.map((item) => item.title).join(', ')}
            </span>
            <span className="block text-steel-400 text-xs">{shipByText(other.shipBy)}</span>
          </Choice>
        ))}
      </ChoiceList>
      <FormActions onCancel={onDone} pending={merge.isPending} label="Merge" pendingLabel="Merging..." />
    </form>
  );
}

/** Merge: another package of the same member to the same address joins this one (the other is gone). */
export function MergeDialog({
  shipment,
  candidates,
  onClose,
}: {
  shipment: AdminShipment | null;
  candidates: readonly AdminShipment[];
  onClose: () => void;
}) {
  return (
    <DialogRoot open={shipment !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {shipment ? (
        <DialogPanel title="Merge Packages" description="Only packages for the same member and the same address.">
          <MergeForm shipment={shipment} candidates={candidates} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
