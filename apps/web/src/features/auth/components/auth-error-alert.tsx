import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';

/** The generic authentication-error alert (the API answered, but not with a user or a 401). */
export function AuthErrorAlert() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-5">
      <div role="alert" className="w-full max-w-md rounded-3xl border border-red-500/40 bg-red-950/40 p-8 text-center">
        <h1 className="font-display text-2xl text-white">Authentication error</h1>
        <p className="mt-3 text-red-100 text-sm">Authentication error occurred. Please try logging in again.</p>
        <ButtonLink to={paths.login} className="mt-6 w-full" reloadDocument>
          Log in
        </ButtonLink>
      </div>
    </main>
  );
}
