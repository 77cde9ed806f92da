import type { OpaqueDataBody } from '@vault/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardForm } from '../../../components/payment/card-form';
import { serverMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { usePreauthorizeCard } from '../api/onboarding';

const REDIRECT_DELAY_MS = 1000;

/** Step 3: save a pre-authorized card, welcome the member, and go to the show a second later. */
export function CardStep({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const preauth = usePreauthorizeCard();
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const onToken = async (opaque: OpaqueDataBody) => {
    try {
      await preauth.mutateAsync(opaque);
    } catch (error) {
      toast({
        title: 'Payment Setup Failed',
        description: serverMessage(error) || 'Failed to save payment method. Please try again.',
        variant: 'destructive',
      });
      throw error;
    }
    setDone(true);
    toast({
      title: 'Welcome to the Vault!',
      description: 'Your payment method is saved. Taking you to the live show...',
      variant: 'success',
    });
    redirect.current = setTimeout(() => navigate(paths.show, { replace: true }), REDIRECT_DELAY_MS);
  };

  return (
    <CardForm
      onToken={onToken}
      onBack={onBack}
      submitLabel="Save Payment Method"
      locked={done}
      note={
        <div className="flex gap-3 rounded-xl border border-brass-500/25 bg-brass-500/5 px-4 py-3 text-sm">
          <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-brass-400" aria-hidden="true">
            <path
              d="M10 2l6 2.5v5c0 4-2.6 7-6 8.5-3.4-1.5-6-4.5-6-8.5v-5z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          <p className="text-steel-200">
            Your card is only charged when you make a purchase. The pre-authorization allows instant checkout during
            live shows.
          </p>
        </div>
      }
    />
  );
}
