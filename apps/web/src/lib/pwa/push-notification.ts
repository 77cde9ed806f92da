import type { PushPayload } from '@vault/contracts';
import { OWN_PATH, PUSH_BODY_MAX, PUSH_TAG_MAX, PUSH_TITLE_MAX } from '@vault/contracts/push-payload-rules';

// What the service worker shows for a push, and where a tap on it leads. Pure, so the worker stays
// small (the payload is checked by the contract's zod-free rules, not its schema: zod would be
// fetched at every update check of the worker) and the rules are tested without a browser.

export interface NotificationToShow {
  title: string;
  options: { body: string; tag?: string; data: { url: string } };
}

/** Shown when a push carries nothing we can read: Chrome requires a visible notification for every push. */
export const GENERIC_NOTIFICATION: NotificationToShow = {
  title: 'The Vault',
  options: { body: 'Something new is waiting for you in the vault.', data: { url: '/show' } },
};

/** A path on our own origin, never `//host` or a scheme: PushPayload.url's rule. */
export function isOwnPath(url: unknown): url is string {
  return typeof url === 'string' && OWN_PATH.test(url) && url.length <= 2000;
}

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** The payload if it has PushPayload's shape (kind is left to the server), else undefined. */
export function readPushPayload(data: unknown): Pick<PushPayload, 'title' | 'body' | 'url' | 'tag'> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (!text(title, PUSH_TITLE_MAX) || title === '' || !text(body, PUSH_BODY_MAX) || !text(tag, PUSH_TAG_MAX))
    return undefined;
  if (!isOwnPath(url)) return undefined;
  return { title, body, url, tag };
}

/** The notification for a push's decoded JSON (or undefined when it was not JSON). */
export function notificationFor(data: unknown): NotificationToShow {
  const payload = readPushPayload(data);
  if (!payload) return GENERIC_NOTIFICATION;
  return { title: payload.title, options: { body: payload.body, tag: payload.tag, data: { url: payload.url } } };
}

/** Where a tap on a notification leads: its own path, or /show for anything else. */
export function clickTarget(notificationData: unknown): string {
  const url = (notificationData as { url?: unknown } | null | undefined)?.url;
  return isOwnPath(url) ? url : GENERIC_NOTIFICATION.options.data.url;
}
