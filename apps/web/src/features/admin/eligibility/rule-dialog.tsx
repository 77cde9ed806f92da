import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AttestationKindView,
  ELIGIBILITY_EFFECTS,
  type EligibilityEffect,
  type EligibilityRuleView,
  LEGAL_CLASSES,
  legalClassLabels,
  todayIso,
} from '@vault/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { useSaveRule } from './api';
import { KindChecklist } from './kind-checklist';
import {
  emptyRuleForm,
  RuleFormSchema,
  type RuleFormValues,
  ruleFieldOf,
  ruleFormValues,
  usesAttestations,
  usesValue,
} from './rule-form';

const classOptions = [
  { value: '', label: 'All classes' },
  ...LEGAL_CLASSES.map((c) => ({ value: c, label: legalClassLabels[c].one })),
];

const effectLabels: Record<EligibilityEffect, string> = {
  forbid: 'Forbidden',
  min_age: 'Minimum age',
  max_blade: 'Maximum blade length',
  needs_attestation: 'Needs one of these attestations',
  allow: 'Allowed',
};
const effectOptions = ELIGIBILITY_EFFECTS.map((effect) => ({ value: effect, label: effectLabels[effect] }));

const valueLabel = (effect: EligibilityEffect) =>
  effect === 'min_age' ? 'Minimum age (years)' : 'Longest blade allowed (in)';

/** Add or edit one rule; an edit is saved as the rule's next version. */
function RuleForm({
  rule,
  kinds,
  shipFromState,
  onDone,
}: {
  rule: EligibilityRuleView | null;
  kinds: AttestationKindView[];
  shipFromState: string | undefined;
  onDone: () => void;
}) {
  const save = useSaveRule();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RuleFormValues, unknown, ReturnType<typeof RuleFormSchema.parse>>({
    resolver: zodResolver(RuleFormSchema),
    defaultValues: rule ? ruleFormValues(rule) : emptyRuleForm(todayIso()),
  });
  const { errors } = form.formState;
  const effect = form.watch('effect');
  const scope = form.watch('scope');
  // An inactive kind stays offered on a rule that already names it, so an edit does not drop it unseen.
  const offered = kinds.filter((kind) => kind.active || rule?.attestations.includes(kind.code));

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: rule?.id ?? null, body });
      toast({
        title: rule ? `Rule saved as version ${saved.version}` : 'Rule added',
        description: 'It applies to the next Buy.',
        variant: 'success',
      });
      onDone();
    } catch (error) {
      const message = serverMessage(error) ?? 'Could not save the rule. Please try again.';
      const field = ruleFieldOf(message, form.getValues());
      if (field) form.setError(field, { message });
      else setFormError(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <SelectField
        label="Legal class"
        options={classOptions}
        error={errors.legalClass?.message}
        {...form.register('legalClass')}
      />
      <SelectField
        label="Destination"
        options={[
          { value: 'state', label: 'A state (optionally a city or ZIP prefix)' },
          { value: '*', label: 'Anywhere' },
          { value: 'interstate', label: `Outside ${shipFromState ?? 'the ship-from state'} (interstate)` },
        ]}
        {...form.register('scope')}
      />
      {scope === 'state' ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <FormField
            label="State"
            maxLength={2}
            autoCapitalize="characters"
            placeholder="CA"
            className="col-span-2 sm:col-span-1"
            error={errors.state?.message}
            {...form.register('state')}
          />
          <FormField label="City (optional)" error={errors.city?.message} {...form.register('city')} />
          <FormField
            label="ZIP prefix (optional)"
            inputMode="numeric"
            maxLength={5}
            className="col-span-2 sm:col-span-1"
            error={errors.zipPrefix?.message}
            {...form.register('zipPrefix')}
          />
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Effective from"
          type="date"
          error={errors.effectiveFrom?.message}
          {...form.register('effectiveFrom')}
        />
        <FormField
          label="Effective to (optional)"
          type="date"
          error={errors.effectiveTo?.message}
          {...form.register('effectiveTo')}
        />
      </div>
      <SelectField label="Effect" options={effectOptions} error={errors.effect?.message} {...form.register('effect')} />
      {usesValue(effect) ? (
        <FormField
          key={effect}
          label={valueLabel(effect)}
          inputMode="decimal"
          error={errors.value?.message}
          {...form.register('value')}
        />
      ) : null}
      {usesAttestations(effect) ? (
        <Controller
          control={form.control}
          name="attestations"
          render={({ field, fieldState }) => (
            <KindChecklist
              kinds={offered}
              selected={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      <TextareaField
        label="Note"
        placeholder="What the rule is for, for whoever reads it next"
        error={errors.note?.message}
        {...form.register('note')}
      />
      <FormField
        label="Source link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://…"
        error={errors.sourceUrl?.message}
        {...form.register('sourceUrl')}
      />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormActions
        onCancel={onDone}
        pending={save.isPending}
        label={rule ? 'Save Rule' : 'Add Rule'}
        pendingLabel="Saving..."
      />
    </form>
  );
}

/** Add rule (no rule) or Edit rule; the form mounts afresh at each opening. */
export function RuleDialog({
  open,
  rule,
  kinds,
  shipFromState,
  onClose,
}: {
  open: boolean;
  rule: EligibilityRuleView | null;
  kinds: AttestationKindView[];
  shipFromState: string | undefined;
  onClose: () => void;
}) {
  return (
    <DialogRoot open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogPanel
          title={rule ? 'Edit Rule' : 'Add Rule'}
          description={
            rule
              ? `Version ${rule.version}. Saving makes version ${rule.version + 1}; sales keep the version they were allowed under.`
              : 'A rule applies to the next Buy once saved.'
          }
        >
          <RuleForm rule={rule} kinds={kinds} shipFromState={shipFromState} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
