import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { VaultMark } from '../../../components/vault-mark';
import { paths } from '../../../lib/paths';
import { AccountSettingsDialog, type SettingsTab } from './account-settings-dialog';
import { EligibilityCard } from './eligibility-card';
import { NotificationsCard } from './notifications-card';
import { PaymentMethodsCard } from './payment-methods-card';
import { ProfileCard } from './profile-card';
import { PurchaseHistory } from './purchase-history';

/**
 * The /account page: profile, saved cards, the member's attestations and purchases; editing the
 * profile and cards happens in the settings dialog.
 */
export function AccountPage() {
  const [dialog, setDialog] = useState<{ open: boolean; tab: SettingsTab }>({ open: false, tab: 'profile' });
  const openOn = (tab: SettingsTab) => setDialog({ open: true, tab });

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-vault-800 border-b bg-vault-950/90 backdrop-blur">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <ButtonLink to={paths.show} variant="ghost" className="-ml-3 px-3">
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
              <path
                d="M12.5 4.5L7 10l5.5 5.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Back to Show
          </ButtonLink>
          <VaultMark className="size-8" />
          <Button variant="ghost" className="-mr-3 px-3" onClick={() => openOn('settings')}>
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
              <circle cx="10" cy="10" r="2.75" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M10 2.5v2M10 15.5v2M2.5 10h2M15.5 10h2M4.7 4.7l1.4 1.4M13.9 13.9l1.4 1.4M4.7 15.3l1.4-1.4M13.9 6.1l1.4-1.4"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            Settings
          </Button>
        </div>
      </header>

      <main className="mx-auto max-w-4xl px-4 pt-6 pb-12">
        <p className="font-semibold text-brass-400 text-xs uppercase tracking-[0.3em]">Members only</p>
        <h1 className="mt-1 font-display text-3xl text-white sm:text-4xl">My Account</h1>

        <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
          <ProfileCard onEdit={() => openOn('profile')} />
          <PaymentMethodsCard onAdd={() => openOn('payment')} />
          <EligibilityCard className="md:col-span-2" />
          <PurchaseHistory className="md:col-span-2" />
          <NotificationsCard className="md:col-span-2" />
        </div>
      </main>

      <AccountSettingsDialog
        open={dialog.open}
        tab={dialog.tab}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onTabChange={(tab) => setDialog((d) => ({ ...d, tab }))}
      />
    </div>
  );
}
