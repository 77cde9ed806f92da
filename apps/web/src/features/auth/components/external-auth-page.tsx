import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { externalSignIn } from '../api/session';
import { AuthCard } from './auth-card';

/** /auth: the external-login landing page. Signed-in members never see it (router sends them to /). */
export function ExternalAuthPage() {
  return (
    <AuthCard title="Enter the Vault" subtitle="Sign in or create your membership with your organisation's login.">
      <div className="grid gap-3">
        <Button onClick={externalSignIn.provider}>Sign In / Create Account</Button>
        <ButtonLink to={paths.home} variant="secondary">
          Browse Collection as Guest
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
