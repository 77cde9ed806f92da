import { type AdminShow, showMessages } from '@vault/contracts';
import { HeartTally } from '../../../components/heart-tally';
import { Badge } from '../../../components/ui/badge';
import { formatMoney } from '../../../lib/format';
import { itemStatusVariant } from '../shared/display';
import { useReorderLineup } from './api';
import { moveItem } from './lineup';

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path
        d={up ? 'M5 12.5L10 7.5l5 5' : 'M5 7.5l5 5 5-5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const moveClass =
  'flex size-10 items-center justify-center rounded-lg border border-vault-600 text-steel-200 transition-colors hover:border-steel-400 hover:bg-vault-700 disabled:cursor-not-allowed disabled:opacity-30';

/** A show's lineup in selling order, each item movable one place up or down (PATCH {lineup}). */
export function LineupEditor({ show }: { show: AdminShow }) {
  const reorder = useReorderLineup();
  const items = show.lineup;
  // The server refuses to reorder a live show; say so instead of offering buttons that fail.
  const locked = show.status === 'running' || show.status === 'paused';

  const move = (index: number, delta: -1 | 1) => reorder.mutate({ show, lineup: moveItem(items, index, delta) });

  if (items.length === 0) return <p className="text-sm text-steel-400">No items in this lineup yet.</p>;
  return (
    <>
      {locked ? <p className="mb-2 text-steel-400 text-xs">{showMessages.lineupWhileLive}.</p> : null}
      <ol aria-label={`Lineup of ${show.title}`} className="space-y-2">
        {items.map((item, index) => (
          <li
            key={item.id}
            className="flex items-center gap-3 rounded-xl border border-vault-700 bg-vault-950 p-2 pl-3"
          >
            <span className="w-5 shrink-0 text-right font-mono text-steel-400 text-xs tabular-nums">{index + 1}</span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-sm text-white">{item.title}</p>
              <div className="mt-0.5 flex items-center gap-2">
                <span className="text-brass-400 text-xs tabular-nums">{formatMoney(item.price)}</span>
                <Badge variant={itemStatusVariant(item.status)}>{item.status}</Badge>
                <HeartTally count={item.hearts} />
              </div>
            </div>
            <div className="flex shrink-0 gap-1.5">
              <button
                type="button"
                className={moveClass}
                onClick={() => move(index, -1)}
                disabled={locked || index === 0 || reorder.isPending}
                aria-label={`Move ${item.title} up`}
              >
                <Arrow up />
              </button>
              <button
                type="button"
                className={moveClass}
                onClick={() => move(index, 1)}
                disabled={locked || index === items.length - 1 || reorder.isPending}
                aria-label={`Move ${item.title} down`}
              >
                <Arrow up={false} />
              </button>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
