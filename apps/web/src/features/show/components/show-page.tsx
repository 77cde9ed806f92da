import { UpdateNotice } from '../../../components/update-notice';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useNow } from '../../../hooks/use-now';
import { drawMsLeft, formatMinutes, msLeft } from '../../../lib/live-show/clock';
import { refusalOf } from '../../../lib/live-show/eligibility-map';
import { useLiveShow } from '../../../lib/live-show/store';
import { useEligibility } from '../../../lib/live-show/use-eligibility';
import { useLiveShowFeed } from '../../../lib/live-show/use-live-show-feed';
import { useStale } from '../../../lib/live-show/use-stale';
import { drawStage } from '../draw-state';
import { purchaseArea } from '../purchase-state';
import { useWinToasts } from '../use-win-toasts';
import { CurrentItemPanel } from './current-item';
import { DrawArea } from './draw-area';
import { LaunchCountdown } from './launch-countdown';
import { LineupPreview } from './lineup-preview';
import { Panel } from './panel';
import { PurchaseArea } from './purchase-area';
import { PurchaseCapNote } from './purchase-cap-note';
import { ShowHeader } from './show-header';
import { TestProductGrid } from './test-products';
import { UpNextBanner } from './up-next-banner';

/** The /show poll: the member polls the show state every second while the socket is down. */
const POLL_MS = 1000;

/** The live show screen, /show: every state of the live show, from the live-show store. */
export function ShowPage() {
  useLiveShowFeed({ pollMs: POLL_MS });
  const view = useLiveShow((s) => s.view);
  const offsetMs = useLiveShow((s) => s.offsetMs);
  const confirmedAt = useLiveShow((s) => s.confirmedAt);
  const user = useCurrentUser().data;
  const now = useNow();
  const stale = useStale(confirmedAt);
  const left = msLeft(view, offsetMs, now);
  const show = view?.show;
  const eligibility = useEligibility(show?.lineup.map((i) => i.id) ?? []);
  // A draw won, or an item passed on to this member as the next in line: the success toast.
  useWinToasts(user?.id);

  let body: React.ReactNode;
  if (!view) {
    body = <Panel>Loading the show…</Panel>;
  } else if (view.active && show && show.phase !== 'showing') {
    body = (
      <Panel>
        <p className="text-brass-400 text-xs uppercase tracking-[0.3em]">{show.title}</p>
        <h1 className="mt-3 font-display text-4xl text-white">Intermission</h1>
        <p className="mt-2 text-steel-400">Preparing next item reveal</p>
        <p className="mt-6 text-lg text-white">
          Next item in <span className="font-mono tabular-nums">{formatMinutes(left)}</span>
        </p>
        {show.status === 'paused' ? <p className="mt-3 text-amber-300 text-sm">The show is paused</p> : null}
      </Panel>
    );
  } else if (view.active && show) {
    const item = view.currentItem;
    const kind = item
      ? purchaseArea({
          show,
          item,
          onboardingCompleted: user?.onboardingCompleted ?? false,
          msLeft: left,
          eligibility: eligibility[item.id],
        })
      : 'none';
    const windowLeft = item?.draw ? drawMsLeft(item.draw, offsetMs, now) : null;
    const stage = item ? drawStage(item, user?.id, windowLeft) : undefined;
    body = item ? (
      <CurrentItemPanel
        item={item}
        showTitle={show.title}
        position={show.currentIndex + 1}
        total={show.lineup.length}
        msLeft={left}
        ownedByMe={Boolean(user && item.soldToUserId === user.id)}
        drawWindow={stage?.stage === 'open' ? { msLeft: stage.msLeft } : undefined}
      >
        {item.draw && stage ? (
          <DrawArea
            item={item}
            draw={item.draw}
            stage={stage}
            kind={kind}
            stale={stale}
            refusal={refusalOf(eligibility, item.id)}
          />
        ) : (
          <PurchaseArea item={item} kind={kind} stale={stale} refusal={refusalOf(eligibility, item.id)} />
        )}
        <PurchaseCapNote cap={show.purchaseCap} className="mt-3 text-center" />
      </CurrentItemPanel>
    ) : (
      <Panel>Loading item data</Panel>
    );
  } else if (view.scheduled && show && left > 0) {
    body = (
      <>
        <LaunchCountdown show={show} ms={left} />
        <LineupPreview show={show} />
      </>
    );
  } else {
    body = (
      <Panel>
        <h1 className="font-display text-3xl text-white">The Vault is Closed</h1>
        <p className="mt-2 text-steel-400">Try our $1 test products while you wait for the next show!</p>
      </Panel>
    );
  }
  // Between shows only (closed or counting down to launch): one grid for both, so it and an open
  // product dialog stay mounted when the countdown runs out into the closed state.
  const betweenShows = Boolean(view && !(view.active && show));

  const soldItem = view?.currentItem?.status === 'sold' ? view.currentItem : null;
  const announcement = soldItem
    ? `${soldItem.title} has been sold${user && soldItem.soldToUserId === user.id ? '. You own this item!' : ''}`
    : '';
  return (
    <div className="min-h-dvh">
      <ShowHeader />
      <main className="mx-auto max-w-5xl px-4 py-6">
        <UpdateNotice />
        <UpNextBanner show={view?.active && show ? show : null} />
        {body}
        {betweenShows ? <TestProductGrid /> : null}
      </main>
      {/* Screen readers hear a sale as it happens. */}
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
    </div>
  );
}
