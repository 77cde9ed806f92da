import { z } from 'zod';
import { Money } from './common';
import { blockText, lineText } from './text';

// Who may buy which knife: legal classes, dates of birth, attestations, the operator's rules and
// the carriers each class may travel by. The rules are data an operator maintains with counsel;
// nothing here knows the law.

export const LEGAL_CLASSES = [
  'manual_folder',
  'assisted',
  'automatic',
  'otf_single',
  'otf_double',
  'gravity',
  'balisong',
  'fixed_blade',
  'gear',
] as const;
export const LegalClass = z.enum(LEGAL_CLASSES, { error: 'Choose a legal class' });
export type LegalClass = z.infer<typeof LegalClass>;

/** How a class reads on an item (`one`) and in a reason (`many`: "Not available …: automatic knives"). */
export const legalClassLabels: Record<LegalClass, { one: string; many: string }> = {
  manual_folder: { one: 'Manual folder', many: 'manual folding knives' },
  assisted: { one: 'Assisted opening', many: 'assisted-opening knives' },
  automatic: { one: 'Automatic (side-opener)', many: 'automatic knives' },
  otf_single: { one: 'OTF single-action', many: 'single-action OTF knives' },
  otf_double: { one: 'OTF double-action', many: 'double-action OTF knives' },
  gravity: { one: 'Gravity knife', many: 'gravity knives' },
  balisong: { one: 'Balisong', many: 'balisongs' },
  fixed_blade: { one: 'Fixed blade', many: 'fixed-blade knives' },
  gear: { one: 'Non-knife gear', many: 'non-knife gear' },
};

export const bladeLengthMessages = {
  required: 'Blade length is required (0 for gear without a blade)',
  invalid: 'Blade length must be a number of inches, with at most two decimals',
  tooLong: 'Blade length must be less than 100 inches',
} as const;
const INCHES = /^\d{1,2}(\.\d{1,2})?$/;

/** Inches as a decimal string ("3.25"); 0 for gear with no blade. Stored numeric(5,2). */
export const BladeLength = z
  .union([z.string(), z.number()], { error: bladeLengthMessages.required })
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0, bladeLengthMessages.required)
  .refine((v) => v.length === 0 || /^\d+(\.\d+)?$/.test(v), bladeLengthMessages.invalid)
  .refine((v) => !/^\d+(\.\d+)?$/.test(v) || Number(v) < 100, bladeLengthMessages.tooLong)
  .refine((v) => !/^\d+(\.\d+)?$/.test(v) || Number(v) >= 100 || INCHES.test(v), bladeLengthMessages.invalid)
  .transform((v) => Number(v).toFixed(2));

/** A blade length as the API answers it: inches with two decimals. */
export const BladeLengthView = Money;

/** What an item says about itself: its class and blade length (null on an item not yet classified). */
export const ItemLegalFacts = z.object({
  legalClass: LegalClass.nullable(),
  bladeLength: Money.nullable(),
});

export const dateOfBirthMessages = {
  required: 'Date of birth is required',
  invalid: 'Enter your date of birth as YYYY-MM-DD',
  future: 'Date of birth cannot be in the future',
  tooOld: 'Enter a date of birth after 1900',
  underAge: (minimumAge: number) => `You must be at least ${minimumAge} years old to join the vault`,
  locked: 'Your date of birth is locked after your first purchase. Ask us to correct it.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (no 2024-02-30). */
export const isCalendarDate = (value: string): boolean => {
  if (!ISO_DATE.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
};

/** Today's date in UTC, YYYY-MM-DD: the day every rule and age is judged on. */
export const todayIso = (now: number = Date.now()): string => new Date(now).toISOString().slice(0, 10);

/** Whole years from a birth date to a day (both YYYY-MM-DD): a birthday counts on its day. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A date of birth: a real past day after 1900. The minimum age is the server's (it knows the setting). */
export const DateOfBirth = z
  .string({ error: dateOfBirthMessages.required })
  .trim()
  .min(1, dateOfBirthMessages.required)
  .refine(isCalendarDate, dateOfBirthMessages.invalid)
  .refine((v) => !isCalendarDate(v) || v <= todayIso(), dateOfBirthMessages.future)
  .refine((v) => !isCalendarDate(v) || v >= '1900-01-01', dateOfBirthMessages.tooOld);

/** A rule's day: YYYY-MM-DD. */
export const RuleDate = z
  .string({ error: 'Enter a date as YYYY-MM-DD' })
  .trim()
  .refine(isCalendarDate, 'Enter a date as YYYY-MM-DD');

/** For the member asking: may they buy this item, and if not, why, in plain words. */
export const Eligibility = z.object({ ok: z.boolean(), reason: z.string().nullable() });
export type Eligibility = z.infer<typeof Eligibility>;

/** GET /api/show/eligibility: the member's eligibility for each item of the show's lineup. */
export const LineupEligibility = z.object({
  showId: z.uuid().nullable(),
  items: z.record(z.string(), Eligibility),
});
export type LineupEligibility = z.infer<typeof LineupEligibility>;

/** GET /api/eligibility/settings: what the operator set (public to members). */
export const EligibilitySettings = z.object({
  minimumAge: z.number().int(),
  shipFromState: z.string(),
});
export type EligibilitySettings = z.infer<typeof EligibilitySettings>;

export const ELIGIBILITY_EFFECTS = ['forbid', 'min_age', 'max_blade', 'needs_attestation', 'allow'] as const;
export const EligibilityEffect = z.enum(ELIGIBILITY_EFFECTS, { error: 'Choose what the rule does' });
export type EligibilityEffect = z.infer<typeof EligibilityEffect>;

/** '*': every destination; 'interstate': every destination outside the ship-from state. */
export const RuleState = z
  .string({ error: 'State is required' })
  .trim()
  .transform((v) => (v === '*' || v.toLowerCase() === 'interstate' ? v.toLowerCase() : v.toUpperCase()))
  .refine((v) => /^[A-Z]{2}$/.test(v) || v === '*' || v === 'interstate', {
    message: "State must be a two-letter code, '*' (anywhere) or 'interstate'",
  });

export const ATTESTATION_CODE = /^[a-z][a-z0-9_]{0,39}$/;
export const AttestationCode = z
  .string({ error: 'Choose an attestation' })
  .regex(ATTESTATION_CODE, 'Choose an attestation');

const optionalLine = (max: number, message: string) =>
  lineText()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const isHttpUrl = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const eligibilityRuleMessages = {
  valueForAge: 'A minimum-age rule needs the age in years (0–120)',
  valueForBlade: 'A blade-length rule needs the longest blade allowed, in inches',
  attestationsRequired: 'Choose at least one attestation that satisfies the rule',
  endsBeforeStart: 'The rule cannot end before it starts',
  noteRequired: 'Say what the rule is for (a note for whoever reads it next)',
  sourceUrl: 'The source must be an http(s) link',
  notFound: 'Rule not found',
  retired: 'This rule is retired; add a new one instead',
  unknownAttestation: 'One of the attestations is not defined',
} as const;

const ruleShape = {
  legalClass: LegalClass.nullable(),
  state: RuleState,
  city: optionalLine(40, 'City must be at most 40 characters'),
  zipPrefix: lineText()
    .trim()
    .regex(/^\d{1,5}$/, 'A ZIP prefix is 1 to 5 digits')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  effectiveFrom: RuleDate,
  effectiveTo: RuleDate.nullable()
    .optional()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  effect: EligibilityEffect,
  value: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  attestations: z.array(AttestationCode).max(10).default([]),
  note: blockText({ error: eligibilityRuleMessages.noteRequired })
    .trim()
    .min(1, eligibilityRuleMessages.noteRequired)
    .max(2000, 'Note must be at most 2000 characters'),
  sourceUrl: optionalLine(2048, eligibilityRuleMessages.sourceUrl).refine(
    (v) => v === null || isHttpUrl(v),
    eligibilityRuleMessages.sourceUrl,
  ),
};

type RuleFields = {
  effect: EligibilityEffect;
  value: string | null;
  attestations: string[];
  effectiveFrom: string;
  effectiveTo: string | null;
};

/** The cross-field rules: a value where the effect needs one, attestations for needs_attestation. */
function checkRule(rule: RuleFields, ctx: z.RefinementCtx) {
  const number = rule.value === null ? Number.NaN : Number(rule.value);
  if (rule.effect === 'min_age' && !(Number.isInteger(number) && number >= 0 && number <= 120)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: eligibilityRuleMessages.valueForAge });
  }
  if (rule.effect === 'max_blade' && !(/^\d{1,2}(\.\d{1,2})?$/.test(rule.value ?? '') && number >= 0)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: eligibilityRuleMessages.valueForBlade });
  }
  if (rule.effect === 'needs_attestation' && rule.attestations.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['attestations'], message: eligibilityRuleMessages.attestationsRequired });
  }
  if (rule.effectiveTo !== null && rule.effectiveTo < rule.effectiveFrom) {
    ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: eligibilityRuleMessages.endsBeforeStart });
  }
}

/** Drops what the effect does not use, so a stored rule carries only what it means. */
function normalise<T extends RuleFields>(rule: T): T {
  return {
    ...rule,
    value: rule.effect === 'min_age' || rule.effect === 'max_blade' ? rule.value : null,
    attestations: rule.effect === 'needs_attestation' ? rule.attestations : [],
  };
}

/** POST /api/admin/eligibility-rules and PATCH (the whole rule: an edit is a new version). */
export const EligibilityRuleBody = z.object(ruleShape).superRefine(checkRule).transform(normalise);
export type EligibilityRuleBody = z.input<typeof EligibilityRuleBody>;
export type EligibilityRuleInput = z.output<typeof EligibilityRuleBody>;

export const EligibilityRuleView = z.object({
  id: z.uuid(),
  legalClass: LegalClass.nullable(),
  state: z.string(),
  city: z.string().nullable(),
  zipPrefix: z.string().nullable(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  effect: EligibilityEffect,
  value: z.string().nullable(),
  attestations: z.array(z.string()),
  note: z.string(),
  sourceUrl: z.string().nullable(),
  /** Seeded as an example to review with counsel. */
  example: z.boolean(),
  version: z.number().int().positive(),
  retiredAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type EligibilityRuleView = z.infer<typeof EligibilityRuleView>;
export const EligibilityRuleList = z.array(EligibilityRuleView);

/** The rules, by id and version, that allowed a sale (recorded on the claim and the purchase). */
export const EligibilityBasis = z.object({
  decidedOn: z.string(),
  minimumAge: z.number().int(),
  rules: z.array(z.object({ id: z.uuid(), version: z.number().int() })),
});
export type EligibilityBasis = z.infer<typeof EligibilityBasis>;

export const AttestationKindView = z.object({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export type AttestationKindView = z.infer<typeof AttestationKindView>;
export const AttestationKindList = z.array(AttestationKindView);

/** GET /api/attestation-kinds: an active kind with the statement a member confirms to record it. */
export const OfferedAttestationKind = AttestationKindView.extend({ statement: z.string() });
export type OfferedAttestationKind = z.infer<typeof OfferedAttestationKind>;
export const OfferedAttestationKindList = z.array(OfferedAttestationKind);

/** POST /api/admin/attestation-kinds (create) and PATCH /:code (label, description, active). */
export const AttestationKindBody = z.object({
  code: AttestationCode,
  label: lineText().trim().min(1, 'Label is required').max(80, 'Label must be at most 80 characters'),
  description: blockText().trim().max(500, 'Description must be at most 500 characters').default(''),
  active: z.boolean().default(true),
});
export const AttestationKindUpdateBody = AttestationKindBody.omit({ code: true }).partial();

export const MemberAttestationView = z.object({
  id: z.uuid(),
  kind: z.string(),
  label: z.string(),
  statement: z.string(),
  attestedAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  revokeReason: z.string().nullable(),
});
export type MemberAttestationView = z.infer<typeof MemberAttestationView>;
export const MemberAttestationList = z.array(MemberAttestationView);

/** POST /api/attestations: the member confirms the kind's statement as shown to them. */
export const RecordAttestationBody = z.object({
  kind: AttestationCode,
  confirm: z.literal(true, { error: 'Tick the box to confirm the statement' }),
});

/** POST /api/admin/attestations/:id/revoke */
export const RevokeAttestationBody = z.object({
  reason: lineText().trim().min(1, 'Say why it is revoked').max(500, 'Reason must be at most 500 characters'),
});

export const attestationMessages = {
  unknownKind: 'That attestation is not offered',
  alreadyRecorded: 'You have already recorded this attestation',
  notFound: 'Attestation not found',
  alreadyRevoked: 'This attestation was already revoked',
  kindExists: 'An attestation with this code already exists',
  kindNotFound: 'Attestation kind not found',
  /** The statement a member confirms, in the kind's words. */
  statement: (label: string) =>
    `I certify that this applies to me: ${label}. I understand the vault relies on it to sell restricted items to me, and that a false statement may be unlawful.`,
} as const;

export const CARRIERS = ['usps', 'ups', 'fedex', 'dhl'] as const;
export const Carrier = z.enum(CARRIERS, { error: 'Choose a carrier' });
export type Carrier = z.infer<typeof Carrier>;
export const carrierLabels: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL' };

/** Classes the Postal Service does not carry for the public (USPS Publication 52 §442). */
export const NOT_BY_USPS: readonly LegalClass[] = ['automatic', 'otf_single', 'otf_double', 'gravity', 'balisong'];
export const classShippingMessages = {
  notByUsps: (legalClass: LegalClass) =>
    `USPS does not carry ${legalClassLabels[legalClass].many}: choose another carrier`,
} as const;

/** Which carriers a class may travel by, and above what value a parcel needs an adult signature. */
export const ClassShippingView = z.object({
  legalClass: LegalClass,
  carriers: z.array(Carrier).min(1, 'Choose at least one carrier'),
  adultSignatureOver: Money.nullable(),
});
export type ClassShippingView = z.infer<typeof ClassShippingView>;
export const ClassShippingList = z.array(ClassShippingView);
export const ClassShippingBody = z.object({
  carriers: z.array(Carrier).min(1, 'Choose at least one carrier'),
  adultSignatureOver: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, 'Enter an amount like 250.00, or leave it empty')
    .transform((v) => Number(v).toFixed(2))
    .nullable(),
});

/** GET/PUT /api/admin/members/:id/eligibility: what an admin sees and corrects. */
export const AdminMemberEligibility = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  hasPurchased: z.boolean(),
  attestations: MemberAttestationList,
});
export type AdminMemberEligibility = z.infer<typeof AdminMemberEligibility>;
export const AdminMemberSearchQuery = z.object({
  email: lineText().trim().min(3, 'Type at least 3 characters of the email').max(254),
});
export const AdminMemberSummaryList = z.array(
  z.object({
    id: z.uuid(),
    email: z.string(),
    fullName: z.string().nullable(),
    /** An admin suspended their buying (the member view says when and why). */
    buyingSuspended: z.boolean(),
  }),
);
export const AdminDateOfBirthBody = z.object({ dateOfBirth: DateOfBirth });
export const adminMemberMessages = { notFound: 'Member not found' } as const;

export const eligibilityMessages = {
  /** The 403 a refused press gets when no rule-specific reason applies. */
  notEligible: 'You cannot buy this item',
  unclassified: 'This item is not classified for sale yet',
  needsDateOfBirth: 'Add your date of birth in your account to buy knives',
  needsAddress: 'Add your shipping address in your account to buy knives',
} as const;
