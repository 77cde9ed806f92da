import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export const DialogRoot = Dialog.Root;

/**
 * A Radix dialog panel in the Vault style: a sheet from the bottom on phones, a centred card from
 * `sm` up. It scrolls inside itself so long forms stay reachable at 375 px.
 */
export function DialogPanel({
  title,
  description,
  children,
  className = '',
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <Dialog.Content
        className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] w-full flex-col rounded-t-3xl border border-vault-700 bg-vault-900 shadow-2xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[88dvh] sm:max-w-xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl ${className}`}
      >
        <div className="flex items-start justify-between gap-4 border-vault-700 border-b px-5 pt-5 pb-4 sm:px-6">
          <div>
            <Dialog.Title className="font-display text-2xl text-white">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-sm text-steel-400">{description}</Dialog.Description>
            ) : null}
          </div>
          <Dialog.Close
            aria-label="Close"
            className="-mr-1 rounded-lg p-2 text-steel-400 transition-colors hover:bg-vault-800 hover:text-white"
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Dialog.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
          {children}
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
