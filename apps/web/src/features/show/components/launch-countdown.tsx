import type { ShowStateView } from '@vault/contracts';
import { splitCountdown } from '../../../lib/live-show/clock';
import { Panel } from './panel';
import { PurchaseCapNote } from './purchase-cap-note';
import { ReminderActions } from './reminder-actions';

/**
 * The countdown card of a scheduled show; below its own texts (title, description, countdown,
 * Limited quantities), the per-member purchase cap and the reminder actions.
 */
export function LaunchCountdown({ show, ms }: { show: NonNullable<ShowStateView['show']>; ms: number }) {
  const { hours, minutes, seconds } = splitCountdown(ms);
  const units = [
    ...(hours > 0 ? [['Hours', hours] as const] : []),
    ['Minutes', minutes] as const,
    ['Seconds', seconds] as const,
  ];
  return (
    <Panel>
      <h1 className="font-display text-3xl text-white">{show.title || 'Vault Opens Soon'}</h1>
      <p className="mt-2 text-steel-400">{show.description || 'Get ready for exclusive knives!'}</p>
      <div className="mt-6 flex justify-center gap-3" role="timer" aria-label="Time until the show starts">
        {units.map(([label, value]) => (
          <div key={label} className="w-20 rounded-2xl border border-vault-700 bg-vault-950 py-3">
            <div className="font-mono text-3xl text-white tabular-nums">{String(value).padStart(2, '0')}</div>
            <div className="text-steel-400 text-xs uppercase tracking-wider">{label}</div>
          </div>
        ))}
      </div>
      <p className="mt-6 text-brass-400 text-sm">Limited quantities</p>
      <p className="text-sm text-steel-400">First-come, first-served</p>
      <PurchaseCapNote cap={show.purchaseCap} className="mt-1" />
      <ReminderActions showId={show.id} />
    </Panel>
  );
}
