import { z } from 'zod';

// The admin audit log: who did what, when. Written by the API after every successful
// state-changing admin call (apps/api/src/audit/plugin.ts), read newest first by the Audit Log tab.

export const auditMessages = {
  limit: 'Limit must be a whole number from 1 to 200',
  before: 'Before must be an entry id',
  action: 'Action filter must be lowercase letters, dots and underscores',
} as const;

/** The kinds of thing admin actions act on: the first part of an action name ("show" of "show.start"). */
export const AUDIT_TARGETS = [
  'show',
  'show_item',
  'purchase',
  'shipment',
  'return',
  'test_product',
  'image',
  'eligibility_rule',
  'attestation_kind',
  'member_attestation',
  'legal_class',
  'user',
  // An admin's acts on a member's account (a date of birth corrected, buying suspended); the record's target is the user.
  'member',
  'payment_simulator',
] as const;

/**
 * Audit actions and how the Audit Log reads them, for the actions of the admin's member view. An
 * action missing here still reads from its parts ("member.suspend_buying" → "Suspended buying").
 */
export const memberAuditActions = {
  correctDateOfBirth: 'member.date_of_birth_correct',
  /** POST /api/admin/members/:id/buying-suspension. */
  suspendBuying: 'member.suspend_buying',
  /** DELETE /api/admin/members/:id/buying-suspension. */
  liftBuyingSuspension: 'member.lift_buying_suspension',
} as const;

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  [memberAuditActions.correctDateOfBirth]: 'Corrected date of birth',
  [memberAuditActions.suspendBuying]: 'Suspended buying',
  [memberAuditActions.liftBuyingSuspension]: 'Lifted buying suspension',
};

/**
 * GET /api/admin/audit: a page of entries older than `before` (keyset: ids only grow), at most
 * `limit`, optionally only actions starting with `action` ("show." for every show action,
 * "purchase.void" for voids alone).
 */
export const AuditQuery = z.object({
  before: z.coerce
    .number({ error: auditMessages.before })
    .int(auditMessages.before)
    .positive(auditMessages.before)
    .max(Number.MAX_SAFE_INTEGER, auditMessages.before)
    .optional(),
  limit: z.coerce
    .number({ error: auditMessages.limit })
    .int(auditMessages.limit)
    .min(1, auditMessages.limit)
    .max(200, auditMessages.limit)
    .default(50),
  action: z
    .string()
    .max(60, auditMessages.action)
    .regex(/^[a-z_.]*$/, auditMessages.action)
    .optional()
    // An empty filter (the "All actions" choice) is no filter.
    .transform((v) => (v ? v : undefined)),
});
export type AuditQuery = z.input<typeof AuditQuery>;

/**
 * One recorded admin action. `details` holds the call's path parameters (`params`), a bounded copy
 * of its body without secrets (`body`), and the id of what it created or changed when that is not
 * the target itself (`resultId`: the new item of "show.add_item").
 */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  admin: z.object({ id: z.uuid(), email: z.string() }),
  /** `<target>.<verb>`, e.g. "show.start", "purchase.void". */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `before` for the next (older) page; null when this page reached the oldest entry. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;
