import { loadUpdate, usePwaUpdate } from '../lib/pwa/register';
import { buttonClass } from './ui/button';

/**
 * On the live show page, where the app never reloads by itself: says that a new build of the app
 * is ready and loads it when the member leaves the show, or now if they ask. The status region is
 * always mounted so a screen reader hears the notice when it appears.
 */
export function UpdateNotice() {
  const waiting = usePwaUpdate((s) => s.state !== 'current');
  return (
    <div role="status" className={waiting ? 'mb-4' : ''}>
      {waiting ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-vault-600 bg-vault-900 px-4 py-2 text-sm text-steel-200">
          <p>A new version of the vault is ready. It loads when you leave the show.</p>
          <button type="button" className={buttonClass('secondary')} onClick={loadUpdate}>
            Load now
          </button>
        </div>
      ) : null}
    </div>
  );
}
