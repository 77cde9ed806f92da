import type { PushKind } from '@vault/contracts';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import type { PushOutcome } from './client';
import { PushExplanation } from './push-explanation';
import { useEnablePush, usePushDevice } from './use-push';

/**
 * Push offered in place, after the member asked for something push can also tell them (an email
 * reminder, say): only where this device could be turned on (supported, not blocked, not on yet),
 * with the explanation first and the browser's question on Continue. Whatever happens, email stays.
 */
export function PushOffer({
  title,
  alsoWanted,
  onClose,
}: {
  title: string;
  /** The kinds the offer is about, turned on along with the member's other switches. */
  alsoWanted: readonly PushKind[];
  /** The offer is gone (answered or declined): where the focus should go now. */
  onClose: () => void;
}) {
  const device = usePushDevice();
  const enable = useEnablePush(alsoWanted);
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);
  const [declined, setDeclined] = useState(false);

  if (outcome) {
    return outcome.ok ? (
      <p role="status" className="text-sm text-emerald-200">
        Notifications are on for this device. We'll still email you.
      </p>
    ) : (
      <Alert tone="warning">{outcome.message}</Alert>
    );
  }
  if (declined || device.data?.state !== 'off') return null;
  return (
    <PushExplanation
      title={title}
      switchesHere={false}
      takeFocus={false}
      pending={enable.isPending}
      onContinue={() =>
        enable.mutate(undefined, {
          onSuccess: (result) => {
            setOutcome(result);
            onClose();
          },
        })
      }
      onNotNow={() => {
        setDeclined(true);
        onClose();
      }}
    />
  );
}
