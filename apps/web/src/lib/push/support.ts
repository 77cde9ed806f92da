// Whether this browser can receive Web Push from the vault, decided from a snapshot of what the
// browser exposes, so the decision itself is a pure function the unit tests can feed.

/** What the browser exposes that push depends on. */
export interface PushEnvironment {
  /** `'serviceWorker' in navigator` (false outside a secure context). */
  serviceWorker: boolean;
  /** `'PushManager' in window`. */
  pushManager: boolean;
  /** `'Notification' in window`. */
  notification: boolean;
  /** An iPhone, iPod or iPad (iPadOS reports itself as a Mac with a touch screen). */
  ios: boolean;
  /** Running as an installed app (Home Screen / standalone), not in a browser tab. */
  standalone: boolean;
}

export type UnsupportedReason =
  /** iOS Safari in a tab: Web Push is delivered only to Home Screen apps (iOS 16.4+). */
  | 'ios-home-screen'
  /** A Home Screen app on an iOS older than 16.4. */
  | 'ios-too-old'
  /** Any other browser without service workers, the Push API or notifications. */
  | 'browser';

export type PushSupport = { supported: true } | { supported: false; reason: UnsupportedReason };

export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.serviceWorker && env.pushManager && env.notification) return { supported: true };
  if (env.ios) return { supported: false, reason: env.standalone ? 'ios-too-old' : 'ios-home-screen' };
  return { supported: false, reason: 'browser' };
}

/** The snapshot of this browser (false for everything outside a browser). */
export function readPushEnvironment(): PushEnvironment {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') {
    return { serviceWorker: false, pushManager: false, notification: false, ios: false, standalone: false };
  }
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  // Safari's own flag predates the display-mode media query on iOS.
  const safariStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    ios,
    standalone: safariStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}
