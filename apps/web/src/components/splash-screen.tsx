import { VaultMark } from './vault-mark';

/**
 * What a member sees while the app opens: the vault mark over a spinner. index.html carries the
 * same markup in #root, so the phone paints it with the HTML and CSS alone (before the app's
 * script has arrived), and React's first screens (the route's chunk loading, the session check)
 * show it unchanged. splash-screen.test.tsx keeps the two the same.
 */
export function SplashScreen() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-6">
      <VaultMark className="size-14" />
      <span
        className="size-8 animate-spin rounded-full border-2 border-vault-600 border-t-brass-500"
        aria-hidden="true"
      />
      <span className="sr-only">Opening the Vault</span>
    </div>
  );
}
