import { z } from 'zod';
import { OWN_PATH, PUSH_BODY_MAX, PUSH_TAG_MAX, PUSH_TITLE_MAX } from './push-payload-rules';

export { PUSH_BODY_MAX, PUSH_TAG_MAX, PUSH_TITLE_MAX } from './push-payload-rules';

// Web Push: the kinds of push a member can switch on, the browser's subscription as it arrives,
// the preferences, and the small payload the service worker turns into a notification.

export const pushKinds = ['show_starting', 'hearted_next', 'won', 'shipped', 'draw_drawn'] as const;
export const PushKind = z.enum(pushKinds);
export type PushKind = z.infer<typeof PushKind>;

/** The kinds in the order of the switches, each once: how a member's kinds are stored and shown. */
export function inKindOrder(kinds: Iterable<PushKind>): PushKind[] {
  const wanted = new Set(kinds);
  return pushKinds.filter((kind) => wanted.has(kind));
}

/** The switch beside each kind on /account, in this order. */
export const pushKindLabels: Record<PushKind, string> = {
  show_starting: 'A show I asked to be reminded of is starting',
  hearted_next: 'A knife I hearted is up next',
  won: 'I won a knife',
  shipped: 'My order shipped',
  draw_drawn: 'A draw I entered was drawn',
};

/** base64url without padding, as PushSubscription.toJSON() gives its keys. */
const Base64Url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** `PushSubscription.toJSON()` as the browser gives it. */
export const BrowserPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes uncompressed, 87 base64url characters. */
    p256dh: Base64Url.length(87, 'p256dh must be an uncompressed P-256 public key'),
    /** The 16-byte authentication secret: 22 base64url characters. */
    auth: Base64Url.length(22, 'auth must be a 16-byte secret'),
  }),
});
export type BrowserPushSubscription = z.infer<typeof BrowserPushSubscription>;

/** POST /api/push/subscriptions: the subscription plus the kinds wanted (the member's switches). */
export const SubscribePushBody = BrowserPushSubscription.extend({
  kinds: z.array(PushKind).max(pushKinds.length).optional(),
});
export type SubscribePushBody = z.infer<typeof SubscribePushBody>;

/** DELETE /api/push/subscriptions. */
export const UnsubscribePushBody = z.object({ endpoint: z.url().max(1000) });

/** GET /api/push/public-key: the VAPID public key (base64url, uncompressed P-256). */
export const PushPublicKey = z.object({ publicKey: Base64Url });

/** GET /api/push/preferences: the member's switches and how many browsers receive them. */
export const PushPreferences = z.object({
  kinds: z.array(PushKind),
  devices: z.number().int().nonnegative(),
});
export type PushPreferences = z.infer<typeof PushPreferences>;

/** PUT /api/push/preferences. */
export const UpdatePushPreferencesBody = z.object({ kinds: z.array(PushKind).max(pushKinds.length) });

/**
 * What the service worker receives (encrypted, RFC 8291). Small and personal only as far as the
 * item's title: no name, address, price or order amount. `url` is a path on our own origin.
 */
export const PushPayload = z.object({
  kind: PushKind,
  title: z.string().max(PUSH_TITLE_MAX),
  body: z.string().max(PUSH_BODY_MAX),
  url: z.string().regex(OWN_PATH, 'a path on this origin'),
  /** Replaces an earlier notification with the same tag on the device (one per event). */
  tag: z.string().max(PUSH_TAG_MAX),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** The push routes' refusals, as the member reads them. */
export const pushMessages = {
  unavailable: 'Notifications are not available on this vault.',
  serviceRefused:
    "We can't send notifications through this browser's push service. Notifications work in Chrome, Edge, Firefox and Safari.",
};
