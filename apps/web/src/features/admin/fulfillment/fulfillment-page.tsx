import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { AdminHeader, AdminTitle } from '../admin-header';
import { AdminNav } from '../admin-nav';
import { adminTabClass } from '../shared/tabs';
import type { ShipmentTab } from './api';
import { ReturnsTab } from './returns-tab';
import { ShipmentsTab } from './shipments-tab';

const tabs = [
  { value: 'to-pack', label: 'To pack', status: 'processing' },
  { value: 'shipped', label: 'Shipped', status: 'shipped' },
  { value: 'delivered', label: 'Delivered', status: 'delivered' },
  { value: 'returns', label: 'Returns', status: null },
] as const satisfies readonly { value: string; label: string; status: ShipmentTab | null }[];

type TabValue = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

/** The open tab lives in the address (?tab=shipped): a reload or Back keeps the admin where they were. */
function useTab() {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab: TabValue = isTab(current) ? current : 'to-pack';
  const setTab = (next: string) => setParams(next === 'to-pack' ? {} : { tab: next }, { replace: true });
  return [tab, setTab] as const;
}

/** /admin/fulfillment: the packages to pack and ship, those on their way and delivered, and the returns. */
export function FulfillmentPage() {
  const [tab, setTab] = useTab();
  return (
    <div className="min-h-dvh">
      <AdminHeader back={{ to: paths.admin, label: 'Back to Admin' }} />
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-12">
        <AdminTitle title="Fulfillment" subtitle="Pack, ship and track each member's package; returns and refunds." />
        <AdminNav className="mt-4" />
        <Tabs.Root value={tab} onValueChange={setTab} className="mt-8">
          <Tabs.List
            aria-label="Fulfillment sections"
            className="grid grid-cols-2 gap-1 rounded-xl border border-vault-700 bg-vault-900 p-1 sm:inline-grid sm:w-auto sm:grid-cols-4"
          >
            {tabs.map((each) => (
              <Tabs.Trigger key={each.value} value={each.value} className={adminTabClass}>
                {each.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((each) => (
            <Tabs.Content key={each.value} value={each.value} className="mt-5 focus:outline-none">
              {each.status ? <ShipmentsTab status={each.status} /> : <ReturnsTab />}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  );
}
