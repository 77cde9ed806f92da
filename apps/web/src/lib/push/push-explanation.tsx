import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { explanation } from './messages';

/**
 * What push is for, said before the browser asks: the permission question comes only from
 * Continue. Opened by the member, it takes the focus, so a keyboard or screen-reader user lands on it.
 */
export function PushExplanation({
  title,
  pending,
  onContinue,
  onNotNow,
  switchesHere = true,
  takeFocus = true,
}: {
  title: string;
  /** The switches per kind are beside it (on /account), or elsewhere (an offer in place). */
  switchesHere?: boolean;
  /** Opened by a tap on "Turn on": yes. Offered after another action: no, it comes next in the Tab order. */
  takeFocus?: boolean;
  /** The browser is being asked (or subscribing): both buttons wait. */
  pending: boolean;
  onContinue: () => void;
  onNotNow: () => void;
}) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocus) box.current?.focus();
  }, [takeFocus]);
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="rounded-2xl border border-brass-500/40 bg-vault-950 p-4 text-left focus:outline-none"
    >
      <p id={`${id}-title`} className="font-semibold text-sm text-white">
        {title}
      </p>
      <p id={`${id}-text`} className="mt-1 text-sm text-steel-200 leading-relaxed">
        {explanation(switchesHere)}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button onClick={onContinue} disabled={pending}>
          {pending ? 'Waiting for your browser…' : 'Continue'}
        </Button>
        <Button variant="secondary" onClick={onNotNow} disabled={pending}>
          Not now
        </Button>
      </div>
    </section>
  );
}
