import { BrowserPushSubscription, type PushKind, PushPublicKey } from '@vault/contracts';
import { api, NetworkError, serverCode, serverMessage } from '../api-client';
import { within } from './deadline';
import { base64UrlToBytes, sameKey } from './keys';
import { type DeviceState, deviceStateOf, failureSentence, type PushFailure } from './messages';
import { pushSupport, readPushEnvironment } from './support';

// The browser half of Web Push: read where this device stands, turn it on (permission, the
// service worker, the browser's push service, then our server) and off. Nothing here throws: every
// failure comes back as the sentence the settings show. The service worker is registered by the
// app's PWA set-up; this only waits for it to be ready.

/** The member answers the browser's question: long, but not forever. */
const PERMISSION_MS = 120_000;
/** The worker installs on the first visit (precaching the shell): a few seconds at most. */
const READY_MS = 10_000;
/** A browser that cannot reach its push service can hang in subscribe() for minutes. */
export const SUBSCRIBE_MS = 15_000;
/** Reading the browser's own registration and subscription is local. */
const LOCAL_MS = 3_000;

export type PushOutcome = { ok: true; note?: string } | { ok: false; failure: PushFailure; message: string };

const failed = (failure: PushFailure, said?: string): PushOutcome => ({
  ok: false,
  failure,
  message: failureSentence(failure, said),
});

/** A failed call to our API as a failure the member can read. */
function apiFailed(error: unknown): PushOutcome {
  if (error instanceof NetworkError) return failed('network');
  const code = serverCode(error);
  if (code === 'push_service_refused') return failed('refused');
  if (code === 'push_unavailable') return failed('unavailable');
  return failed('server', serverMessage(error));
}

/** This page's service worker registration, if any (never waits for one to appear). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const found = await within(navigator.serviceWorker.getRegistration(), LOCAL_MS);
  return found.done ? found.value : undefined;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  if (!reg) return null;
  const found = await within(reg.pushManager.getSubscription(), LOCAL_MS);
  return found.done ? found.value : null;
}

/** Where push stands on this device: unsupported, denied, off or on. */
export async function readDevice(): Promise<DeviceState> {
  const support = pushSupport(readPushEnvironment());
  if (!support.supported) return deviceStateOf(support, 'default', false);
  if (Notification.permission === 'denied') return deviceStateOf(support, 'denied', false);
  return deviceStateOf(support, Notification.permission, (await currentSubscription()) !== null);
}

/** Notification.requestPermission, also where it still takes a callback (older Safari). */
function askPermission(): Promise<NotificationPermission> {
  return new Promise((resolve) => {
    const answer = Notification.requestPermission(resolve) as Promise<NotificationPermission> | undefined;
    answer?.then(resolve, () => resolve('default'));
  });
}

/**
 * Turns push on for this device with the kinds `kindsWanted` gives (the member's switches, read once
 * the permission is granted). Call it only from a tap: the browser's permission question is asked
 * first, before anything is awaited, so the tap still counts as the reason for it.
 */
export async function enablePush(kindsWanted: () => Promise<readonly PushKind[]>): Promise<PushOutcome> {
  const support = pushSupport(readPushEnvironment());
  if (!support.supported) return failed(support.reason);
  let permission = Notification.permission;
  if (permission === 'default') {
    const answer = await within(askPermission(), PERMISSION_MS);
    permission = answer.done ? answer.value : 'default';
  }
  if (permission === 'denied') return failed('denied');
  if (permission !== 'granted') return failed('dismissed');

  const ready = await within(navigator.serviceWorker.ready, READY_MS);
  if (!ready.done) return failed('no-worker');
  const pushManager = ready.value.pushManager;

  let answer: unknown;
  let kinds: readonly PushKind[];
  try {
    [answer, kinds] = await Promise.all([api.get<unknown>('/api/push/public-key'), kindsWanted()]);
  } catch (error) {
    return apiFailed(error);
  }
  const publicKey = PushPublicKey.safeParse(answer);
  if (!publicKey.success) return failed('unavailable');
  const key = base64UrlToBytes(publicKey.data.publicKey);

  // A subscription made with an earlier server key cannot be reused (subscribe() would refuse).
  const existing = await within(pushManager.getSubscription(), LOCAL_MS);
  let subscription = existing.done ? existing.value : null;
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await within(subscription.unsubscribe(), LOCAL_MS);
    subscription = null;
  }
  const made = subscription === null;
  if (!subscription) {
    const subscribed = await within(
      pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      SUBSCRIBE_MS,
      // Answered after we gave up and told the member: undo it, so the device really is off.
      (late) => void late.unsubscribe().catch(() => undefined),
    );
    if (!subscribed.done) return failed('push-service');
    subscription = subscribed.value;
  }

  const body = BrowserPushSubscription.safeParse(subscription.toJSON());
  if (!body.success) {
    if (made) await within(subscription.unsubscribe(), LOCAL_MS);
    return failed('push-service');
  }
  try {
    await api.post('/api/push/subscriptions', { ...body.data, kinds });
  } catch (error) {
    // The vault will not send to it: a subscription left behind would read as "on".
    if (made) await within(subscription.unsubscribe(), LOCAL_MS);
    return apiFailed(error);
  }
  return { ok: true };
}

/** Turns push off for this device: the browser drops its subscription and the vault forgets it. */
export async function disablePush(): Promise<PushOutcome> {
  if (!pushSupport(readPushEnvironment()).supported) return { ok: true };
  const subscription = await currentSubscription();
  if (!subscription) return { ok: true };
  const { endpoint } = subscription;
  const dropped = await within(subscription.unsubscribe(), LOCAL_MS);
  if (!dropped.done || !dropped.value) return failed('not-turned-off');
  try {
    await api.delete('/api/push/subscriptions', { endpoint });
  } catch {
    // The browser no longer accepts pushes for it, and the push service answers the vault's next
    // one with 410 Gone, after which the vault deletes it: off either way.
    return { ok: true, note: 'The vault will forget this device the next time it tries to reach it.' };
  }
  return { ok: true };
}
