import type { EligibilityRuleView } from '@vault/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAttestationKinds, useEligibilitySettings, useRetireRule, useRules } from './api';
import { RuleCard } from './rule-card';
import { RuleDialog } from './rule-dialog';

const ruleCount = (n: number) => `${n} ${n === 1 ? 'rule' : 'rules'}`;

/** The operator's rules: those that apply (Add, Edit, Retire) and, apart and greyed, the retired ones. */
export function RulesSection() {
  const rules = useRules();
  const kinds = useAttestationKinds();
  const settings = useEligibilitySettings();
  const retire = useRetireRule();
  const [dialog, setDialog] = useState<{ rule: EligibilityRuleView | null } | null>(null);
  const [retiring, setRetiring] = useState<EligibilityRuleView | null>(null);
  const shipFromState = settings.data?.shipFromState;
  const labels = new Map((kinds.data ?? []).map((kind) => [kind.code, kind.label]));
  const kindLabel = (code: string) => labels.get(code) ?? code;

  if (rules.isPending) return <p className="text-sm text-steel-400">Loading rules...</p>;
  if (rules.isError)
    return <p className="text-sm text-steel-400">Could not load the rules. Please refresh the page.</p>;
  const current = rules.data.filter((rule) => rule.retiredAt === null);
  const retired = rules.data.filter((rule) => rule.retiredAt !== null);

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-steel-400">{ruleCount(current.length)}</p>
        <Button onClick={() => setDialog({ rule: null })}>Add Rule</Button>
      </div>
      {current.length === 0 ? (
        <p className="mt-4 text-sm text-steel-400">
          No rules apply: every member may buy every classified item, wherever it ships.
        </p>
      ) : (
        <ul aria-label="Current rules" className="mt-4 grid grid-cols-1 gap-3 lg:grid-cols-2">
          {current.map((rule) => (
            <RuleCard
              key={rule.id}
              rule={rule}
              shipFromState={shipFromState}
              kindLabel={kindLabel}
              onEdit={() => setDialog({ rule })}
              onRetire={() => setRetiring(rule)}
            />
          ))}
        </ul>
      )}
      {retired.length > 0 ? (
        <section aria-labelledby="retired-rules-title" className="mt-8">
          <h3 id="retired-rules-title" className="font-semibold text-sm text-steel-400 uppercase tracking-widest">
            Retired
          </h3>
          <ul aria-label="Retired rules" className="mt-3 grid grid-cols-1 gap-3 lg:grid-cols-2">
            {retired.map((rule) => (
              <RuleCard key={rule.id} rule={rule} shipFromState={shipFromState} kindLabel={kindLabel} />
            ))}
          </ul>
        </section>
      ) : null}
      <RuleDialog
        open={dialog !== null}
        rule={dialog?.rule ?? null}
        kinds={kinds.data ?? []}
        shipFromState={shipFromState}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={retiring !== null}
        onOpenChange={(open) => (open ? undefined : setRetiring(null))}
        title="Retire Rule"
        description="Retire this rule? It stops applying at the next Buy and stays listed under Retired. Sales already made keep the version they were allowed under."
        confirmLabel="Retire"
        pendingLabel="Retiring..."
        pending={retire.isPending}
        onConfirm={() => retiring && retire.mutate(retiring.id, { onSettled: () => setRetiring(null) })}
      />
    </div>
  );
}
