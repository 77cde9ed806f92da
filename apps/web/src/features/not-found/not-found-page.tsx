import { ButtonLink } from '../../components/ui/button';
import { VaultMark } from '../../components/vault-mark';
import { paths } from '../../lib/paths';

/** The 404 screen: any path the router does not know. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-5">
      <div className="w-full max-w-md rounded-3xl border border-vault-700 bg-vault-900 p-8 text-center">
        <VaultMark className="mx-auto size-12" />
        <h1 className="mt-5 font-display text-3xl text-white">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-steel-400">
          This door of the vault does not exist. Check the address, or head back in.
        </p>
        <ButtonLink to={paths.home} className="mt-7 w-full">
          Back to the Vault
        </ButtonLink>
      </div>
    </main>
  );
}
