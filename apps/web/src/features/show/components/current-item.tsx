import type { CurrentItem } from '@vault/contracts';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { formatMinutes } from '../../../lib/live-show/clock';
import { legalFactsText } from '../legal-facts';

const ROTATE_MS = 3000;

function Media({ item, imageIndex }: { item: CurrentItem; imageIndex: number }) {
  if (item.mainVideoUrl) {
    return (
      <video
        src={item.mainVideoUrl}
        className="aspect-[4/3] w-full rounded-2xl bg-black object-cover"
        autoPlay
        muted
        loop
        playsInline
        controls
      />
    );
  }
  const image = item.imageUrls[imageIndex] ?? item.imageUrls[0];
  if (!image) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-vault-800 text-steel-400">
        No media available
      </div>
    );
  }
  return <img src={image} alt={item.title} className="aspect-[4/3] w-full rounded-2xl bg-vault-800 object-cover" />;
}

/** The item's Time Remaining and, beside it, the draw's own window (which closes first). */
function DrawClocks({ itemMsLeft, windowMsLeft }: { itemMsLeft: number; windowMsLeft: number | null }) {
  return (
    <div className="mt-3 grid grid-cols-2 gap-3">
      <div className="rounded-2xl border border-vault-700 bg-vault-900 px-4 py-3">
        <span className="block text-steel-400 text-xs">Time Remaining</span>
        <span className="font-mono text-2xl text-white tabular-nums">{formatMinutes(itemMsLeft)}</span>
      </div>
      <div className="rounded-2xl border border-brass-500/40 bg-brass-500/5 px-4 py-3">
        <span className="block text-brass-400 text-xs">Draw closes in</span>
        <span className="font-mono text-2xl text-white tabular-nums">
          {windowMsLeft === null ? 'Paused' : formatMinutes(windowMsLeft)}
        </span>
      </div>
    </div>
  );
}

/** The current item panel: the item on sale, its media, countdown, details and sold state. */
export function CurrentItemPanel(props: {
  item: CurrentItem;
  showTitle: string;
  position: number;
  total: number;
  msLeft: number;
  ownedByMe: boolean;
  /**
   * A draw item's entry window while it is open: what is left of it by the server's clock, shown
   * beside the item's own time (null while the show is paused).
   */
  drawWindow?: { msLeft: number | null } | undefined;
  children?: React.ReactNode;
}) {
  const { item } = props;
  const [imageIndex, setImageIndex] = useState(0);
  // The thumbnails rotate the main image every 3 s.
  useEffect(() => {
    setImageIndex(0);
    if (item.imageUrls.length < 2) return;
    const timer = setInterval(() => setImageIndex((i) => (i + 1) % item.imageUrls.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [item.imageUrls]);
  const sold = item.status === 'sold';
  const legalFacts = legalFactsText(item);

  return (
    <article className="grid gap-6 md:grid-cols-2">
      <div>
        <div className="relative">
          <Media item={item} imageIndex={imageIndex} />
          {sold ? (
            <span className="absolute top-3 left-3 rounded-lg bg-red-600 px-3 py-1 font-bold text-sm text-white tracking-widest">
              SOLD
            </span>
          ) : null}
        </div>
        {item.imageUrls.length > 1 ? (
          <div className="mt-3 grid grid-cols-5 gap-2">
            {item.imageUrls.map((url, index) => (
              <button
                key={url}
                type="button"
                onClick={() => setImageIndex(index)}
                aria-label={`Show image ${index + 1}`}
                className={`overflow-hidden rounded-lg border-2 ${index === imageIndex ? 'border-brass-500' : 'border-transparent opacity-70'}`}
              >
                <img src={url} alt="" className="aspect-square w-full object-cover" />
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="flex flex-col">
        <p className="text-steel-400 text-sm">
          {props.showTitle} · Item {props.position} of {props.total}
        </p>
        {props.drawWindow ? (
          <DrawClocks itemMsLeft={props.msLeft} windowMsLeft={props.drawWindow.msLeft} />
        ) : (
          <div className="mt-3 flex items-center justify-between rounded-2xl border border-vault-700 bg-vault-900 px-4 py-3">
            <span className="text-steel-400 text-sm">Time Remaining</span>
            <span className="font-mono text-2xl text-white tabular-nums">{formatMinutes(props.msLeft)}</span>
          </div>
        )}
        <h1 className="mt-5 font-display text-3xl text-white">{item.title}</h1>
        <p className="mt-1 text-brass-400 text-sm">{[item.category, item.bladeType].filter(Boolean).join(' · ')}</p>
        {legalFacts ? <p className="mt-1 text-sm text-steel-200">{legalFacts}</p> : null}
        {item.description ? <p className="mt-3 text-steel-200 text-sm leading-relaxed">{item.description}</p> : null}
        <p className="mt-4 font-semibold text-3xl text-white">{formatMoney(item.price)}</p>
        {sold ? (
          <div className="mt-5 rounded-2xl border border-red-500/40 bg-red-950/50 p-4">
            <p className="font-semibold text-lg text-white">Item Sold!</p>
            <p className="text-red-100 text-sm">This item has been purchased</p>
            {props.ownedByMe ? <p className="mt-2 font-semibold text-emerald-300">You own this item!</p> : null}
          </div>
        ) : null}
        <div className="mt-5">{props.children}</div>
      </div>
    </article>
  );
}
