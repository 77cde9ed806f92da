import type { AdminShipment } from '@vault/contracts';
import { type FormEvent, useState } from 'react';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { useSplit } from './api';
import { Choice, ChoiceList } from './choice-list';
import { splitProblem } from './shipment-text';

function SplitForm({ shipment, onDone }: { shipment: AdminShipment; onDone: () => void }) {
  const split = useSplit(shipment);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const toggle = (purchaseId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(purchaseId);
    else next.delete(purchaseId);
    setChosen(next);
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = splitProblem(chosen.size, shipment.items.length);
    if (problem) return setError(problem);
    try {
      await split.mutateAsync([...chosen]);
      toast({
        title: 'Package split',
        description: `${chosen.size === 1 ? 'One item goes' : `${chosen.size} items go`} in a new package`,
        variant: 'success',
      });
      onDone();
    } catch (failure) {
      setError(serverMessage(failure) ?? 'Could not split the package. Please try again.');
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ChoiceList legend="Items for the new package" error={error}>
        {shipment.items.map((item) => (
          <Choice
            key={item.purchaseId}
            type="checkbox"
            checked={chosen.has(item.purchaseId)}
            onChange={(on) => toggle(item.purchaseId, on)}
          >
            <span className="block break-words text-white">{item.title}</span>
            <span className="block text-steel-400 text-xs">Order {item.orderNumber}</span>
          </Choice>
        ))}
      </ChoiceList>
      <FormActions onCancel={onDone} pending={split.isPending} label="Split" pendingLabel="Splitting..." />
    </form>
  );
}

/** Split: the chosen items leave for a new package to the same address; at least one stays. */
export function SplitDialog({ shipment, onClose }: { shipment: AdminShipment | null; onClose: () => void }) {
  return (
    <DialogRoot open={shipment !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {shipment ? (
        <DialogPanel
          title="Split Package"
          description="Choose the items to pack apart; at least one stays in this package."
        >
          <SplitForm shipment={shipment} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
