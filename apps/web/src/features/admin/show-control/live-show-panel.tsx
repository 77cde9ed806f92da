import type { ShowStateView } from '@vault/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useNow } from '../../../hooks/use-now';
import { formatMoney } from '../../../lib/format';
import { formatMinutes, msLeft } from '../../../lib/live-show/clock';
import { useLiveShow } from '../../../lib/live-show/store';
import { itemStatusVariant, phaseLabel } from '../shared/display';
import { usePauseShow, useStartShow } from './api';
import { ResetShowButton } from './reset-show-button';

type LiveShow = NonNullable<ShowStateView['show']>;

function CurrentItemBox({ view, show }: { view: ShowStateView; show: LiveShow }) {
  const item = view.currentItem;
  if (!item) {
    // Preroll and intermission: the admin wants to know what comes next.
    const next = show.lineup.find((i) => i.id === show.nextItemId);
    return (
      <div className="rounded-2xl border border-vault-700 bg-vault-950 p-4 text-sm text-steel-400">
        {next ? (
          <>
            Next up: <span className="font-semibold text-white">{next.title}</span> · {formatMoney(next.price)}
          </>
        ) : (
          'No item on screen'
        )}
      </div>
    );
  }
  const sold = item.status === 'sold';
  const image = item.imageUrls[0];
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-vault-700 bg-vault-950 p-3 sm:p-4">
      <div className="relative shrink-0">
        {image ? (
          <img src={image} alt="" className="size-20 rounded-xl bg-vault-800 object-cover sm:size-24" />
        ) : (
          <div className="size-20 rounded-xl bg-vault-800 sm:size-24" />
        )}
        {sold ? (
          <span className="-translate-x-1/2 absolute bottom-1.5 left-1/2 rounded-md bg-red-600 px-2 py-0.5 font-bold text-white text-xs tracking-widest">
            SOLD
          </span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-steel-400 text-xs uppercase tracking-widest">Current item</p>
        <p className="mt-0.5 break-words font-semibold text-lg text-white">{item.title}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="font-semibold text-brass-400 tabular-nums">{formatMoney(item.price)}</span>
          <Badge variant={itemStatusVariant(item.status)}>{item.status}</Badge>
        </div>
      </div>
    </div>
  );
}

/** The live show: where it is, what is on sale, and Pause / Start / Reset. */
export function LiveShowPanel({ view }: { view: ShowStateView }) {
  const offsetMs = useLiveShow((s) => s.offsetMs);
  const now = useNow();
  const start = useStartShow();
  const pause = usePauseShow();
  const show = view.show;
  if (!show) return null;
  const paused = show.status === 'paused';
  const busy = start.isPending || pause.isPending;

  return (
    // Phones: where the show is, the item, then the buttons; wider: the item beside the other two.
    <div className="grid gap-4 md:grid-cols-2 md:gap-x-6">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={paused ? 'secondary' : 'default'}>{paused ? 'Paused' : 'Live'}</Badge>
          <Badge variant="outline">{phaseLabel(show.phase)}</Badge>
        </div>
        <h3 className="mt-2 break-words font-display text-2xl text-white">{show.title}</h3>
        <p className="mt-1 text-sm text-steel-400">
          <span>{`Item ${show.currentIndex + 1} of ${show.lineup.length}`}</span>
          <span aria-hidden="true"> · </span>
          <span className="font-mono text-white tabular-nums" role="timer" aria-label="Time left in this phase">
            {formatMinutes(msLeft(view, offsetMs, now))}
          </span>{' '}
          left
        </p>
      </div>
      <div className="md:col-start-2 md:row-span-2 md:row-start-1">
        <CurrentItemBox view={view} show={show} />
      </div>
      <div className="grid grid-cols-2 gap-3 self-end sm:flex">
        {paused ? (
          <Button onClick={() => start.mutate(show.id)} disabled={busy}>
            {start.isPending ? 'Starting...' : 'Start Show'}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => pause.mutate()} disabled={busy}>
            {pause.isPending ? 'Pausing...' : 'Pause Show'}
          </Button>
        )}
        <ResetShowButton showId={show.id} title={show.title} disabled={busy} />
      </div>
    </div>
  );
}
