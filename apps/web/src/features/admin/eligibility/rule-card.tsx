import { type EligibilityRuleView, todayIso } from '@vault/contracts';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { ExampleBadge } from './counsel-notice';
import { ruleClassText, ruleDatesText, ruleDestinationText, ruleEffectText, ruleTiming } from './rule-text';

const timingLabel = { upcoming: 'Not yet in effect', ended: 'Ended', 'in-effect': null } as const;

/** The host of a source link, as the link's text ("uscode.house.gov"); the whole link if it has none. */
function sourceHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** One rule: class and destination, what it does, when, why (note and source), its version; actions while not retired. */
export function RuleCard({
  rule,
  shipFromState,
  kindLabel,
  onEdit,
  onRetire,
}: {
  rule: EligibilityRuleView;
  shipFromState: string | undefined;
  kindLabel: (code: string) => string;
  onEdit?: () => void;
  onRetire?: () => void;
}) {
  const retired = rule.retiredAt !== null;
  const timing = retired ? null : timingLabel[ruleTiming(rule, todayIso())];
  const where = ruleDestinationText(rule, shipFromState);
  const effect = ruleEffectText(rule, kindLabel);
  const summary = `${ruleClassText(rule)}, ${where}: ${effect}`;
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl border p-4 ${
        retired ? 'border-vault-800 bg-vault-950 opacity-60' : 'border-vault-700 bg-vault-900'
      }`}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        {rule.example ? <ExampleBadge /> : null}
        <span className="rounded-full border border-vault-600 px-2 py-0.5 text-steel-300 text-xs tabular-nums">
          Version {rule.version}
        </span>
        {timing ? (
          <span className="rounded-full bg-vault-700 px-2 py-0.5 font-semibold text-steel-200 text-xs">{timing}</span>
        ) : null}
        {rule.retiredAt ? (
          <span className="rounded-full bg-vault-800 px-2 py-0.5 font-semibold text-steel-300 text-xs">
            Retired {formatDate(rule.retiredAt)}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-steel-300">
        <span className="font-semibold text-white">{ruleClassText(rule)}</span>
        {' · '}
        {where}
      </p>
      <p className="font-display text-brass-400 text-lg leading-snug">{effect}</p>
      <p className="text-steel-400 text-xs">{ruleDatesText(rule)}</p>
      <p className="whitespace-pre-line break-words text-sm text-steel-200">{rule.note}</p>
      {rule.sourceUrl ? (
        <a
          href={rule.sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="w-fit break-all text-brass-400 text-sm underline-offset-2 hover:underline"
        >
          Source: {sourceHost(rule.sourceUrl)}
        </a>
      ) : null}
      {onEdit && onRetire && !retired ? (
        <div className="mt-1 grid grid-cols-2 gap-2 sm:flex">
          <Button variant="secondary" className="min-h-10" onClick={onEdit} aria-label={`Edit rule: ${summary}`}>
            Edit
          </Button>
          <Button variant="secondary" className="min-h-10" onClick={onRetire} aria-label={`Retire rule: ${summary}`}>
            Retire
          </Button>
        </div>
      ) : null}
    </li>
  );
}
