import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpaqueDataBody, PaymentConfigResponse } from '@vault/contracts';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { loadAcceptJs, NOT_LOADED, PaymentProviderError, paymentConfigKey, tokenizeCard } from '../../lib/accept-js';
import {
  cardNumberDigits,
  caretAfterDigits,
  cvvInput,
  digitsBeforeCaret,
  formatCardNumber,
  monthInput,
  yearInput,
} from '../../lib/card-inputs';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';

const empty = { fullName: '', cardNumber: '', month: '', year: '', cardCode: '' };

interface CardFormProps {
  /** Posts the token to our API and shows its own toasts; a rejection keeps what was typed. */
  onToken: (opaque: OpaqueDataBody) => Promise<unknown>;
  submitLabel: string;
  onBack?: () => void;
  /** Shown between the fields and the buttons. */
  note?: ReactNode;
  /** Keeps the button in its busy state after success (e.g. while onboarding redirects). */
  locked?: boolean;
  resetOnSuccess?: boolean;
}

/**
 * The card form of onboarding step 3 and of the account dialog's Payment tab, with the card input
 * rules. The card goes to Accept.js only; our API receives the opaque token. The provider's own
 * refusals are toasted here as "Payment Error"; the caller handles our API's.
 */
export function CardForm({
  onToken,
  submitLabel,
  onBack,
  note,
  locked = false,
  resetOnSuccess = false,
}: CardFormProps) {
  const queryClient = useQueryClient();
  const [card, setCard] = useState(empty);
  const [busy, setBusy] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  // Start loading the provider script as soon as the form shows, so Save does not wait for it.
  const config = useQuery<PaymentConfigResponse>({ queryKey: paymentConfigKey });
  useEffect(() => {
    if (config.data) loadAcceptJs(config.data.acceptJsUrl).catch(() => undefined);
  }, [config.data]);

  // Regrouping the digits moves the caret to the end; put it back after the digit it followed.
  useLayoutEffect(() => {
    const input = numberRef.current;
    if (input && pendingCaret.current !== null && document.activeElement === input) {
      input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    }
    pendingCaret.current = null;
  });

  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const formatted = formatCardNumber(raw);
    pendingCaret.current = caretAfterDigits(
      formatted,
      digitsBeforeCaret(raw, event.target.selectionStart ?? raw.length),
    );
    setCard((c) => ({ ...c, cardNumber: formatted }));
  };

  const field =
    (key: 'fullName' | 'month' | 'year' | 'cardCode', mask: (raw: string) => string = (raw) => raw) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const value = mask(event.target.value);
      setCard((c) => ({ ...c, [key]: value }));
    };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || locked) return;
    setBusy(true);
    let opaque: OpaqueDataBody;
    try {
      const paymentConfig = await queryClient.fetchQuery<PaymentConfigResponse>({ queryKey: paymentConfigKey });
      opaque = await tokenizeCard(paymentConfig, { ...card, cardNumber: cardNumberDigits(card.cardNumber) });
    } catch (error) {
      toast({
        title: 'Payment Error',
        description: error instanceof PaymentProviderError ? error.message : NOT_LOADED,
        variant: 'destructive',
      });
      setBusy(false);
      return;
    }
    try {
      await onToken(opaque);
      if (resetOnSuccess) setCard(empty);
    } catch {
      // the caller has said what went wrong
    } finally {
      setBusy(false);
    }
  };

  const working = busy || locked;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Cardholder name"
        autoComplete="cc-name"
        value={card.fullName}
        onChange={field('fullName')}
        maxLength={64}
      />
      <FormField
        ref={numberRef}
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        maxLength={19}
        value={card.cardNumber}
        onChange={onNumberChange}
      />
      <div className="grid grid-cols-3 gap-3">
        <FormField
          label="Month"
          autoComplete="cc-exp-month"
          inputMode="numeric"
          placeholder="MM"
          maxLength={2}
          value={card.month}
          onChange={field('month', monthInput)}
        />
        <FormField
          label="Year"
          autoComplete="cc-exp-year"
          inputMode="numeric"
          placeholder="YYYY"
          maxLength={4}
          value={card.year}
          onChange={field('year', yearInput)}
        />
        <FormField
          label="CVV"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          value={card.cardCode}
          onChange={field('cardCode', cvvInput)}
        />
      </div>
      {note}
      <div className={onBack ? 'grid grid-cols-[auto_1fr] gap-3 pt-1' : 'pt-1'}>
        {onBack ? (
          <Button variant="secondary" className="px-4" onClick={onBack} disabled={working}>
            Back
          </Button>
        ) : null}
        <Button type="submit" className="w-full whitespace-nowrap px-3" disabled={working}>
          {working ? 'Processing...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
