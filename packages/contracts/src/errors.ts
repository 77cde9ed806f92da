import { z } from 'zod';

/**
 * What a client keys on when a call fails: one code per condition, the same everywhere (HTTP
 * bodies and Socket.IO acks alike). The `message` beside it is SPEC's text for a person; a
 * client never parses it. Statuses stay HTTP's: a code refines its status, it never replaces it.
 */
export const ErrorCode = z.enum([
  // The request itself
  'invalid_request',
  'payload_too_large',
  'unsupported_media_type',
  'origin_rejected',
  'not_found',
  'rate_limited',
  // Who is asking
  'not_signed_in',
  'admin_only',
  'invalid_credentials',
  'email_taken',
  'reset_link_invalid',
  'onboarding_required',
  'payment_method_required',
  'profile_required',
  // Buying
  'sold',
  'not_on_sale',
  'buy_in_progress',
  'idempotency_key_reused',
  /** The member already holds as many items of this show as its per-member cap allows. */
  'purchase_cap_reached',
  'card_declined',
  'payment_failed',
  /** One member (or one socket) pressing Buy faster than a person can: a 429, nothing was tried. */
  'too_many_presses',
  /** The operator's eligibility rules refuse this member this item (age, destination, class). */
  'not_eligible',
  /** A draw item's entry window has closed (drawMessages.closed): no entry is taken after it. */
  'draw_closed',
  /** An admin suspended this member's buying: refused on every transport until it is lifted. */
  'buying_suspended',
  // Cards and the gateway
  'card_invalid',
  'card_duplicate',
  'card_limit_reached',
  'gateway_error',
  'gateway_unavailable',
  // Shows and the admin's money calls
  /** A show command or change that its current state does not allow (another show live, …). */
  'conflict',
  /** Capture or void of a purchase whose payment is not (or no longer) authorised. */
  'not_authorized_payment',
  // After the sale
  /** A package cannot be marked shipped while any of its payments is not captured. */
  'payment_unsettled',
  /** A refund above what is left of the capture, or one the gateway cannot make yet. */
  'refund_not_allowed',
  /** A return outside the window, before delivery, or while another is in progress. */
  'return_not_allowed',
  // Web Push
  /** A subscription whose endpoint is not a push service this install sends to (it would be a request to anywhere). */
  'push_service_refused',
  /** Web Push is not configured on this install (no VAPID keys). */
  'push_unavailable',
  // The server
  'service_unavailable',
  'server_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error answer of the API: SPEC's text for a person and a code for a program. */
export const ErrorBody = z.object({ message: z.string(), code: ErrorCode });
export type ErrorBody = z.infer<typeof ErrorBody>;
