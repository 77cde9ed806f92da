import * as Dialog from '@radix-ui/react-dialog';
import { Button } from './button';

/** A small "are you sure?" dialog; it may open on top of another dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content
          role="alertdialog"
          className="-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-[60] w-[calc(100%-2rem)] max-w-sm rounded-3xl border border-vault-700 bg-vault-900 p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="font-display text-white text-xl">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-steel-400">{description}</Dialog.Description>
          <div className="mt-6 grid grid-cols-2 gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
