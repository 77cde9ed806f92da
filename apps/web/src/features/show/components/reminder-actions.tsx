import { REMINDER_LEAD_MINUTES } from '@vault/contracts';
import { useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { StrokeIcon } from '../../../components/ui/stroke-icon';
import { PushOffer } from '../../../lib/push/push-offer';
import { usePushDevice } from '../../../lib/push/use-push';
import { calendarUrl, useReminder, useToggleReminder } from '../api/reminders';

const BELL = 'M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 1.5h-15L6 16.5ZM10 20a2 2 0 0 0 4 0';
const CALENDAR = 'M4.5 6.5h15v13h-15zM4.5 10.5h15M8.5 4v4M15.5 4v4';

/**
 * The reminder actions on the countdown card: "Notify me" (emails before and at launch; pressed again it turns
 * off) and "Add to calendar" (the launch as an .ics, downloaded with the session cookie). Once a
 * press has set the reminder, a device that could also get a push is offered one, in place.
 */
export function ReminderActions({ showId }: { showId: string }) {
  const reminder = useReminder(showId);
  const toggle = useToggleReminder(showId);
  const subscribed = reminder.data?.subscribed ?? false;
  const hintId = `reminder-hint-${showId}`;
  // Offered once per press that set the reminder, never on a page that merely loads with one set,
  // and only where this device could be turned on (read now, so the offer does not wait for it).
  const [offered, setOffered] = useState(0);
  const pushOff = usePushDevice().data?.state === 'off';
  const notify = useRef<HTMLButtonElement>(null);
  return (
    <div className="mt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button
          ref={notify}
          variant={subscribed ? 'secondary' : 'primary'}
          aria-pressed={subscribed}
          aria-describedby={hintId}
          // Until the member's choice is known, a press could only guess which way to flip.
          disabled={reminder.isPending}
          onClick={() =>
            toggle.mutate(!subscribed, {
              onSuccess: (answer) => {
                if (answer.subscribed) setOffered((n) => n + 1);
              },
            })
          }
        >
          <StrokeIcon d={BELL} filled={subscribed} />
          {subscribed ? 'Reminder set' : 'Notify me'}
        </Button>
        <a href={calendarUrl(showId)} download className={buttonClass('secondary')}>
          <StrokeIcon d={CALENDAR} />
          Add to calendar
        </a>
      </div>
      <p id={hintId} className="mt-2 text-steel-400 text-xs">
        {subscribed
          ? `We'll email you ${REMINDER_LEAD_MINUTES} minutes before launch and when the show goes live. Press again to turn it off.`
          : `Get an email ${REMINDER_LEAD_MINUTES} minutes before launch and when the show goes live.`}
      </p>
      {subscribed && offered > 0 && pushOff ? (
        <div className="mx-auto mt-4 max-w-md">
          <PushOffer
            key={offered}
            title="Also get a notification on this phone?"
            alsoWanted={['show_starting']}
            onClose={() => notify.current?.focus()}
          />
        </div>
      ) : null}
    </div>
  );
}
