import { ButtonLink } from '../../../components/ui/button';
import { useLiveShow } from '../../../lib/live-show/store';
import { showReportPath } from '../report/paths';
import { LiveShowPanel } from './live-show-panel';
import { StartShowList } from './start-show-list';

function WatchingPill({ count }: { count: number }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-vault-600 bg-vault-950 px-3 py-1 text-steel-200 text-xs"
      role="status"
      aria-label={`${count} watching`}
    >
      <svg viewBox="0 0 20 20" className="size-4 text-brass-400" aria-hidden="true">
        <path
          d="M1.5 10S4.5 4 10 4s8.5 6 8.5 6-3 6-8.5 6-8.5-6-8.5-6z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
        <circle cx="10" cy="10" r="2.5" fill="currentColor" />
      </svg>
      <span className="tabular-nums">{count}</span> watching
    </span>
  );
}

/**
 * The Show Control card: the live show with its controls, or the shows that could start. Fed by
 * `show:state` pushes, polled every 2 s while the socket is down.
 */
export function ShowControlCard({ className = '' }: { className?: string }) {
  const view = useLiveShow((s) => s.view);
  const watchers = useLiveShow((s) => s.watchers);
  let body: React.ReactNode;
  if (!view) {
    body = <p className="text-sm text-steel-400">Loading show state...</p>;
  } else if (view.active) {
    body = <LiveShowPanel view={view} />;
  } else {
    body = <StartShowList view={view} />;
  }
  return (
    <section
      aria-labelledby="show-control-title"
      className={`rounded-3xl border border-vault-700 bg-gradient-to-b from-vault-900 to-vault-950 p-5 sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="show-control-title" className="font-display text-2xl text-white">
          Show Control
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {watchers !== undefined ? <WatchingPill count={watchers} /> : null}
          {view?.active && view.show ? (
            <ButtonLink to={showReportPath(view.show.id)} variant="secondary" className="min-h-8 px-3 text-xs">
              Report
            </ButtonLink>
          ) : null}
        </div>
      </div>
      <div className="mt-4">{body}</div>
    </section>
  );
}
