import { Link } from 'react-router-dom';
import { ConnectionStatus } from '../../../components/connection-status';
import { buttonClass } from '../../../components/ui/button';
import { VaultMark } from '../../../components/vault-mark';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useLogout } from '../../../hooks/use-logout';
import { paths } from '../../../lib/paths';

/** The /show header: Admin (admins only), Account, Logout — and a small connection indicator. */
export function ShowHeader() {
  const user = useCurrentUser().data;
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-10 border-vault-800 border-b bg-vault-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3">
        <Link to={paths.show} className="flex items-center gap-2" aria-label="The Vault">
          <VaultMark className="size-9" />
        </Link>
        <ConnectionStatus className="ml-1" />
        <nav className="ml-auto flex items-center gap-1">
          {user?.role === 'admin' ? (
            <Link to={paths.admin} className={buttonClass('ghost', 'min-h-10 px-2.5 sm:px-3')}>
              Admin
            </Link>
          ) : null}
          <Link to={paths.account} className={buttonClass('ghost', 'min-h-10 px-2.5 sm:px-3')}>
            Account
          </Link>
          <button
            type="button"
            onClick={() => void logout()}
            className={buttonClass('ghost', 'min-h-10 px-2.5 sm:px-3')}
          >
            Logout
          </button>
        </nav>
      </div>
    </header>
  );
}
