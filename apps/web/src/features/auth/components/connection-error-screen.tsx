import { Button, ButtonLink } from '../../../components/ui/button';
import { VaultMark } from '../../../components/vault-mark';
import { paths } from '../../../lib/paths';

/** The connection-error screen: shown when the current user cannot be loaded because the API is unreachable. */
export function ConnectionErrorScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-5">
      <div className="w-full max-w-md rounded-3xl border border-vault-700 bg-vault-900 p-8 text-center">
        <VaultMark className="mx-auto size-12" />
        <h1 className="mt-5 font-display text-3xl text-white">Unable to connect</h1>
        <p className="mt-3 text-sm text-steel-400">
          Unable to connect to the product. Check your connection and try again.
        </p>
        <div className="mt-7 grid gap-3">
          <Button onClick={onRetry} disabled={retrying}>
            {retrying ? 'Connecting...' : 'Retry Connection'}
          </Button>
          <ButtonLink to={paths.login} variant="secondary" reloadDocument>
            Try Login Again
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
