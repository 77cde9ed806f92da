import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { PushOutcome } from '../../../lib/push/client';
import { deviceSentence, devicesSentence, EMAILS_CONTINUE } from '../../../lib/push/messages';
import { PushExplanation } from '../../../lib/push/push-explanation';
import { useDisablePush, useEnablePush, usePushDevice, usePushPreferences } from '../../../lib/push/use-push';
import { CardSection } from './card-section';
import { NotificationKinds } from './notifications-kinds';

/** The anchor of the card, for the link from the settings dialog. */
export const NOTIFICATIONS_ID = 'notifications';

/**
 * Push notifications: where this device stands, turning it on (an explanation first, the
 * browser's question only on Continue) or off, and the member's switch per kind. Email is
 * untouched by all of it.
 */
export function NotificationsCard({ className = '' }: { className?: string }) {
  const device = usePushDevice();
  const devices = usePushPreferences().data?.devices;
  const enable = useEnablePush();
  const disable = useDisablePush();
  const [explaining, setExplaining] = useState(false);
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);
  const turnOn = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<'turn-on' | 'status' | null>(null);

  // The button pressed has gone (the explanation closed, on became off): the focus follows.
  useEffect(() => {
    if (focusAfter === 'turn-on') turnOn.current?.focus();
    if (focusAfter === 'status') status.current?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const settle = (result: PushOutcome) => {
    setOutcome(result);
    setExplaining(false);
    setFocusAfter('status');
  };
  const state = device.data?.state;

  return (
    <CardSection title="Notifications" className={className}>
      <div id={NOTIFICATIONS_ID} ref={status} tabIndex={-1} className="scroll-mt-24 space-y-1 focus:outline-none">
        <p aria-live="polite" className="text-sm text-white">
          {device.data ? deviceSentence(device.data) : 'Checking this device...'}
        </p>
        {devices !== undefined ? <p className="text-steel-400 text-xs">{devicesSentence(devices)}</p> : null}
      </div>

      {outcome && !outcome.ok ? (
        <div className="mt-3">
          <Alert tone="warning">{outcome.message}</Alert>
        </div>
      ) : outcome?.ok && outcome.note ? (
        <p className="mt-3 text-steel-400 text-xs">{outcome.note}</p>
      ) : null}

      <div className="mt-4">
        {explaining ? (
          <PushExplanation
            title="Turn on notifications?"
            pending={enable.isPending}
            onContinue={() => enable.mutate(undefined, { onSuccess: settle })}
            onNotNow={() => {
              setExplaining(false);
              setFocusAfter('turn-on');
            }}
          />
        ) : state === 'off' ? (
          <Button
            ref={turnOn}
            className="w-full sm:w-auto"
            onClick={() => {
              setOutcome(null);
              setExplaining(true);
            }}
          >
            Turn on notifications
          </Button>
        ) : state === 'on' ? (
          <Button
            variant="secondary"
            className="w-full sm:w-auto"
            disabled={disable.isPending}
            onClick={() => disable.mutate(undefined, { onSuccess: settle })}
          >
            {disable.isPending ? 'Turning off...' : 'Turn off on this device'}
          </Button>
        ) : null}
      </div>

      <div className="mt-5 border-vault-700 border-t pt-4">
        <NotificationKinds />
      </div>
      <p className="mt-4 text-sm text-steel-400">{EMAILS_CONTINUE}</p>
    </CardSection>
  );
}
