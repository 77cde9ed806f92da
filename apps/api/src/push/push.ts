import {
  inKindOrder,
  type PushKind,
  type PushPreferences,
  pushKinds,
  pushMessages,
  type SubscribePushBody,
} from '@vault/contracts';
import { isAllowedPushEndpoint, isCanonicalUrl, pushEndpointHost, type VapidSettings } from '@vault/notify';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import {
  countSubscriptions,
  deleteSubscription,
  findPreferences,
  savePreferences,
  saveSubscription,
  trimSubscriptions,
} from './repository';

/**
 * Browsers one member may receive pushes in: a phone, a tablet, a laptop or two, a few browsers.
 * Past it the oldest goes, so a script subscribing over and over cannot make one event cost us
 * thousands of pushes, and a member never has to clean up a browser they no longer use.
 */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

/** Stored as the browser sent it, cut to the column: only to tell a member's devices apart. */
const USER_AGENT_MAX = 300;

const UNAVAILABLE = new AppError(503, 'push_unavailable', pushMessages.unavailable);
const REFUSED = new AppError(400, 'push_service_refused', pushMessages.serviceRefused);

type PushDeps = Pick<ServiceDeps, 'db' | 'config' | 'log'>;

/** The install's VAPID settings, or 503 when push is off. */
function settingsOf(deps: Pick<ServiceDeps, 'config'>): VapidSettings {
  const push = deps.config.push;
  if (!push) throw UNAVAILABLE;
  return push;
}

/** What the browser's subscribe() needs as applicationServerKey. Public: it is in every push's header anyway. */
export function publicKey(deps: Pick<ServiceDeps, 'config'>): { publicKey: string } {
  return { publicKey: settingsOf(deps).publicKey };
}

/** The latest a browser's expirationTime may name (9999-12-31): past it, or before 1970, it is not a time. */
const LATEST_EXPIRATION_MS = 253_402_300_799_999;

/** The browser's expirationTime (ms since 1970), kept only when it is a time Postgres can store. */
function expirationOf(ms: number | null | undefined): Date | null {
  return ms != null && Number.isFinite(ms) && ms >= 0 && ms <= LATEST_EXPIRATION_MS ? new Date(ms) : null;
}

export async function preferences(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<PushPreferences> {
  const [kinds, devices] = await Promise.all([findPreferences(deps.db, userId), countSubscriptions(deps.db, userId)]);
  return { kinds: kinds ? inKindOrder(kinds) : [...pushKinds], devices };
}

/**
 * Turns push on in this browser. The endpoint must be a push service this install sends to: our
 * server POSTs to it at every event, so any other address would be a request made on a member's
 * behalf to wherever they like. `kinds`, when sent, replaces the member's switches.
 */
export async function subscribe(
  deps: PushDeps,
  userId: string,
  body: SubscribePushBody,
  userAgent: string | undefined,
): Promise<PushPreferences> {
  const { serviceHosts } = settingsOf(deps);
  const host = pushEndpointHost(body.endpoint);
  if (!isAllowedPushEndpoint(body.endpoint, serviceHosts)) {
    deps.log.warn({ userId, host }, 'push subscription refused: not a push service this install sends to');
    throw REFUSED;
  }
  const dropped = await withTransaction(deps.db, async (trx) => {
    await saveSubscription(trx, {
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      expirationTime: expirationOf(body.expirationTime),
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    if (body.kinds) await savePreferences(trx, userId, inKindOrder(body.kinds));
    return trimSubscriptions(trx, userId, body.endpoint, MAX_SUBSCRIPTIONS_PER_MEMBER);
  });
  // The host only: the rest of an endpoint is the browser's address for pushes, a secret of sorts.
  deps.log.info({ userId, host, dropped }, 'push subscription saved');
  return preferences(deps, userId);
}

/** Turns push off in this browser. Idempotent: an endpoint that is not the member's is left alone. */
export async function unsubscribe(deps: PushDeps, userId: string, endpoint: string): Promise<void> {
  // Subscribing stores canonical URLs only: any other string names nothing (and a NUL in it would
  // be refused by the database).
  if (!isCanonicalUrl(endpoint)) return;
  const removed = await deleteSubscription(deps.db, userId, endpoint);
  if (removed) deps.log.info({ userId, host: pushEndpointHost(endpoint) }, 'push subscription removed');
}

export async function setPreferences(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  kinds: readonly PushKind[],
): Promise<PushPreferences> {
  await savePreferences(deps.db, userId, inKindOrder(kinds));
  return preferences(deps, userId);
}
