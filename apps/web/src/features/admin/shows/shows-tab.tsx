import type { AdminShow } from '@vault/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { PurchasesDialog } from '../purchases/purchases-dialog';
import { showReportPath } from '../report/paths';
import { itemCount, showStatusVariant } from '../shared/display';
import { useShows } from './api';
import { CreateShowDialog } from './create-show-dialog';
import { LineupEditor } from './lineup-editor';
import { formatLaunchTime } from './schedule';

function ShowCard({ show, onPurchases }: { show: AdminShow; onPurchases: () => void }) {
  const titleId = `show-${show.id}-title`;
  return (
    <li>
      <section aria-labelledby={titleId} className="rounded-3xl border border-vault-700 bg-vault-900 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 break-words font-display text-white text-xl">
            {show.title}
          </h3>
          <Badge variant={showStatusVariant(show.status)}>{show.status}</Badge>
        </div>
        {show.description ? <p className="mt-1 text-sm text-steel-400">{show.description}</p> : null}
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-steel-400">Launch time</dt>
            <dd className="text-white">{formatLaunchTime(show.launchTime)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-steel-400">Timing</dt>
            <dd className="text-white">
              {itemCount(show.lineup.length)} · {show.perKnifeSeconds} seconds per item
            </dd>
          </div>
        </dl>
        <div className="mt-4 flex items-center justify-between gap-3">
          <h4 className="font-semibold text-steel-200 text-xs uppercase tracking-widest">Lineup</h4>
          <div className="flex gap-2">
            <ButtonLink to={showReportPath(show.id)} variant="secondary" className="min-h-9 px-3 text-xs">
              Report
            </ButtonLink>
            <Button variant="secondary" className="min-h-9 px-3 text-xs" onClick={onPurchases}>
              Purchases
            </Button>
          </div>
        </div>
        <div className="mt-3">
          <LineupEditor show={show} />
        </div>
      </section>
    </li>
  );
}

/** The Shows tab: every show with its lineup; Create Show, Manage Shows and each show's purchases. */
export function ShowsTab() {
  const shows = useShows();
  const [creating, setCreating] = useState(false);
  const [purchasesOf, setPurchasesOf] = useState<AdminShow | null>(null);

  return (
    <div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-end">
        <ButtonLink to={paths.adminShows} variant="secondary">
          Manage Shows
        </ButtonLink>
        <Button onClick={() => setCreating(true)}>Create Show</Button>
      </div>
      {shows.isPending ? (
        <p className="mt-4 text-sm text-steel-400">Loading shows...</p>
      ) : shows.isError ? (
        <p className="mt-4 text-sm text-steel-400">Could not load the shows. Please refresh the page.</p>
      ) : shows.data.length === 0 ? (
        <p className="mt-4 text-sm text-steel-400">No shows yet. Create the first one.</p>
      ) : (
        <ul aria-label="Shows" className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
          {shows.data.map((show) => (
            <ShowCard key={show.id} show={show} onPurchases={() => setPurchasesOf(show)} />
          ))}
        </ul>
      )}
      <CreateShowDialog open={creating} onOpenChange={setCreating} />
      <PurchasesDialog show={purchasesOf} onClose={() => setPurchasesOf(null)} />
    </div>
  );
}
