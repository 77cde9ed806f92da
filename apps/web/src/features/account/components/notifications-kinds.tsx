import { type PushKind, pushKindLabels, pushKinds } from '@vault/contracts';
import { useId } from 'react';
import { withKind } from '../../../lib/push/kinds';
import { APPLIES_EVERYWHERE } from '../../../lib/push/messages';
import { usePushPreferences, useUpdatePushKinds } from '../../../lib/push/use-push';
import { QuietText } from './card-section';

/** One kind's switch: a native checkbox with the switch role (keyboard and label for free), drawn as a track and knob. */
function KindSwitch({ kind, on, onChange }: { kind: PushKind; on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-2.5">
      <label htmlFor={id} className="min-w-0 cursor-pointer text-sm text-steel-200">
        {pushKindLabels[kind]}
      </label>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-6 w-11 rounded-full bg-vault-700 transition-colors peer-checked:bg-brass-500 peer-focus-visible:outline-2 peer-focus-visible:outline-brass-400 peer-focus-visible:outline-offset-2"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-steel-200 transition-transform peer-checked:translate-x-5"
        />
      </span>
    </li>
  );
}

/**
 * The member's switch per kind of push, in pushKindLabels' order. They belong to the member, not
 * to this device, so they work before this device is on (and on a browser that cannot push).
 */
export function NotificationKinds() {
  const preferences = usePushPreferences();
  const update = useUpdatePushKinds();
  const hintId = useId();
  if (preferences.isPending) return <QuietText>Loading your notification settings...</QuietText>;
  if (preferences.isError)
    return <QuietText>Could not load your notification settings. Please refresh the page.</QuietText>;
  const { kinds } = preferences.data;
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="font-semibold text-sm text-white">Notify me when</legend>
      <p id={hintId} className="mt-0.5 text-steel-400 text-xs">
        {APPLIES_EVERYWHERE}
      </p>
      <ul className="mt-2 divide-y divide-vault-800">
        {pushKinds.map((kind) => (
          <KindSwitch
            key={kind}
            kind={kind}
            on={kinds.includes(kind)}
            onChange={(on) => update.mutate(withKind(kinds, kind, on))}
          />
        ))}
      </ul>
    </fieldset>
  );
}
