import type { AdminMemberView } from '@vault/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useBuyingSuspension } from './api';
import { SuspendBuyingDialog } from './suspend-buying-dialog';

/** "Suspended Mar 4, 2026: presses faster than a person", or null when buying is not suspended. */
export function suspensionText(suspended: AdminMemberView['buyingSuspended']): string | null {
  if (!suspended) return null;
  return [`Suspended ${formatDate(suspended.at)}`, suspended.reason].filter(Boolean).join(': ');
}

/** Whether the member may buy, and the admin's Suspend buying / Lift suspension. */
export function BuyingSuspension({ member }: { member: AdminMemberView }) {
  const [suspending, setSuspending] = useState(false);
  const [lifting, setLifting] = useState(false);
  const lift = useBuyingSuspension(member.id);
  const text = suspensionText(member.buyingSuspended);

  const onLift = async () => {
    try {
      await lift.mutateAsync(null);
      toast({ title: 'Suspension lifted', description: member.fullName ?? member.email, variant: 'success' });
      setLifting(false);
    } catch (error) {
      toast({
        title: 'Failed to lift the suspension',
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-white">Buying</h3>
          {text ? <Badge variant="destructive">Buying suspended</Badge> : <Badge variant="secondary">Allowed</Badge>}
        </div>
        <p className="mt-1 break-words text-sm text-steel-400">{text ?? 'This member may buy and enter draws.'}</p>
      </div>
      {text ? (
        <Button variant="secondary" className="min-h-10 shrink-0" onClick={() => setLifting(true)}>
          Lift suspension
        </Button>
      ) : (
        <Button variant="danger" className="min-h-10 shrink-0" onClick={() => setSuspending(true)}>
          Suspend buying
        </Button>
      )}
      <SuspendBuyingDialog member={suspending ? member : null} onClose={() => setSuspending(false)} />
      <ConfirmDialog
        open={lifting}
        onOpenChange={setLifting}
        title="Lift the suspension?"
        description={`${member.fullName ?? member.email} may buy and enter draws again at once.`}
        confirmLabel="Lift suspension"
        pendingLabel="Lifting..."
        pending={lift.isPending}
        onConfirm={() => void onLift()}
      />
    </div>
  );
}
