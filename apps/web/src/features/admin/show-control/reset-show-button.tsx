import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useResetShow } from './api';

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
  // The toasts are the hook's: this button is often unmounted by the push before the answer.
  const onReset = () => reset.mutate(showId, { onSettled: () => setConfirming(false) });
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
