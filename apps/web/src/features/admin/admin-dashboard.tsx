import * as Tabs from '@radix-ui/react-tabs';
import { paths } from '../../lib/paths';
import { AdminHeader, AdminTitle } from './admin-header';
import { AdminNav } from './admin-nav';
import { AuditLogTab } from './audit/audit-log-tab';
import { adminTabClass } from './shared/tabs';
import { ShowControlCard } from './show-control/show-control-card';
import { useAdminLive } from './show-control/use-admin-live';
import { ShowItemsTab } from './show-items/show-items-tab';
import { ShowsTab } from './shows/shows-tab';
import { TestProductsTab } from './test-products/test-products-tab';

/** /admin: the Show Control card above the Show Items, Shows, Test Products and Audit Log tabs. */
export function AdminDashboard() {
  useAdminLive();
  return (
    <div className="min-h-dvh">
      <AdminHeader back={{ to: paths.show, label: 'Back to Show' }} live />
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-12">
        <AdminTitle title="Admin Dashboard" />
        <AdminNav className="mt-4" />
        <ShowControlCard className="mt-6" />
        <Tabs.Root defaultValue="items" className="mt-8">
          <Tabs.List
            aria-label="Admin sections"
            className="grid grid-cols-2 gap-1 rounded-xl border border-vault-700 bg-vault-900 p-1 sm:inline-grid sm:w-auto sm:grid-cols-4"
          >
            <Tabs.Trigger value="items" className={adminTabClass}>
              Show Items
            </Tabs.Trigger>
            <Tabs.Trigger value="shows" className={adminTabClass}>
              Shows
            </Tabs.Trigger>
            <Tabs.Trigger value="test-products" className={adminTabClass}>
              Test Products
            </Tabs.Trigger>
            <Tabs.Trigger value="audit" className={adminTabClass}>
              Audit Log
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="items" className="mt-5 focus:outline-none">
            <ShowItemsTab />
          </Tabs.Content>
          <Tabs.Content value="shows" className="mt-5 focus:outline-none">
            <ShowsTab />
          </Tabs.Content>
          <Tabs.Content value="test-products" className="mt-5 focus:outline-none">
            <TestProductsTab />
          </Tabs.Content>
          <Tabs.Content value="audit" className="mt-5 focus:outline-none">
            <AuditLogTab />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
