import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useLogout } from '../../../hooks/use-logout';
import { NOTIFICATIONS_ID } from './notifications-card';
import { Detail } from './profile-card';

/**
 * Brings the Notifications card into view once the dialog has closed. Radix gives the focus back
 * to the dialog's opener in a timer it sets as the dialog unmounts (after this click): a timer set
 * from inside a first timer runs after it, so the card keeps the focus.
 */
function revealNotificationsAfterClose() {
  setTimeout(() =>
    setTimeout(() => {
      const card = document.getElementById(NOTIFICATIONS_ID);
      card?.scrollIntoView({ block: 'start' });
      card?.focus({ preventScroll: true });
    }),
  );
}

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
        <h3 className="font-semibold text-white">Notifications</h3>
        <p className="mt-1 text-sm text-steel-400">
          Phone and browser notifications for shows, hearted knives, wins, shipping and draws.
        </p>
        <Dialog.Close asChild>
          <Button variant="secondary" className="mt-3 w-full sm:w-auto" onClick={revealNotificationsAfterClose}>
            Notification settings
          </Button>
        </Dialog.Close>
      </div>
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
