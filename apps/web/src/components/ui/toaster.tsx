import * as Toast from '@radix-ui/react-toast';
import { type ToastVariant, useToastStore } from '../../lib/toast';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-vault-600 bg-vault-800',
  success: 'border-emerald-500/40 bg-emerald-950',
  destructive: 'border-red-500/50 bg-red-950',
};

/**
 * Radix Toast with the vault's toast behaviour: 5000 ms, swipe right past 50 px to dismiss, F8 focuses
 * the notification region (Radix's default hotkey). The store keeps one toast at a time.
 */
export function Toaster() {
  const { toasts, dismiss } = useToastStore();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={`grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-2xl border p-4 text-steel-200 shadow-2xl data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${variantClass[t.variant]}`}
        >
          <Toast.Title className="font-semibold text-sm text-white">{t.title}</Toast.Title>
          {t.description ? (
            <Toast.Description className="col-start-1 mt-1 text-sm">{t.description}</Toast.Description>
          ) : null}
          <Toast.Close
            aria-label="Dismiss"
            className="col-start-2 row-start-1 rounded-md p-1 text-steel-400 hover:bg-vault-700 hover:text-white"
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* A modal dialog marks everything outside it aria-hidden, except [aria-live] subtrees; this
          keeps the notification region (and F8) reachable while, say, the account dialog is open.
          "off" because Radix already announces each toast itself. On phones the toasts sit at the
          top, clear of bottom sheets and the buttons at the foot of a form. */}
      <div aria-live="off">
        <Toast.Viewport className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:right-2 sm:bottom-2" />
      </div>
    </Toast.Provider>
  );
}
