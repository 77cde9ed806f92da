import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useLogout } from '../../../hooks/use-logout';
import { Detail } from './profile-card';

/** Settings tab: the account type and Sign Out (logout goes to / even if the call fails). */
export function SettingsTab() {
  const user = useCurrentUser().data;
  const logout = useLogout();
  return (
    <div>
      <h3 className="font-semibold text-white">Account</h3>
      <dl className="mt-4 space-y-3 text-sm">
        <Detail label="Account type" value={user?.role === 'admin' ? 'Administrator' : 'Customer'} />
        {user ? <Detail label="Signed in as" value={user.email} /> : null}
      </dl>
      <div className="mt-6 border-vault-700 border-t pt-5">
        <Button
          variant="secondary"
          className="w-full text-red-300 hover:border-red-500/60 hover:text-red-200 sm:w-auto"
          onClick={() => void logout()}
        >
          Sign Out
        </Button>
      </div>
    </div>
  );
}
