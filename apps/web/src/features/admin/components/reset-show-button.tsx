import { showMessages } from '@vault/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResetShow } from '../api/show-control';

/** Reset Show, behind a confirmation: it stops the show and puts its unsold items back in the queue. */
export function ResetShowButton({
  showId,
  title,
  disabled,
  className,
}: {
  showId: string;
  title: string;
  disabled?: boolean;
  className?: string;
}) {
  const reset = useResetShow();
  const [confirming, setConfirming] = useState(false);
  const onReset = () =>
    reset.mutate(showId, {
      onSuccess: () => toast({ title: showMessages.reset }),
      onError: (e) => toast({ title: 'Failed to reset show', description: serverMessage(e), variant: 'destructive' }),
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      <Button
        variant="danger"
        className={className}
        onClick={() => setConfirming(true)}
        disabled={disabled || reset.isPending}
      >
        Reset Show
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset Show"
        description={`Stop "${title}" and put its unsold items back in the queue?`}
        confirmLabel="Reset Show"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        onConfirm={onReset}
      />
    </>
  );
}
