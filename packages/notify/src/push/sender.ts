import { createHash } from 'node:crypto';
import type { PushKind, PushPayload } from '@vault/contracts';
import webpush from 'web-push';
import { isAllowedPushEndpoint, pushEndpointHost } from './endpoint';
import type { VapidSettings } from './vapid';

/** The browser a push goes to: a push_subscriptions row's endpoint and keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  kind: PushKind;
  payload: PushPayload;
  /** Seconds the push service may hold it for an offline device: what is left of the row's life. */
  ttlSeconds: number;
  /** The event's dedupe key: a resend of the same event replaces the held one rather than adding a second. */
  dedupeKey: string;
}

export type PushSendOutcome =
  | { status: 'sent' }
  /** 404/410: the browser unsubscribed or the subscription expired. It will never take a push again. */
  | { status: 'gone'; statusCode: number }
  /** 429, 5xx, a network error or the deadline: worth another try, after `retryAfterMs` when the service named it. */
  | { status: 'retry'; reason: string; retryAfterMs?: number }
  /** Any other refusal (400 malformed, 403 wrong VAPID key, 413 too large), or an endpoint we do not send to. */
  | { status: 'failed'; reason: string };

export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushSendOutcome>;
}

/** The longest one push may take, connect to answer: a push service that hangs must not hold a delivery lane. */
export const SEND_DEADLINE_MS = 10_000;

/** A push that could change the member's next minutes is worth waking a phone for; the rest can wait for a convenient moment. */
const HIGH_URGENCY: ReadonlySet<PushKind> = new Set(['won', 'hearted_next', 'draw_drawn']);

/**
 * The Topic header (RFC 8030 §5.4): at most 32 base64url characters. A hash of the event's dedupe
 * key, so the same event sent twice (a lease that ran out mid-send) replaces itself at the push
 * service, and says nothing of what it is about.
 */
export function pushTopic(dedupeKey: string): string {
  return createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32);
}

/**
 * Sends pushes with web-push: it signs the VAPID JWT (aud = the endpoint's origin, 12 h expiry)
 * and encrypts the payload (aes128gcm, RFC 8291); we POST the request it describes with our own
 * fetch, under SEND_DEADLINE_MS, and sort the answer into what the deliverer does next.
 */
export function createPushSender(settings: VapidSettings): PushSender {
  const vapidDetails = { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };
  return {
    async send(target, message) {
      // Checked again here: a row written before PUSH_SERVICE_HOSTS changed is not trusted.
      if (!isAllowedPushEndpoint(target.endpoint, settings.serviceHosts)) {
        return {
          status: 'failed',
          reason: `endpoint host ${pushEndpointHost(target.endpoint)} is not a listed push service`,
        };
      }
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message.payload),
        {
          vapidDetails,
          TTL: Math.max(0, Math.floor(message.ttlSeconds)),
          urgency: HIGH_URGENCY.has(message.kind) ? 'high' : 'normal',
          topic: pushTopic(message.dedupeKey),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch sets the length of the body itself.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      let response: Response;
      try {
        response = await fetch(target.endpoint, {
          method: 'POST',
          headers,
          // A Uint8Array view: every lib.dom and undici typing takes it, where a Buffer is refused by some.
          body: new Uint8Array(request.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(SEND_DEADLINE_MS),
        });
        // The body is only ever an explanation; read it (bounded by the same deadline) to free the connection.
        await response.text().catch(() => '');
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        return { status: 'retry', reason: timedOut ? `no answer within ${SEND_DEADLINE_MS} ms` : networkReason(error) };
      }
      return outcomeOf(response);
    },
  };
}

function outcomeOf(response: Response): PushSendOutcome {
  const code = response.status;
  if (code >= 200 && code < 300) return { status: 'sent' };
  if (code === 404 || code === 410) return { status: 'gone', statusCode: code };
  if (code === 429 || code >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return { status: 'retry', reason: `HTTP ${code}`, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  return { status: 'failed', reason: `HTTP ${code}` };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function networkReason(error: unknown): string {
  // undici puts the system error (ECONNREFUSED, ENOTFOUND) in `cause`.
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
