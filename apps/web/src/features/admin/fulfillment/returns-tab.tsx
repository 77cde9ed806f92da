import { type AdminReturn, RETURN_STATUSES, type ReturnStatus, returnStatusLabels } from '@vault/contracts';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecideReturn, useReturns } from './api';
import { type ReturnAction, ReturnCard } from './return-card';
import { ReturnDialog, type ReturnDialogAction } from './return-dialog';

const statusOptions = [
  { value: '', label: 'All returns' },
  ...RETURN_STATUSES.map((status) => ({ value: status, label: returnStatusLabels[status] })),
];

const returnCount = (n: number) => `${n} ${n === 1 ? 'return' : 'returns'}`;

/** The members' returns, newest first as the server lists them, filtered by status. */
export function ReturnsTab() {
  const [status, setStatus] = useState<ReturnStatus | null>(null);
  const returns = useReturns(status);
  const decide = useDecideReturn();
  const [dialog, setDialog] = useState<{ item: AdminReturn; action: ReturnDialogAction } | null>(null);

  const receive = async (item: AdminReturn) => {
    try {
      await decide.mutateAsync({ id: item.id, action: 'receive' });
      toast({ title: 'Return received', description: `Return ${item.number}`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Could not mark it received', description: serverMessage(error), variant: 'destructive' });
    }
  };
  const onAction = (item: AdminReturn, action: ReturnAction) =>
    action === 'receive' ? void receive(item) : setDialog({ item, action });

  return (
    <div>
      <SelectField
        label="Status"
        className="sm:w-64"
        options={statusOptions}
        value={status ?? ''}
        onChange={(e) => setStatus(e.target.value === '' ? null : (e.target.value as ReturnStatus))}
      />
      <div className="mt-5">
        {returns.isPending ? (
          <p className="text-sm text-steel-400">Loading returns...</p>
        ) : returns.isError ? (
          <p className="text-sm text-steel-400">Could not load the returns. Please refresh the page.</p>
        ) : returns.data.length === 0 ? (
          <p className="text-sm text-steel-400">
            {status ? `Nothing under “${returnStatusLabels[status]}”.` : 'No member has asked for a return.'}
          </p>
        ) : (
          <>
            <p className="text-sm text-steel-400">{returnCount(returns.data.length)}</p>
            <ul aria-label="Returns" className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
              {returns.data.map((item) => (
                <ReturnCard
                  key={item.id}
                  item={item}
                  busy={decide.isPending && decide.variables.id === item.id}
                  onAction={(action) => onAction(item, action)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      <ReturnDialog open={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
