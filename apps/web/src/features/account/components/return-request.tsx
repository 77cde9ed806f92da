import type { OrderView } from '@vault/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useRequestReturn } from '../api/orders';
import { orderNumber } from '../display';
import { reasonProblem, returnableText, returnRequestProblem } from '../fulfillment-display';
import { ReturnForm } from './return-form';

/**
 * "Request a return" on a delivered order still within its window: opens the form in place; once
 * the server has the request the order shows the return (the list is refreshed by the mutation).
 */
export function ReturnRequest({ order, until }: { order: OrderView; until: string }) {
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const request = useRequestReturn();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [serverError, setServerError] = useState<string>();

  // Cancel hands the focus back to the button that opened the form.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) opener.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setReason('');
    setReasonError(undefined);
    setServerError(undefined);
  };

  const send = async () => {
    setServerError(undefined);
    try {
      await request.mutateAsync({ purchaseId: order.id, reason: reason.trim() });
    } catch (error) {
      setServerError(returnRequestProblem(error));
    }
  };

  const submit = (): boolean => {
    const problem = reasonProblem(reason);
    setReasonError(problem);
    if (problem) return false;
    void send();
    return true;
  };

  if (open) {
    return (
      <ReturnForm
        orderLabel={orderNumber(order.id)}
        reason={reason}
        reasonError={reasonError}
        serverError={serverError}
        busy={request.isPending}
        onReasonChange={(value) => {
          setReason(value);
          if (reasonError) setReasonError(reasonProblem(value));
        }}
        onSubmit={submit}
        onCancel={close}
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button ref={opener} variant="secondary" className="min-h-9 px-3 text-xs" onClick={() => setOpen(true)}>
        Request a return
      </Button>
      <span className="text-steel-400">{returnableText(until)}</span>
    </div>
  );
}
