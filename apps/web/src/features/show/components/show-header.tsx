import { Link, useNavigate } from 'react-router-dom';
import { buttonClass } from '../../../components/ui/button';
import { VaultMark } from '../../../components/vault-mark';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useLogout } from '../../../hooks/use-logout';
import { useLiveShow } from '../../../lib/live-show/store';
import { paths } from '../../../lib/paths';

const indicator = {
  live: { label: 'Live', dot: 'bg-emerald-400' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-400 animate-pulse' },
  polling: { label: 'Reconnecting…', dot: 'bg-amber-400 animate-pulse' },
  connecting: { label: 'Connecting…', dot: 'bg-steel-400 animate-pulse' },
} as const;

/** SPEC §2 /show header: Admin (admins only), Account, Logout — and a small connection indicator. */
export function ShowHeader() {
  const user = useCurrentUser().data;
  const logout = useLogout();
  const navigate = useNavigate();
  const connection = useLiveShow((s) => s.connection);
  const { label, dot } = indicator[connection];
  return (
    <header className="sticky top-0 z-10 border-vault-800 border-b bg-vault-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3">
        <Link to={paths.show} className="flex items-center gap-2" aria-label="The Vault">
          <VaultMark className="size-9" />
        </Link>
        <span
          className="ml-1 flex items-center gap-1.5 text-steel-400 text-xs"
          role="status"
          aria-label={`Connection: ${label}`}
        >
          <span className={`size-2 rounded-full ${dot}`} aria-hidden="true" />
          <span className="hidden sm:inline">{label}</span>
        </span>
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
            onClick={() => void logout(navigate)}
            className={buttonClass('ghost', 'min-h-10 px-2.5 sm:px-3')}
          >
            Logout
          </button>
        </nav>
      </div>
    </header>
  );
}
