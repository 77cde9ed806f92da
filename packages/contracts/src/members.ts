import { z } from 'zod';
import { buyMessages } from './buy';
import { AdminMemberEligibility } from './eligibility';
import { lineText } from './text';

// What members get around a show beyond the live show screen: hearts on the lineup,
// "Notify me" reminders with a calendar file, and a per-member purchase cap.

/** One item's hearts: how many members hearted it, and whether the asking member did. */
export const HeartCount = z.object({
  showItemId: z.uuid(),
  count: z.number().int().nonnegative(),
  hearted: z.boolean(),
});
export type HeartCount = z.infer<typeof HeartCount>;

/** GET /api/hearts?showId=: every item of a show's lineup, in lineup order. */
export const HeartsView = z.object({ showId: z.uuid(), items: z.array(HeartCount) });
export type HeartsView = z.infer<typeof HeartsView>;

export const HeartsQuery = z.object({ showId: z.uuid('Show not found') });
export const HeartParams = z.object({ showItemId: z.uuid(buyMessages.notFound) });

/** PUT /api/reminders/:showId and DELETE: whether the member will be emailed about the launch. */
export const ReminderView = z.object({ showId: z.uuid(), subscribed: z.boolean() });
export type ReminderView = z.infer<typeof ReminderView>;

export const ReminderParams = z.object({ showId: z.uuid('Show not found') });

/** The one-click unsubscribe link's secret (POST /api/reminders/unsubscribe). */
export const UnsubscribeToken = z
  .string({ error: 'This unsubscribe link is not valid' })
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This unsubscribe link is not valid');
export const UnsubscribeQuery = z.object({ token: UnsubscribeToken });

/** What an unsubscribe did, for the page the emailed link opens. */
export const UnsubscribeResult = z.object({ message: z.string(), showTitle: z.string().nullable() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

/** How long before a launch the first reminder goes out (the second goes at launch). */
export const REMINDER_LEAD_MINUTES = 15;

export const memberMessages = {
  reminderNotAllowed: 'Reminders are only for a show scheduled to launch',
  unsubscribed: "You won't get reminders for this show",
  alreadyUnsubscribed: 'You were already unsubscribed',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  /** The 409 of a Buy over the show's per-member cap. */
  capReached: (cap: number) => `You've reached this show's limit of ${cap} ${cap === 1 ? 'item' : 'items'} per member`,
  heartedUpNext: 'Your hearted item is up next',
} as const;

/** A show's per-member purchase cap as an admin sets it: a whole number, or null for no cap. */
export const PurchaseCap = z
  .number({ error: 'Purchase limit must be a whole number' })
  .int('Purchase limit must be a whole number')
  .min(1, 'Purchase limit must be at least 1')
  .max(1000, 'Purchase limit must be at most 1000')
  .nullable();

// An admin suspends a member's buying (presses faster than a person, a member who never pays): every
// replica refuses their Buy from memory at once, on both transports, until an admin lifts it.

export const suspensionMessages = {
  reasonRequired: "Say why this member's buying is suspended",
  reasonTooLong: 'The reason must be at most 500 characters',
} as const;

/** POST /api/admin/members/:id/buying-suspension: why (kept with the member and in the audit log). */
export const BuyingSuspensionBody = z.object({
  reason: lineText({ error: suspensionMessages.reasonRequired })
    .trim()
    .min(1, suspensionMessages.reasonRequired)
    .max(500, suspensionMessages.reasonTooLong),
});
export type BuyingSuspensionBody = z.infer<typeof BuyingSuspensionBody>;

/** A suspension in force: since when, and the admin's reason. */
export const BuyingSuspension = z.object({ at: z.iso.datetime(), reason: z.string() });
export type BuyingSuspension = z.infer<typeof BuyingSuspension>;

/**
 * What an admin sees of a member (GET /api/admin/members/:id/eligibility and the answers of the
 * corrections): their eligibility facts and whether their buying is suspended (null: it is not).
 */
export const AdminMemberView = AdminMemberEligibility.extend({ buyingSuspended: BuyingSuspension.nullable() });
export type AdminMemberView = z.infer<typeof AdminMemberView>;
