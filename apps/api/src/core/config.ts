import type { EventBus } from '@vault/bus';
import type { FulfillmentSettings } from '@vault/contracts';
import type { DatabaseHandle } from '@vault/db';
import type { Mailer, VapidSettings } from '@vault/notify';
import type { Redis } from 'ioredis';
import type { AbuseLimitOverrides } from './abuse-limits';
import type { RateLimiter } from './rate-limiter';

export interface OAuthProviderConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface PaymentsConfig {
  /** simulator: the local stand-in under /sandbox/authnet; authorize.net: the real gateway. */
  mode: 'simulator' | 'authorize.net';
  env: 'sandbox' | 'production';
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
  timeoutMs: number;
  /** The simulator's daily settlement cut-off, HH:MM UTC (AUTHNET_SIM_SETTLEMENT_CUTOFF); unset: 23:00. */
  simulatorSettlementCutoff?: string;
}

export interface AppConfig {
  mode: 'embedded' | 'scaled';
  /** The app's own origin, e.g. http://localhost:3000. */
  publicUrl: string;
  serveWeb: boolean;
  webDist: string;
  /** Signs session cookies; the same on every replica. */
  sessionSecret: string;
  /** Namespace of our Redis keys (rate limits, queues, channels). */
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Without SMTP, log emails' links without their tokens (production: env's mailLinksRedacted). */
  redactMailLinks?: boolean;
  /** REMINDER_LEAD_SECONDS: how long before a launch the 'soon' reminder goes (default 15 min). */
  reminderLeadSeconds?: number;
  /** How often the embedded notifier looks for due emails (tests shorten it); default 30 s. */
  notifySweepMs?: number;
  /** How often a live show's watcher count is sampled into show_events (tests shorten it); default 10 s. */
  watcherSampleMs?: number;
  /** Abuse limits (core/abuse-limits.ts); unset groups keep the defaults. Tests lower them. */
  limits?: AbuseLimitOverrides;
  /** Configured external sign-in providers; absent ones answer "not available". */
  oauth: { google?: OAuthProviderConfig; oidc?: OAuthProviderConfig };
  payments: PaymentsConfig;
  /**
   * Web Push: the VAPID pair (VAPID_* in scaled mode, generated into secrets.json in embedded
   * mode), the JWT's subject and the push services endpoints may name (PUSH_SERVICE_HOSTS).
   * Unset or null: push is off (GET /api/push/public-key answers 503 push_unavailable).
   */
  push?: VapidSettings | null;
  /** Who may buy: the operator's minimum age and the state parcels ship from (eligibility rules). */
  eligibility?: EligibilityConfig;
  /**
   * HUMAN_FLOOR_MS: a Buy press arriving sooner than this after the item's reveal reached the member
   * (net of their link delay) is flagged as faster than a person (HUMAN_FLOOR_DEFAULT_MS when unset).
   */
  humanFloorMs?: number;
  /** Ship-by business days, the return window and the authorisation warning (DEFAULT_FULFILLMENT when unset). */
  fulfillment?: FulfillmentSettings;
}

export interface EligibilityConfig {
  minimumAge: number;
  /** Two-letter state code. */
  shipFromState: string;
}

/** What a config without its own eligibility settings gets (the env's defaults). */
export const DEFAULT_ELIGIBILITY: EligibilityConfig = { minimumAge: 18, shipFromState: 'TX' };

/** What the app is built from: opened by main.ts (or a test), closed by its owner, not by the app. */
export interface AppDeps {
  database: DatabaseHandle;
  redis: Redis | null;
  bus: EventBus;
  config: AppConfig;
  /** Defaults: SMTP or the log (createMailer in @vault/notify). */
  mailer?: Mailer;
  /** Defaults: Redis-backed when Redis is configured, else in memory. */
  rateLimiter?: RateLimiter;
}
