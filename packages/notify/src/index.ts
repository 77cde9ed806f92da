export { createToken, hashToken, RESET_TTL_MS, VERIFY_TTL_MS } from './account-mail';
export { createDeliverer, type Deliverer, type DeliveryOutcome } from './deliverer';
export { createEmbeddedNotifier, type EmbeddedNotifierDeps } from './embedded';
export { createMailer, type Mailer, type MailMessage, type NotifyLog } from './mailer';
export { DEFAULT_REMINDER_LEAD_SECONDS, type Notifier } from './notifier';
export { backoffMs, LEASE_MS, MAX_ATTEMPTS } from './outbox';
export { PUSH_TTL_SECONDS, PushData } from './push/data';
export { createPushDeliverer, type PushDeliverer, type PushDeliveryOutcome } from './push/deliverer';
export {
  DEFAULT_PUSH_SERVICE_HOSTS,
  isAllowedPushEndpoint,
  isCanonicalUrl,
  type PushServiceHost,
  type PushServiceHosts,
  parsePushServiceHosts,
  pushEndpointHost,
} from './push/endpoint';
export { idsOf, insertPushes, pushPayload } from './push/fan-out';
export { fanOutHeartedNext, heartedNextHook } from './push/hearted';
export { renderPush } from './push/render';
export { createPushSender, type PushSender, type PushSendOutcome, pushTopic } from './push/sender';
export {
  generateVapidKeys,
  pushEnv,
  pushRules,
  resolveVapidSettings,
  type VapidKeys,
  type VapidSettings,
  vapidPairProblem,
} from './push/vapid';
export { createQueueNotifier, jobIds, type QueueNotifierDeps } from './queue';
export {
  fanOutLaunched,
  fanOutReminders,
  type RemindersWritten,
  reminderWakeups,
  showsWithReminders,
} from './reminders';
export type { MailLinks } from './render';
export { formatMoney, formatWhen, orderNumber } from './templates';
export { type NotifyWorkerDeps, startNotifyWorker } from './worker';
