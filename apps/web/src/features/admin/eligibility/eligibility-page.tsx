import * as Tabs from '@radix-ui/react-tabs';
import { paths } from '../../../lib/paths';
import { AdminHeader, AdminTitle } from '../admin-header';
import { AdminNav } from '../admin-nav';
import { adminTabClass } from '../shared/tabs';
import { CarriersSection } from './carriers-section';
import { CounselNotice } from './counsel-notice';
import { KindsSection } from './kinds-section';
import { RulesSection } from './rules-section';

/** /admin/eligibility: the operator's rules, the attestation kinds they can ask for, and each class's carriers. */
export function EligibilityPage() {
  return (
    <div className="min-h-dvh">
      <AdminHeader back={{ to: paths.admin, label: 'Back to Admin' }} />
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-12">
        <AdminTitle title="Eligibility" subtitle="Who may buy which knife, delivered where." />
        <AdminNav className="mt-4" />
        <div className="mt-5">
          <CounselNotice />
        </div>
        <Tabs.Root defaultValue="rules" className="mt-8">
          <Tabs.List
            aria-label="Eligibility sections"
            className="grid grid-cols-3 gap-1 rounded-xl border border-vault-700 bg-vault-900 p-1 sm:inline-grid sm:w-auto"
          >
            <Tabs.Trigger value="rules" className={adminTabClass}>
              Rules
            </Tabs.Trigger>
            <Tabs.Trigger value="kinds" className={adminTabClass}>
              Attestations
            </Tabs.Trigger>
            <Tabs.Trigger value="carriers" className={adminTabClass}>
              Carriers
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="rules" className="mt-5 focus:outline-none">
            <RulesSection />
          </Tabs.Content>
          <Tabs.Content value="kinds" className="mt-5 focus:outline-none">
            <KindsSection />
          </Tabs.Content>
          <Tabs.Content value="carriers" className="mt-5 focus:outline-none">
            <CarriersSection />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
