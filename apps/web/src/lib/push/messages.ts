import { pushMessages } from '@vault/contracts';
import type { UnsupportedReason } from './support';

// Every sentence the push settings say about this device and about what went wrong: what the
// member reads instead of an error. Email is never affected, and the sentences say so.

/** Where push stands on this device. */
export type DeviceState =
  | { state: 'unsupported'; reason: UnsupportedReason }
  | { state: 'denied' }
  | { state: 'off' }
  | { state: 'on' };

/** Why turning notifications on or off did not happen. */
export type PushFailure =
  | UnsupportedReason
  /** The browser (or the member, earlier) blocked notifications for this site. */
  | 'denied'
  /** The permission question was closed without an answer. */
  | 'dismissed'
  /** The service worker never became ready within its deadline. */
  | 'no-worker'
  /** The browser's push service refused or did not answer in time. */
  | 'push-service'
  /** Our server refuses this browser's push service (push_service_refused). */
  | 'refused'
  /** Push is not configured or not working on the server (push_unavailable). */
  | 'unavailable'
  /** The vault could not be reached. */
  | 'network'
  /** The vault answered with another error. */
  | 'server'
  /** The browser would not drop its subscription. */
  | 'not-turned-off';

export const IOS_HOME_SCREEN =
  'On iPhone and iPad, add the vault to your Home Screen first (Share → Add to Home Screen), then turn notifications on there.';
export const DENIED = "Notifications are blocked for this site in your browser settings. We'll keep emailing you.";
export const PUSH_SERVICE =
  "This browser could not reach its push service, so notifications can't be turned on here right now. Try again later; we'll keep emailing you.";
export const EMAILS_CONTINUE = 'Emails continue either way.';
const KEEP_EMAILING = "We'll keep emailing you.";
export const APPLIES_EVERYWHERE = 'Applies to every device where notifications are on.';
/** What push is for, said before the browser asks; `switchesHere` where the switches are beside it (/account). */
export const explanation = (switchesHere: boolean) =>
  `We'll tap you on the shoulder when a show you asked about starts, a knife you hearted is next, you win, your order ships, or a draw you entered is drawn. Your browser will ask for permission next. You can turn each one off ${switchesHere ? 'here' : 'on your account page'}.`;

const unsupported: Record<UnsupportedReason, string> = {
  'ios-home-screen': IOS_HOME_SCREEN,
  'ios-too-old': "Notifications on iPhone and iPad need iOS 16.4 or later. We'll keep emailing you.",
  browser: "This browser can't show notifications from the vault. We'll keep emailing you.",
};

/** One sentence on where push stands on this device. */
export function deviceSentence(device: DeviceState): string {
  switch (device.state) {
    case 'unsupported':
      return unsupported[device.reason];
    case 'denied':
      return DENIED;
    case 'off':
      return 'Notifications are off on this device.';
    case 'on':
      return 'Notifications are on for this device.';
  }
}

/** How many of the member's browsers receive pushes, in words. */
export function devicesSentence(devices: number): string {
  if (devices === 0) return 'None of your devices receive notifications yet.';
  return devices === 1 ? 'Notifications reach 1 of your devices.' : `Notifications reach ${devices} of your devices.`;
}

/** What the member reads when turning notifications on or off did not happen. */
export function failureSentence(failure: PushFailure, serverMessage?: string): string {
  switch (failure) {
    case 'ios-home-screen':
    case 'ios-too-old':
    case 'browser':
      return unsupported[failure];
    case 'denied':
      return DENIED;
    case 'dismissed':
      return 'The permission question was closed without an answer, so notifications stay off. Try again whenever you like.';
    case 'no-worker':
      return "The vault's background helper hasn't started in this browser, so notifications can't be turned on. Reload the page and try again.";
    case 'push-service':
      return PUSH_SERVICE;
    // The server's own refusals (contracts), with what still reaches the member.
    case 'refused':
      return `${pushMessages.serviceRefused} ${KEEP_EMAILING}`;
    case 'unavailable':
      return `${pushMessages.unavailable} ${KEEP_EMAILING}`;
    case 'network':
      return 'Could not reach the vault. Check your connection and try again.';
    case 'server':
      // The server's sentence ends with its own full stop.
      return `The vault could not turn notifications on: ${(serverMessage ?? 'please try again').replace(/[.!]$/, '')}.`;
    case 'not-turned-off':
      return 'This browser would not turn notifications off. Try again, or block notifications for this site in your browser settings.';
  }
}

/** The device's state from what the browser says: support, permission, and whether it holds a subscription. */
export function deviceStateOf(
  support: { supported: true } | { supported: false; reason: UnsupportedReason },
  permission: NotificationPermission,
  subscribed: boolean,
): DeviceState {
  if (!support.supported) return { state: 'unsupported', reason: support.reason };
  if (permission === 'denied') return { state: 'denied' };
  // A subscription kept after the permission was reset cannot show anything: it is off.
  return subscribed && permission === 'granted' ? { state: 'on' } : { state: 'off' };
}
