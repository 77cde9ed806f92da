import { memberMessages, type ShowStateView } from '@vault/contracts';
import { HEART_PATH, StrokeIcon } from '../../../components/ui/stroke-icon';
import { formatMoney } from '../../../lib/format';
import { refusalOf } from '../../../lib/live-show/eligibility-map';
import { useLiveShow } from '../../../lib/live-show/store';
import { useHearts } from '../api/hearts';
import { heartedIds, heartedUpNext } from '../hearts';
import { NotAvailableBadge } from './eligibility-notes';

/**
 * The up-next banner: "Your hearted item is up next" while members wait for an item they hearted (the
 * intermission before it, or the preroll before the first). The status region is always mounted
 * while a show is live, so screen readers announce the banner when it fills, not only find it. A
 * hearted item this member cannot buy says so here too, before it goes on sale.
 */
export function UpNextBanner({ show }: { show: NonNullable<ShowStateView['show']> | null }) {
  const hearts = useHearts(show?.id);
  const item = show && hearts.data ? heartedUpNext(show, heartedIds(hearts.data)) : null;
  const eligibility = useLiveShow((s) => s.eligibility);
  const refusal = item ? refusalOf(eligibility, item.id) : undefined;
  return (
    <div role="status" className={item ? 'mb-4' : ''}>
      {item ? (
        <div className="flex items-center gap-3 rounded-2xl border border-rose-400/40 bg-rose-500/10 px-4 py-3">
          <StrokeIcon d={HEART_PATH} filled className="size-6 shrink-0 text-rose-300" />
          <div className="min-w-0">
            <p className="font-semibold text-white">{memberMessages.heartedUpNext}</p>
            <p className="break-words text-rose-100 text-sm">
              {item.title} · {formatMoney(item.price)}
            </p>
            <NotAvailableBadge reason={refusal} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
