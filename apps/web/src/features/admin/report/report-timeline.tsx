import type { TimelineEntry } from '@vault/contracts';
import { useId, useState } from 'react';
import { formatClock } from './report-data';

/** Which entries get a marker colour: the moments an admin scans for. */
function markerClass(type: string): string {
  switch (type) {
    case 'sold':
      return 'bg-brass-500';
    case 'started':
    case 'resumed':
    case 'completed':
      return 'bg-emerald-400';
    case 'paused':
    case 'reset':
      return 'bg-red-400';
    default:
      return 'bg-vault-600';
  }
}

/**
 * Everything that happened in the show, in order, at local hh:mm:ss. Watcher samples (one every
 * few seconds) would drown the rest, so they are charted and only listed on request.
 */
export function ReportTimeline({ entries }: { entries: TimelineEntry[] }) {
  const [withSamples, setWithSamples] = useState(false);
  const toggleId = useId();
  const samples = entries.filter((e) => e.type === 'watchers').length;
  const shown = withSamples ? entries : entries.filter((e) => e.type !== 'watchers');
  return (
    <section aria-labelledby="timeline-title" className="rounded-3xl border border-vault-700 bg-vault-900 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="timeline-title" className="font-display text-white text-xl">
          Timeline
        </h2>
        {samples > 0 ? (
          <label htmlFor={toggleId} className="flex items-center gap-2 text-sm text-steel-200">
            <input
              id={toggleId}
              type="checkbox"
              checked={withSamples}
              onChange={(e) => setWithSamples(e.target.checked)}
              className="size-4 accent-brass-500"
            />
            Show watcher samples ({samples})
          </label>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-steel-400">Nothing has happened in this show yet.</p>
      ) : (
        <ol aria-label="Timeline" className="mt-3 space-y-1">
          {shown.map((entry) => (
            <li key={entry.id} className="flex gap-3 rounded-xl px-2 py-1.5 text-sm hover:bg-vault-800/60">
              <time
                dateTime={entry.at}
                className="shrink-0 pt-px font-mono text-steel-400 text-xs tabular-nums leading-5"
              >
                {formatClock(entry.at)}
              </time>
              <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${markerClass(entry.type)}`} />
              <span className="min-w-0 break-words text-steel-200">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
