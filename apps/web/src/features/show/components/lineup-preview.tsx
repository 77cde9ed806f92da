import type { LineupItem, ShowStateView } from '@vault/contracts';
import { formatMoney } from '../../../lib/format';
import { refusalOf } from '../../../lib/live-show/eligibility-map';
import { useEligibility } from '../../../lib/live-show/use-eligibility';
import { useHearts, useToggleHeart } from '../api/hearts';
import { heartOf } from '../hearts';
import { legalFactsText } from '../legal-facts';
import { NotAvailableBadge } from './eligibility-notes';
import { HeartButton } from './heart-button';

type Show = NonNullable<ShowStateView['show']>;

function LineupImage({ item, muted }: { item: LineupItem; muted: boolean }) {
  const image = item.imageUrls[0];
  return image ? (
    <img
      src={image}
      alt=""
      loading="lazy"
      className={`aspect-square w-full bg-vault-800 object-cover ${muted ? 'opacity-50 grayscale' : ''}`}
    />
  ) : (
    <div className="flex aspect-square w-full items-center justify-center bg-vault-800 px-2 text-center text-steel-400 text-xs">
      No media available
    </div>
  );
}

/**
 * The lineup preview: a scheduled show's lineup before launch, each knife with its image, title and price,
 * and a heart members toggle to say which they are after (counted per item). A knife the operator's
 * rules refuse this member is marked, its reason as the badge's tooltip, before the race starts;
 * it can still be hearted.
 */
export function LineupPreview({ show }: { show: Show }) {
  const hearts = useHearts(show.id, { live: true });
  const toggle = useToggleHeart(show.id);
  const items = show.lineup;
  const eligibility = useEligibility(items.map((i) => i.id));
  if (items.length === 0) return null;

  return (
    <section className="mt-8" aria-labelledby="lineup-heading">
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 id="lineup-heading" className="font-display text-2xl text-white">
          The lineup
        </h2>
        <span className="text-steel-400 text-xs">
          {items.length} {items.length === 1 ? 'knife' : 'knives'} · heart the ones you want
        </span>
      </div>
      {hearts.isError ? (
        <p className="mb-3 text-steel-400 text-xs">Hearts could not be loaded. Please refresh the page.</p>
      ) : null}
      <ul aria-label="Lineup" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {items.map((item, index) => {
          const heart = heartOf(hearts.data, item.id);
          const refusal = refusalOf(eligibility, item.id);
          const legalFacts = legalFactsText(item);
          return (
            <li
              key={item.id}
              className={`flex min-w-0 flex-col overflow-hidden rounded-2xl border bg-vault-900 ${
                refusal ? 'border-dashed border-vault-600' : 'border-vault-700'
              }`}
            >
              <div className="relative">
                <LineupImage item={item} muted={Boolean(refusal)} />
                <NotAvailableBadge reason={refusal} overImage />
              </div>
              <div className="flex flex-1 flex-col p-3">
                <p className="text-steel-400 text-xs">Item {index + 1}</p>
                <h3 className="mt-0.5 line-clamp-2 break-words font-semibold text-sm text-white leading-snug">
                  {item.title}
                </h3>
                {legalFacts ? <p className="mt-1 text-steel-400 text-xs">{legalFacts}</p> : null}
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
                  <span className="font-semibold text-white tabular-nums">{formatMoney(item.price)}</span>
                  <HeartButton
                    title={item.title}
                    count={heart.count}
                    hearted={heart.hearted}
                    disabled={!hearts.data}
                    onToggle={() => toggle.mutate({ showItemId: item.id, title: item.title, hearted: !heart.hearted })}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
