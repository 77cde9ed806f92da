import { memberMessages } from '@vault/contracts';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button';
import { VaultMark } from '../../components/vault-mark';
import { serverMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { tokenProblem, useUnsubscribe } from './api';

/**
 * Where a reminder email's one-click unsubscribe link lands (/unsubscribe?token=…). Public: the
 * token is the member's proof, so it works signed out, on any device the email is read on.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const badLink = tokenProblem(token);
  const result = useUnsubscribe(token);

  let heading: string;
  let detail: React.ReactNode;
  if (badLink) {
    heading = 'Link not valid';
    detail = badLink;
  } else if (result.isPending) {
    heading = 'Unsubscribing…';
    detail = 'One moment while we update your reminders.';
  } else if (result.isError) {
    heading = 'Could not unsubscribe';
    detail = serverMessage(result.error) ?? memberMessages.unsubscribeInvalid;
  } else {
    heading = 'Unsubscribed';
    detail = (
      <>
        {result.data.message}
        {result.data.showTitle ? (
          <span className="mt-2 block font-semibold text-white">{result.data.showTitle}</span>
        ) : null}
      </>
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-5">
      <div className="w-full max-w-md rounded-3xl border border-vault-700 bg-vault-900 p-8 text-center">
        <VaultMark className="mx-auto size-12" />
        {/* One status region for every outcome, so a screen reader hears the answer when it arrives. */}
        <div role="status" aria-live="polite">
          <h1 className="mt-5 font-display text-3xl text-white">{heading}</h1>
          <p className="mt-3 text-sm text-steel-400">{detail}</p>
        </div>
        <ButtonLink to={paths.show} className="mt-7 w-full">
          Go to the show
        </ButtonLink>
      </div>
    </main>
  );
}
