import type { AdminShow } from '@vault/contracts';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { AdminHeader, AdminTitle } from '../admin-header';
import { showReportPath } from '../report/paths';
import { itemCount, showStatusVariant } from '../shared/display';
import { useShows } from './api';
import { PurchaseCapForm } from './purchase-cap-form';
import { formatLaunchTime } from './schedule';
import { ScheduleForm } from './schedule-form';
import { ShowDetailsForm } from './show-details-form';

function ShowManagerCard({ show }: { show: AdminShow }) {
  const titleId = `manage-${show.id}-title`;
  return (
    <li>
      <section aria-labelledby={titleId} className="rounded-3xl border border-vault-700 bg-vault-900 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="break-words font-display text-2xl text-white">
              {show.title}
            </h2>
            <p className="mt-1 text-sm text-steel-400">
              {itemCount(show.lineup.length)} · Launch: {formatLaunchTime(show.launchTime)}
              {show.purchaseCap === null ? '' : ` · Limit ${show.purchaseCap} per member`}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <Badge variant={showStatusVariant(show.status)}>{show.status}</Badge>
            <ButtonLink to={showReportPath(show.id)} variant="secondary" className="min-h-9 px-3 text-xs">
              Report
            </ButtonLink>
          </div>
        </div>
        <div className="mt-5 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
          <ShowDetailsForm show={show} />
          <div className="space-y-4">
            <ScheduleForm show={show} />
            <PurchaseCapForm show={show} />
          </div>
        </div>
      </section>
    </li>
  );
}

/** /admin/shows, the Show Manager: schedule every show, and edit its title, description and timings. */
export function ShowManagerPage() {
  const shows = useShows();
  return (
    <div className="min-h-dvh">
      <AdminHeader back={{ to: paths.admin, label: 'Back to Admin' }} />
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-12">
        <AdminTitle title="Show Manager" subtitle="Launch times are in your local time." />
        {shows.isPending ? (
          <p className="mt-6 text-sm text-steel-400">Loading shows...</p>
        ) : shows.isError ? (
          <p className="mt-6 text-sm text-steel-400">Could not load the shows. Please refresh the page.</p>
        ) : shows.data.length === 0 ? (
          <p className="mt-6 text-sm text-steel-400">No shows yet. Create one from the admin dashboard.</p>
        ) : (
          <ul aria-label="Shows" className="mt-6 space-y-4">
            {shows.data.map((show) => (
              <ShowManagerCard key={show.id} show={show} />
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
