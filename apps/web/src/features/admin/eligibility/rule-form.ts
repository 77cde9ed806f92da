import {
  type EligibilityEffect,
  EligibilityRuleBody,
  type EligibilityRuleView,
  eligibilityRuleMessages,
} from '@vault/contracts';
import { z } from 'zod';

// The Add/Edit rule form: its values (what the inputs hold), the body it sends (the contract's
// EligibilityRuleBody) and where a refusal is shown. Pure, so the mapping is unit-tested.

/** How the destination is chosen: everywhere, outside the ship-from state, or one state (with an optional city or ZIP prefix). */
export type RuleScope = '*' | 'interstate' | 'state';

export interface RuleFormValues {
  /** '' = all classes. */
  legalClass: string;
  scope: RuleScope;
  /** The two-letter code, when scope is 'state'. */
  state: string;
  city: string;
  zipPrefix: string;
  effectiveFrom: string;
  effectiveTo: string;
  effect: EligibilityEffect;
  value: string;
  attestations: string[];
  note: string;
  sourceUrl: string;
}

/** The effects that read a number, and the one that reads attestations: the form shows their inputs only then. */
export const usesValue = (effect: EligibilityEffect) => effect === 'min_age' || effect === 'max_blade';
export const usesAttestations = (effect: EligibilityEffect) => effect === 'needs_attestation';

export function emptyRuleForm(today: string): RuleFormValues {
  return {
    legalClass: '',
    scope: 'state',
    state: '',
    city: '',
    zipPrefix: '',
    effectiveFrom: today,
    effectiveTo: '',
    effect: 'forbid',
    value: '',
    attestations: [],
    note: '',
    sourceUrl: '',
  };
}

export function ruleFormValues(rule: EligibilityRuleView): RuleFormValues {
  const scope: RuleScope = rule.state === '*' || rule.state === 'interstate' ? rule.state : 'state';
  return {
    legalClass: rule.legalClass ?? '',
    scope,
    state: scope === 'state' ? rule.state : '',
    city: rule.city ?? '',
    zipPrefix: rule.zipPrefix ?? '',
    effectiveFrom: rule.effectiveFrom,
    effectiveTo: rule.effectiveTo ?? '',
    effect: rule.effect,
    value: rule.value ?? '',
    attestations: [...rule.attestations],
    note: rule.note,
    sourceUrl: rule.sourceUrl ?? '',
  };
}

/**
 * The body as the contract takes it. A city or ZIP prefix narrows a state, so they go only with
 * one; the value and attestations go only with the effects that read them (the inputs of the
 * others are hidden, and what they held must not ride along).
 */
export function ruleBody(values: RuleFormValues): EligibilityRuleBody {
  const inState = values.scope === 'state';
  return {
    legalClass: values.legalClass === '' ? null : (values.legalClass as EligibilityRuleBody['legalClass']),
    state: inState ? values.state : values.scope,
    city: inState ? values.city : null,
    zipPrefix: inState ? values.zipPrefix : null,
    effectiveFrom: values.effectiveFrom,
    effectiveTo: values.effectiveTo,
    effect: values.effect,
    value: usesValue(values.effect) ? values.value : null,
    attestations: usesAttestations(values.effect) ? values.attestations : [],
    note: values.note,
    sourceUrl: values.sourceUrl,
  };
}

/**
 * The form's checks: the values mapped to the body, then the contract's own schema, whose issue
 * paths are the form's field names (the scope select aside: a state's errors land on `state`).
 */
export const RuleFormSchema = z
  .object({
    legalClass: z.string(),
    scope: z.enum(['*', 'interstate', 'state']),
    state: z.string(),
    city: z.string(),
    zipPrefix: z.string(),
    effectiveFrom: z.string(),
    effectiveTo: z.string(),
    effect: z.enum(['forbid', 'min_age', 'max_blade', 'needs_attestation', 'allow']),
    value: z.string(),
    attestations: z.array(z.string()),
    note: z.string(),
    sourceUrl: z.string(),
  })
  .transform(ruleBody)
  .pipe(EligibilityRuleBody);

/**
 * Where a server refusal (`{ message }`, no field) is shown: under the field whose check says those
 * words on these values (the server runs the same schema), under the attestations when one of them
 * is no longer defined, else above the buttons (null).
 */
export function ruleFieldOf(message: string, values: RuleFormValues): keyof RuleFormValues | null {
  if (message === eligibilityRuleMessages.unknownAttestation) return 'attestations';
  const issue = RuleFormSchema.safeParse(values).error?.issues.find((i) => i.message === message);
  const field = issue?.path[0];
  return typeof field === 'string' && field in values ? (field as keyof RuleFormValues) : null;
}
