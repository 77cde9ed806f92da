import type { OpaqueDataBody, PaymentMethodView } from '@vault/contracts';
import { useState } from 'react';
import { CardForm } from '../../../components/payment/card-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { useAddPaymentMethod, useDeletePaymentMethod, usePaymentMethods } from '../api/payment-methods';
import { QuietText } from './card-section';
import { PaymentMethodRow } from './payment-method-row';
import { NO_METHODS } from './payment-methods-card';

/** Payment tab: saved cards with removal behind a confirmation, and a form to add one. */
export function PaymentTab() {
  const methods = usePaymentMethods();
  const add = useAddPaymentMethod();
  const remove = useDeletePaymentMethod();
  const [removing, setRemoving] = useState<PaymentMethodView | null>(null);

  const onToken = async (opaque: OpaqueDataBody) => {
    try {
      await add.mutateAsync(opaque);
    } catch (error) {
      toast({
        title: 'Error',
        description: 'Failed to save payment method. Please try again.',
        variant: 'destructive',
      });
      throw error;
    }
    toast({ title: 'Payment Method Saved', variant: 'success' });
  };

  const onConfirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast({ title: 'Payment Method Removed', variant: 'success' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to delete payment method. Please try again.',
        variant: 'destructive',
      });
    }
    setRemoving(null);
  };

  return (
    <div>
      <h3 className="font-semibold text-white">Saved payment methods</h3>
      <div className="mt-3">
        {methods.isPending ? (
          <QuietText>Loading payment methods...</QuietText>
        ) : methods.isError ? (
          <QuietText>Could not load your payment methods. Please refresh the page.</QuietText>
        ) : methods.data.length === 0 ? (
          <QuietText>{NO_METHODS}</QuietText>
        ) : (
          <ul className="space-y-2">
            {methods.data.map((method) => (
              <PaymentMethodRow
                key={method.id}
                method={method}
                action={
                  <button
                    type="button"
                    onClick={() => setRemoving(method)}
                    aria-label={`Remove ${method.cardType} ending in ${method.last4}`}
                    className="-mr-1 flex size-10 shrink-0 items-center justify-center rounded-lg text-steel-400 transition-colors hover:bg-red-950 hover:text-red-300"
                  >
                    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                      <path
                        d="M4 6h12M8 6V4.5h4V6M6 6l.7 9.5h6.6L14 6"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.7"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </button>
                }
              />
            ))}
          </ul>
        )}
      </div>

      <div className="mt-6 border-vault-700 border-t pt-5">
        <h3 className="font-semibold text-white">Add Payment Method</h3>
        <p className="mt-1 mb-4 text-sm text-steel-400">
          Your card is only charged when you make a purchase. The pre-authorization allows instant checkout.
        </p>
        <CardForm onToken={onToken} submitLabel="Save Payment Method" resetOnSuccess />
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove Payment Method"
        description="Are you sure you want to remove this payment method? This action cannot be undone."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={onConfirmRemove}
      />
    </div>
  );
}
