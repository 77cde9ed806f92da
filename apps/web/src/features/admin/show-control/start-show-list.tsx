import type { ShowStateView } from '@vault/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { itemCount, showStatusVariant } from '../shared/display';
import { useShows } from '../shows/api';
import { formatLaunchTime } from '../shows/schedule';
import { useStartShow } from './api';
import { ResetShowButton } from './reset-show-button';

/** No show is live: every show with a non-empty lineup, with its item count, seconds per item and Start Show. */
export function StartShowList({ view }: { view: ShowStateView }) {
  const shows = useShows();
  const start = useStartShow();

  if (shows.isPending) return <p className="text-sm text-steel-400">Loading shows...</p>;
  if (shows.isError)
    return <p className="text-sm text-steel-400">Could not load the shows. Please refresh the page.</p>;
  const ready = shows.data.filter((s) => s.lineup.length > 0);

  return (
    <div>
      <p className="text-sm text-steel-400">
        {view.scheduled && view.show
          ? `No show is live. Next: ${view.show.title}, launching ${formatLaunchTime(
              view.show.launchTime === null ? null : new Date(view.show.launchTime).toISOString(),
            )}.`
          : 'No show is live right now.'}
      </p>
      {ready.length === 0 ? (
        <p className="mt-3 text-sm text-steel-400">No show has items yet. Create a show and add items to it.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {ready.map((show) => (
            <li
              key={show.id}
              className="flex flex-col gap-3 rounded-2xl border border-vault-700 bg-vault-950 p-4 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="break-words font-semibold text-white">{show.title}</p>
                  <Badge variant={showStatusVariant(show.status)}>{show.status}</Badge>
                </div>
                <p className="mt-1 text-sm text-steel-400">
                  {itemCount(show.lineup.length)} · {show.perKnifeSeconds} seconds per item
                </p>
              </div>
              <div className="grid auto-cols-fr grid-flow-col gap-2 sm:flex">
                {/* A completed show only starts again after a reset. */}
                {show.status === 'completed' ? (
                  <ResetShowButton showId={show.id} title={show.title} className="sm:w-36" />
                ) : null}
                <Button
                  onClick={() => start.mutate(show.id)}
                  disabled={start.isPending}
                  aria-label={`Start Show: ${show.title}`}
                  className="sm:w-36"
                >
                  {start.isPending && start.variables === show.id ? 'Starting...' : 'Start Show'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
