import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { OrdersTab } from './orders-tab';
import { PaymentTab } from './payment-tab';
import { ProfileTab } from './profile-tab';
import { SettingsTab as SettingsPanel } from './settings-tab';

const tabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'orders', label: 'Orders' },
  { value: 'payment', label: 'Payment' },
  { value: 'settings', label: 'Settings' },
] as const;

export type SettingsTab = (typeof tabs)[number]['value'];

const isTab = (value: string): value is SettingsTab => tabs.some((t) => t.value === value);

/**
 * `/account?tab=orders` (the page a won or shipped notification opens) opens the dialog on that
 * tab. The parameter is then dropped, so closing the dialog and reloading stays on the page.
 */
function useTabFromLink(onOpenChange: (open: boolean) => void, onTabChange: (tab: SettingsTab) => void) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  // Once per link, not at every render of the page: the router drops the parameter in a transition,
  // and re-opening on every render until then would undo the member's own tab choice.
  const openOn = useEffectEvent((tab: SettingsTab) => {
    onTabChange(tab);
    onOpenChange(true);
  });
  useEffect(() => {
    if (asked === null || !isTab(asked)) return;
    openOn(asked);
    setSearch(
      (params) => {
        params.delete('tab');
        return params;
      },
      { replace: true },
    );
  }, [asked, setSearch]);
}

/** The account-settings dialog: Profile / Orders / Payment / Settings. */
export function AccountSettingsDialog({
  open,
  tab,
  onOpenChange,
  onTabChange,
}: {
  open: boolean;
  tab: SettingsTab;
  onOpenChange: (open: boolean) => void;
  onTabChange: (tab: SettingsTab) => void;
}) {
  useTabFromLink(onOpenChange, onTabChange);
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogPanel
        title="Account Settings"
        description="Manage your profile, orders and payment methods."
        // One height for every tab, so switching tabs does not make the sheet jump.
        className="h-[92dvh] sm:h-[min(46rem,88dvh)]"
      >
        <Tabs.Root value={tab} onValueChange={(value) => isTab(value) && onTabChange(value)}>
          <Tabs.List
            aria-label="Account settings"
            className="grid grid-cols-4 gap-1 rounded-xl border border-vault-700 bg-vault-950 p-1"
          >
            {tabs.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="min-h-9 rounded-lg px-1 font-semibold text-steel-400 text-xs transition-colors hover:text-steel-200 data-[state=active]:bg-vault-700 data-[state=active]:text-white sm:text-sm"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="profile" className="mt-5 focus:outline-none">
            <ProfileTab />
          </Tabs.Content>
          <Tabs.Content value="orders" className="mt-5 focus:outline-none">
            <OrdersTab />
          </Tabs.Content>
          <Tabs.Content value="payment" className="mt-5 focus:outline-none">
            <PaymentTab />
          </Tabs.Content>
          <Tabs.Content value="settings" className="mt-5 focus:outline-none">
            <SettingsPanel />
          </Tabs.Content>
        </Tabs.Root>
      </DialogPanel>
    </DialogRoot>
  );
}
